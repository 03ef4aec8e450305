"""Withdrawing from a contract: the public page (no login) and the profile (docs/consumer-law-withdrawal.md)."""

from flask import g

from bff.auth import login_required_any_terms, rate_limited
from bff.blueprint import Blueprint
from bff.context import client_country, services
from bff.resources.withdrawals.schemas import (
    OpenWithdrawalsSchema,
    ProfileWithdrawalSchema,
    PublicWithdrawalSchema,
    WithdrawalSchema,
)
from bff.schemas import documents
from core.domain import errors
from core.domain.withdrawals import contract_reference
from core.services import withdrawals

blp = Blueprint("withdrawals", __name__, description="Withdrawal from a contract")

WITHDRAWAL_ERRORS = (
    errors.WITHDRAWAL_NOT_FOUND,
    errors.WITHDRAWAL_PERIOD_OVER,
    errors.WITHDRAWAL_INVALID,
    errors.RATE_LIMITED,
)


def _answer(answer: withdrawals.WithdrawalAnswer) -> dict:
    w = answer.withdrawal
    return {
        "id": w.id,
        "subscription_id": w.subscription_id,
        "reference": w.reference,
        "name": w.name,
        "email": w.email,
        "receivedAt": w.at.isoformat(),
        "express_request": w.express_request,
        "refundAmount": f"{w.refund_amount:.2f}",
        "currency": w.currency,
        "refundStatus": answer.refund_status,
    }


@blp.route("/v5/withdrawals", methods=["POST"])
@rate_limited("withdrawal")
@blp.arguments(PublicWithdrawalSchema)
@blp.response(200, WithdrawalSchema)
@documents(blp, *WITHDRAWAL_ERRORS)
def withdraw(data):
    """Withdraw from a contract without logging in: name, the account's e-mail address and the contract
    reference. During the 14 days after the purchase the subscription ends at once and the refund is made
    (everything, or the unused days when the parent asked to start at once); the acknowledgement is
    e-mailed. Sending the same declaration again answers the first one. 404 when the reference and address
    do not match; 400 `withdrawalPeriodOver` after the 14 days."""
    return _answer(
        withdrawals.withdraw(
            services(),
            withdrawals.WithdrawCommand(
                name=data["name"],
                email=data["email"],
                reference=data["reference"],
                language=data["language"],
                country=client_country(),
            ),
        )
    )


@blp.route("/v5/withdrawals/profile", methods=["POST"])
@login_required_any_terms
@blp.arguments(ProfileWithdrawalSchema)
@blp.response(200, WithdrawalSchema)
@documents(blp, *WITHDRAWAL_ERRORS, auth=True, terms_gate=False)
def withdraw_signed_in(data):
    """The profile's "withdraw from contract here": the signed-in parent's own subscription. Open before
    new terms are accepted, like cancelling."""
    with services().read() as uow:
        parent = uow.accounts.get(g.account_id)
    return _answer(
        withdrawals.withdraw(
            services(),
            withdrawals.WithdrawCommand(
                name=(parent.name if parent else "") or "",
                email=parent.email if parent else "",
                reference=contract_reference(data["subscriptionId"]),
                language=data["language"],
                country=client_country(),
                account_id=g.account_id,
            ),
        )
    )


@blp.route("/v5/withdrawals/open", methods=["GET"])
@login_required_any_terms
@blp.response(200, OpenWithdrawalsSchema)
@documents(blp, auth=True, terms_gate=False)
def open_contracts():
    """The signed-in parent's contracts that can be withdrawn from now, with the last moment to do so:
    the profile shows the function for these alone."""
    return {
        "contracts": [
            {"subscriptionId": sid, "reference": contract_reference(sid), "until": ends.isoformat()}
            for sid, ends in sorted(withdrawals.open_for(services(), g.account_id).items())
        ]
    }
