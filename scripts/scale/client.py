"""HTTP calls to the balancer or to one node, from a chosen loopback address, and the client's retries."""

from __future__ import annotations

import http.client
import json
import time


def wait_http(port: int, path: str = "/readyz", seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            status, _ = call(port, "GET", path, timeout=2)
            if status == 200:
                return
        except OSError:
            pass
        time.sleep(0.3)
    raise RuntimeError(f"nothing answers {path} on port {port}")


def call(
    port: int,
    method: str,
    path: str,
    body=None,
    token=None,
    source="127.0.0.1",
    headers=None,
    timeout=30,
) -> tuple[int, dict]:
    conn = http.client.HTTPConnection(
        "127.0.0.1", port, timeout=timeout, source_address=(source, 0)
    )
    try:
        head = {"Content-Type": "application/json", **(headers or {})}
        if token:
            head["Authorization"] = f"Bearer {token}"
        conn.request(
            method, path, body=json.dumps(body) if body is not None else None, headers=head
        )
        response = conn.getresponse()
        raw = response.read()
        try:
            data = json.loads(raw) if raw else {}
        except ValueError:
            data = {"raw": raw[:200].decode(errors="replace")}
        return response.status, data
    finally:
        conn.close()


def retried(port, method, path, body=None, token=None, source="127.0.0.1", headers=None, tries=8):
    """Connection errors and 502/503 (a node killed mid-request) are tried again, as a client would;
    the calls retried are idempotent (registration: e-mail unique; payment: Idempotency-Key)."""
    for attempt in range(tries):
        try:
            status, data = call(port, method, path, body, token, source, headers)
        except OSError:
            status, data = 0, {}
        if status not in (0, 502, 503, 504):
            return status, data, attempt
        time.sleep(0.3 * (attempt + 1))
    return status, data, tries
