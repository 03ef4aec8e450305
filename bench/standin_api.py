"""The API as the signed-in page benchmark serves it (bench/web_signed_in.py): the real application, except
that the payment client token is a Braintree-shaped one, so the web app built with the braintree-web stand-in
(tests/e2e/braintree_standin, LUMO_BRAINTREE_STANDIN=1) takes the hosted provider and loads the payment SDK's
modules the way production does — offline, with no Braintree account. The browser tests answer the same
token by intercepting the request (tests/e2e/test_payment_hosted.py); Lighthouse cannot intercept, so the
server answers it."""

from __future__ import annotations

import base64
import json

from bff import create_app as create_api

CLIENT_TOKEN_PATH = "/v4/braintree/generate-token"
CLIENT_TOKEN = base64.b64encode(
    json.dumps(
        {"version": 2, "environment": "sandbox", "authorizationFingerprint": "standin-fingerprint"}
    ).encode()
).decode()


def create_app():
    api = create_api()
    body = json.dumps({"clientToken": CLIENT_TOKEN}).encode()

    def app(environ, start_response):
        if environ.get("PATH_INFO") == CLIENT_TOKEN_PATH:
            start_response(
                "200 OK",
                [("Content-Type", "application/json"), ("Content-Length", str(len(body)))],
            )
            return [body]
        return api(environ, start_response)

    return app
