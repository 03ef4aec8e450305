"""What one parent does under load (register, log in, plans, pay or redeem, validate a coupon), and the
payments caught pending by the kill of their API node, settled by the clock's sweep."""

from __future__ import annotations

from scripts.scale.client import retried
from scripts.scale.config import LB_PORT, PASSWORD


def parent(i: int, run: str) -> dict:
    source = f"127.0.{1 + i // 250}.{1 + i % 250}"
    email = f"scale-{run}-{i}@example.com"
    outcome: dict = {
        "i": i,
        "email": email,
        "registered": False,
        "subscribed": False,
        "redeemed": False,
        "retries": 0,
    }
    status, data, again = retried(
        LB_PORT,
        "POST",
        "/v5/accounts",
        {"email": email, "password": PASSWORD, "isTcAccepted": True, "displayName": "Scale"},
        source=source,
    )
    outcome["retries"] += again
    if status == 400 and again and data.get("code") == 5:
        status = 200  # the first attempt went through before its node died: the e-mail is ours
    if status != 200:
        outcome["error"] = f"register {status} {data}"
        return outcome
    outcome["registered"] = True
    status, data, again = retried(
        LB_PORT,
        "POST",
        "/v4/accounts/login",
        {"email": email, "password": PASSWORD, "countryCode": "FR"},
        source=source,
    )
    outcome["retries"] += again
    if status != 200:
        outcome["error"] = f"login {status} {data}"
        return outcome
    token = data["token"]
    status, _, again = retried(
        LB_PORT, "GET", "/v5/plans?countryCode=FR", token=token, source=source
    )
    outcome["retries"] += again
    if i % 2 == 0:
        key = f"pay-{run}-{i}"
        status, data, again = pay(token, source, key)
        outcome["retries"] += again
        if status == 409 and again and data.get("message") == "paymentInProgress":
            # Its first attempt died with API node 1 between the pending purchase and the gateway's
            # answer: the purchase stays pending until the sweep (settle_stalled_payments below).
            outcome["stalled_payment"] = key
        else:
            outcome["subscribed"] = status == 200
            if status != 200:
                outcome["error"] = f"pay {status} {data}"
    else:
        status, data, again = retried(
            LB_PORT,
            "POST",
            "/v5/coupon/redeem",
            {"coupon": "LUMO-FAMILY"},
            token=token,
            source=source,
        )
        outcome["retries"] += again
        if status == 400 and again:
            status = (
                200  # redeemed by the attempt whose answer was lost (checked in the database below)
            )
        outcome["redeemed"] = status == 200
        if status != 200:
            outcome["error"] = f"redeem {status} {data}"
    status, _, again = retried(
        LB_PORT, "GET", "/v5/coupon/validate/LUMO-HALF", token=token, source=source
    )
    outcome["retries"] += again
    outcome["token"] = token
    outcome["source"] = source
    return outcome


def pay(token: str, source: str, key: str) -> tuple[int, dict, int]:
    return retried(
        LB_PORT,
        "POST",
        "/v5/braintree/subscription",
        {
            "paymentNonce": "fake-valid-nonce",
            "plans": {"planId": "lumo_tv_monthly_eur"},
            "coupon": None,
            "billingName": "Scale Parent",
        },
        token=token,
        source=source,
        headers={"Idempotency-Key": key},
    )


def settle_stalled_payments(outcomes: list[dict], env: dict) -> int:
    """A payment caught by the SIGKILL of its API node stays pending: the clock's sweep settles it once it
    is STALE_PENDING old if the gateway has it, and fails it if not (core/services/purchase_settlement.py). The sweep
    runs here as if that time had passed; then each such parent's client asks again under the same key and,
    if that payment failed (it never reached the gateway), pays once more under a new key, as the payment
    page's "try again" does. Answers how many payments were caught."""
    stalled = [o for o in outcomes if o.get("stalled_payment")]
    if not stalled:
        return 0
    from datetime import UTC, datetime, timedelta

    from core.bootstrap import bootstrap
    from core.domain.clock import FixedClock
    from core.services.purchase_settlement import STALE_PENDING, resolve_stale_purchases
    from core.settings import from_environment

    later = FixedClock(datetime.now(UTC) + STALE_PENDING + timedelta(seconds=1))
    container = bootstrap(from_environment(env), clock=later)
    resolve_stale_purchases(container.services)
    for o in stalled:
        status, data, _ = pay(o["token"], o["source"], o["stalled_payment"])
        if status == 400 and data.get("message") == "paymentNotValid":
            status, data, _ = pay(o["token"], o["source"], f"{o['stalled_payment']}-again")
        o["subscribed"] = status == 200
        if status != 200:
            o["error"] = f"pay after the sweep {status} {data}"
    return len(stalled)
