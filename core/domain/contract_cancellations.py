"""Public declarations to end a contract, made without logging in (docs/consumer-law.md#cancellation-page).

A declaration is stored as entered, with the time received, the page's language, the page wording's version and
the client's country; then matched to an account when the e-mail address (and the reference, if given) names one.
The console's queue (docs/operator-console.md#public-declarations) lists them by status; `kind` leaves room for
other declarations (a withdrawal) in the same queue.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any

from core.domain.renewal_rules import months_before

# Raise it whenever the page's or the e-mail's wording changes: every declaration records the one it was made on.
WORDING_VERSION = "2026-11-27"

# The console's queue lists both; a withdrawal is stored in its own table (docs/operator-console.md#public-declarations).
CANCELLATION, WITHDRAWAL = "cancellation", "withdrawal"
KINDS = (CANCELLATION, WITHDRAWAL)
TERMINATIONS = ("ordinary", "extraordinary")
MATCHED, UNMATCHED, DONE = "matched", "unmatched", "done"
STATUSES = (MATCHED, UNMATCHED, DONE)
MAX_NAME, MAX_REASON, MAX_REFERENCE = 100, 1000, 40

# What happened to each subscription of a matched account (Declaration.outcome[i]["action"]).
OUTCOME_CANCELLED = "cancelled"  # renewal stopped here; access until its end date
SCHEDULED = (
    "scheduled"  # a later end was asked: renewal stops when the period holding that date is reached
)
ALREADY = "already_cancelled"
ELSEWHERE = "elsewhere"  # a store, partner or operator ends it: the confirmation says where
OUTCOME_FAILED = "failed"  # the gateway refused; the declaration waits in the queue

_REFERENCE = re.compile(r"^(?:lumo)?(\d{1,12})$", re.I)


@dataclass
class Declaration:
    kind: str
    termination: str  # ordinary | extraordinary
    name: str
    email: str  # identifies the customer and is the address for the confirmation
    language: str
    wording_version: str
    country: str
    received_at: datetime
    status: str
    receipt_hash: (
        str  # sha256 of the receipt code the confirmation page is opened with; never the code
    )
    reason: str | None = None  # only with an extraordinary termination
    reference: str | None = None
    end_wanted: date | None = None  # None: the earliest possible date
    account_id: int | None = None
    ends_on: datetime | None = None  # the date the contract ends, when known
    outcome: list[dict[str, Any]] = field(default_factory=list)
    handled_at: datetime | None = None
    handled_by: str | None = None  # the staff member's e-mail
    handled_reason: str | None = None
    id: int | None = None


def reference_subscription_id(reference: str | None) -> int | None:
    """The subscription id a reference names: `lumo123` (the id the gateway and receipts show) or `123`."""
    match = _REFERENCE.match((reference or "").strip())
    return int(match.group(1)) if match else None


def form_problems(
    termination: str,
    name: str,
    reason: str | None,
    reference: str | None,
    end_wanted: date | None,
    today: date,
) -> dict[str, list[str]]:
    """What is wrong with the form, by field (the catalogue's parameterRequired carries it)."""
    problems: dict[str, list[str]] = {}
    if termination not in TERMINATIONS:
        problems["termination"] = [f"Must be one of: {', '.join(TERMINATIONS)}."]
    if not name or len(name) > MAX_NAME:
        problems["name"] = [f"1 to {MAX_NAME} characters."]
    if termination == "extraordinary" and not (reason or "").strip():
        problems["reason"] = ["Required for an extraordinary termination."]
    if reason and len(reason) > MAX_REASON:
        problems["reason"] = [f"At most {MAX_REASON} characters."]
    if reference and len(reference) > MAX_REFERENCE:
        problems["reference"] = [f"At most {MAX_REFERENCE} characters."]
    if end_wanted is not None and end_wanted < today:
        problems["endDate"] = ["Today or later."]
    return problems


# docs/consumer-law.md#what-is-kept: a declaration (a public cancellation or a withdrawal) is the proof that a
# contract ended; kept three years from receipt (the regular limitation period, § 195 BGB) and, like the US
# consent proof (core.domain.renewal_rules.consent_proof_until), at least a year after the contract ended.
DECLARATION_KEEP_YEARS = 3
DECLARATION_KEEP_AFTER_END_YEARS = 1


def declaration_purge_cutoffs(now: datetime) -> tuple[datetime, datetime]:
    """(received before, contract ended before): a declaration older than both may be purged at `now`."""
    return (
        months_before(now, 12 * DECLARATION_KEEP_YEARS),
        months_before(now, 12 * DECLARATION_KEEP_AFTER_END_YEARS),
    )
