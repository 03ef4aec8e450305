"""Small helpers shared by the test tiers."""

from __future__ import annotations

import re

from core.domain.accounts import client_password_hash
from core.domain.ports.messaging import Email

PASSWORD = "correct horse 42"


class RecordingMailer:
    def __init__(self) -> None:
        self.sent: list[Email] = []

    def send(self, email: Email) -> None:
        self.sent.append(email)

    def to(self, address: str) -> list[Email]:
        return [e for e in self.sent if e.to == address]

    def link(self, address: str, path: str) -> str:
        """The token of the last link to `path` mailed to `address`."""
        for email in reversed(self.to(address)):
            match = re.search(rf"{re.escape(path)}\?token=([\w-]+)", email.text)
            if match:
                return match.group(1)
        raise AssertionError(f"no {path} link mailed to {address}")


def pw(password: str = PASSWORD) -> str:
    return client_password_hash(password)


def register(client, email="parent@example.com", password=PASSWORD, **extra):
    body = {"email": email, "password": pw(password), "isTcAccepted": True, "displayName": "Ana"}
    body.update(extra)
    return client.post("/v5/accounts", json=body)


def bearer(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


def signed_up(client, email="parent@example.com", password=PASSWORD) -> str:
    response = register(client, email=email, password=password)
    assert response.status_code == 200, response.json
    return response.json["token"]


def pay(
    client,
    token,
    plan="lumo_tv_monthly_eur",
    nonce="fake-valid-nonce",
    coupon=None,
    key=None,
    **plans,
):
    headers = bearer(token)
    if key:
        headers["Idempotency-Key"] = key
    body = {
        "paymentNonce": nonce,
        "plans": {"planId": plan, **plans},
        "coupon": coupon,
        "billingName": "Ana P",
    }
    return client.post("/v5/braintree/subscription", json=body, headers=headers)


def subscriptions(client, token):
    response = client.get("/v5/subscriptions", headers=bearer(token))
    assert response.status_code == 200, response.json
    return response.json["subscriptions"]


def add_coupon(container, **fields):
    from core.domain.coupons import Coupon

    with container.services.uow() as uow:
        coupon = uow.coupons.add(Coupon(**fields))
        uow.commit()
    return coupon


def limit_requests(container, limiter=None, **limits) -> None:
    """Count the routes' requests with another rate limiter, or allow other numbers (RateLimits' names,
    the settings'): the service context's bundle, rebuilt."""
    import dataclasses

    if limiter is not None:
        container.rate_limiter = limiter
        limits["limiter"] = limiter
    container.services.rate_limits = dataclasses.replace(container.services.rate_limits, **limits)


def trial_used(ctx, account_id: int) -> None:
    """An earlier web subscription took the account's one free trial: the next purchase is charged now."""
    from datetime import timedelta

    from core.domain.subscriptions import State, Subscription

    now = ctx.clock.now()
    with ctx.uow() as uow:
        uow.subscriptions.add(
            Subscription(
                account_id=account_id,
                subscription_type="lumo_books",
                duration_code="P1M",
                store_id="lumo",
                payment_state_id=State.EXPIRED,
                end_date=now - timedelta(days=30),
                is_renewing=False,
                created_at=now - timedelta(days=90),
            )
        )
        uow.commit()
