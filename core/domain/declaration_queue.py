"""The console's queue of public declarations (docs/operator-console.md#public-declarations): cancellations and
withdrawals, each kept in its own table, read as one list of `Declaration`s with `kind` telling them apart."""

from __future__ import annotations

from core.domain.contract_cancellations import DONE, MATCHED, WITHDRAWAL, Declaration
from core.domain.withdrawals import Withdrawal

WITHDRAWN = (
    "withdrawn"  # Declaration.outcome[i]["action"] of a withdrawal: the subscription ended at once
)


def from_withdrawal(withdrawal: Withdrawal) -> Declaration:
    """A withdrawal as a queue row: always matched (it names one subscription of one account) until handled."""
    return Declaration(
        id=withdrawal.id,
        kind=WITHDRAWAL,
        termination="",
        name=withdrawal.name,
        email=withdrawal.email,
        language=withdrawal.language,
        wording_version=withdrawal.version,
        country=withdrawal.country or "",
        received_at=withdrawal.at,
        status=DONE if withdrawal.handled_at else MATCHED,
        receipt_hash="",
        reference=withdrawal.reference,
        account_id=withdrawal.account_id,
        ends_on=withdrawal.at,
        outcome=[
            {
                "subscriptionId": withdrawal.subscription_id,
                "action": WITHDRAWN,
                "channel": withdrawal.channel,
                "expressRequest": withdrawal.express_request,
                "refund": str(withdrawal.refund_amount),
                "currency": withdrawal.currency,
            }
        ],
        handled_at=withdrawal.handled_at,
        handled_by=withdrawal.handled_by,
        handled_reason=withdrawal.handled_reason,
    )


def newest_first(rows: list[Declaration], limit: int) -> list[Declaration]:
    """Both kinds in one list by the time received, newest first (ties: the later id first)."""
    return sorted(rows, key=lambda d: (d.received_at, d.id or 0), reverse=True)[:limit]
