"""What the scale test verifies after the load: sessions and redirect keys on either node, rate limits
shared by the nodes, the database's records against what the clients saw, the e-mails sent and received,
and the beat sending the clock once. Each check adds its figures to the summary and its failures to the list."""

from __future__ import annotations

import re
import time
from collections.abc import Sequence

from sqlalchemy import Row, text
from sqlalchemy.engine import Engine

from scripts.scale.client import call
from scripts.scale.config import (
    API_PORTS,
    CLOCK_SECONDS,
    LB_PORT,
    RATE_LIMIT,
    USERS,
    WORKERS_KILLED,
)
from scripts.scale.harness import Inbox, Node


def check_sessions_on_both_nodes(outcomes: list[dict], summary: dict, failures: list[str]) -> None:
    sample = [o for o in outcomes if o.get("token")][:10]
    sessions_ok = all(
        call(port, "GET", "/v5/subscriptions", token=o["token"])[0] == 200
        for o in sample
        for port in API_PORTS
    )
    status, key = call(
        API_PORTS[0], "GET", "/v4/users/redirect/generate-key", token=sample[0]["token"]
    )
    on_other = call(
        API_PORTS[1],
        "GET",
        f"/v4/users/redirect/verify-key?redirectKey={key['redirectKey']}",
        source="127.0.4.1",
    )[0]
    again = call(
        API_PORTS[0],
        "GET",
        f"/v4/users/redirect/verify-key?redirectKey={key['redirectKey']}",
        source="127.0.4.2",
    )[0]
    summary["sessions_valid_on_both_nodes"] = sessions_ok
    summary["redirect_key"] = {
        "made_on": "api1",
        "spent_on_api2": on_other,
        "again_on_api1": again,
    }
    if not sessions_ok:
        failures.append("a session token was refused by one of the nodes")
    if (
        status != 200 or on_other != 200 or again not in (400, 401)
    ):  # spent: refused on the other node too
        failures.append(
            f"redirect key across nodes: made {status}, spent {on_other}, reused {again}"
        )


def check_rate_limit_shared(summary: dict, failures: list[str]) -> None:
    """One address, 30 attempts through the balancer."""
    nope = "/v4/users/redirect/verify-key?redirectKey=nope"
    answers = [call(LB_PORT, "GET", nope, source="127.0.5.1")[0] for _ in range(RATE_LIMIT + 10)]
    passed, refused = sum(1 for s in answers if s != 429), answers.count(429)
    summary["rate_limit"] = {
        "limit": RATE_LIMIT,
        "attempts": len(answers),
        "passed": passed,
        "refused": refused,
    }
    if (passed, refused) != (RATE_LIMIT, 10):
        failures.append(
            f"rate limit not shared: {passed} passed, {refused} refused (limit {RATE_LIMIT})"
        )


def drain_outbox(engine: Engine) -> None:
    """Waits (at most 90 s) for every e-mail of the outbox to be delivered."""
    drain_deadline = time.monotonic() + 90
    while time.monotonic() < drain_deadline:
        with engine.connect() as c:
            pending = c.execute(
                text(
                    "SELECT count(*) FROM outbox WHERE delivered_at IS NULL "
                    "AND dead_at IS NULL AND kind = 'email'"
                )
            ).scalar()
        if pending == 0:
            break
        time.sleep(1)


def read_records(engine: Engine, run: str) -> tuple[dict, dict, dict, Sequence[Row]]:
    """This run's accounts, subscriptions and redemptions per e-mail, and the outbox's e-mails."""
    with engine.connect() as c:
        accounts: dict[str, int] = dict(
            c.execute(
                text("SELECT email, id FROM accounts WHERE email LIKE :p"),
                {"p": f"scale-{run}-%"},
            ).all()
        )
        subs: dict[str, int] = dict(
            c.execute(
                text(
                    "SELECT a.email, count(*) FROM subscriptions s JOIN accounts a "
                    "ON a.id = s.account_id WHERE a.email LIKE :p AND s.payment_state_id NOT IN "
                    "('Failed', 'Pending') GROUP BY a.email"
                ),
                {"p": f"scale-{run}-%"},
            ).all()
        )
        redemptions: dict[str, int] = dict(
            c.execute(
                text(
                    "SELECT a.email, count(*) FROM coupon_redemptions r JOIN accounts a ON a.id = r.account_id "
                    "WHERE a.email LIKE :p GROUP BY a.email"
                ),
                {"p": f"scale-{run}-%"},
            ).all()
        )
        emails = c.execute(
            text(
                "SELECT id, delivered_at IS NOT NULL, dead_at IS NOT NULL FROM outbox "
                "WHERE kind = 'email'"
            )
        ).all()
    return accounts, subs, redemptions, emails


def check_records(
    outcomes: list[dict],
    accounts: dict,
    subs: dict,
    redemptions: dict,
    summary: dict,
    failures: list[str],
) -> None:
    """Registrations, subscriptions and redemptions: what the clients saw, in the database exactly once."""
    registered = [o for o in outcomes if o["registered"]]
    paid = [o for o in outcomes if o["subscribed"]]
    redeemed = [o for o in outcomes if o["redeemed"]]
    lost_registrations = [o["email"] for o in registered if o["email"] not in accounts]
    phantom = sorted(set(accounts) - {o["email"] for o in registered})
    wrong_subs = [o["email"] for o in paid + redeemed if subs.get(o["email"]) != 1]
    extra_subs = [e for e, n in subs.items() if n > 1]
    wrong_redemptions = [o["email"] for o in redeemed if redemptions.get(o["email"]) != 1]
    summary.update(
        {
            "client_retries": sum(o["retries"] for o in outcomes),
            "errors": [o["error"] for o in outcomes if o.get("error")][:10],
            "registrations": {
                "client_saw": len(registered),
                "in_database": len(accounts),
                "lost": len(lost_registrations),
                "not_asked_for": len(phantom),
            },
            "subscriptions": {
                "paid": len(paid),
                "coupon": len(redeemed),
                "in_database": sum(subs.values()),
                "accounts_without_exactly_one": len(wrong_subs),
                "duplicated": len(extra_subs),
            },
            "redemptions": {
                "client_saw": len(redeemed),
                "in_database": sum(redemptions.values()),
                "wrong": len(wrong_redemptions),
            },
        }
    )
    if len(registered) != USERS:
        failures.append(
            f"only {len(registered)} of {USERS} registrations succeeded: {summary['errors'][:3]}"
        )
    if lost_registrations or phantom:
        failures.append(f"registrations lost {lost_registrations[:3]} or unasked {phantom[:3]}")
    if wrong_subs or extra_subs:
        failures.append(f"subscriptions not exactly one: {wrong_subs[:3]} {extra_subs[:3]}")
    if len(paid) + len(redeemed) != len(registered):
        failures.append(
            f"{len(registered) - len(paid) - len(redeemed)} parents neither paid nor redeemed"
        )
    if wrong_redemptions:
        failures.append(f"redemptions not exactly one: {wrong_redemptions[:3]}")


def check_emails(emails: Sequence[Row], inbox: Inbox, summary: dict, failures: list[str]) -> None:
    """Every e-mail of the outbox delivered and received, none twice but the one a killed worker resends."""
    delivered = {f"<outbox-{i}@lumo>" for i, ok, _ in emails if ok}
    received = inbox.message_ids
    duplicates = sorted({m for m in received if received.count(m) > 1})
    not_received = sorted(delivered - set(received))
    undelivered = [i for i, ok, dead in emails if not ok]
    summary["emails"] = {
        "outbox": len(emails),
        "delivered": len(delivered),
        "undelivered": len(undelivered),
        "received_by_smtp": len(received),
        "resent_after_worker_kill": len(duplicates),
        "delivered_not_received": len(not_received),
    }
    # A worker killed by SIGKILL inside the few milliseconds between the SMTP server's "250 OK" and the
    # delivered mark cannot have recorded the send: no protocol makes that exactly-once. It re-sends that
    # one message (same Message-ID). More than one per killed worker, or any sent three times, is a bug.
    resent_ok = len(duplicates) <= WORKERS_KILLED and all(
        received.count(m) == 2 for m in duplicates
    )
    if undelivered or not_received or not resent_ok:
        failures.append(
            f"e-mails: {len(undelivered)} undelivered, {len(duplicates)} received twice "
            f"(at most {WORKERS_KILLED} allowed), {len(not_received)} delivered but not received"
        )


def check_beat_once(
    beat: Node, workers: list[Node], beat_seconds: float, summary: dict, failures: list[str]
) -> None:
    """What the scheduler sent, and what the workers received."""
    beat_log = beat.log_path.read_text(errors="replace")
    sent = beat_log.count("Sending due task expire-subscriptions")
    worker_logs = [w.log_path.read_text(errors="replace") for w in workers]
    received_by = [
        len(re.findall(r"Task tasks\.expire_subscriptions\[[^\]]+\] received", w))
        for w in worker_logs
    ]
    expected = beat_seconds / CLOCK_SECONDS
    summary["beat"] = {
        "processes": 1,
        "seconds": round(beat_seconds, 1),
        "clock_every_s": CLOCK_SECONDS,
        "clock_sent": sent,
        "expected_about": round(expected),
        "received_by_workers": received_by,
    }
    if not (0.6 * expected <= sent <= expected + 2) or sum(received_by) < sent:
        failures.append(
            f"beat sent the clock {sent} times in {beat_seconds:.0f} s (about {expected:.0f} "
            f"expected); workers received {received_by}"
        )
