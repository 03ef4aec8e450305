"""Verifying gateway webhooks, and the older payment calls' plan look-up."""

from __future__ import annotations

from core.domain import errors, payments
from core.domain.catalogue import currency_for
from core.domain.errors import DomainError
from core.services.context import ServiceContext
from core.services.gateway_events import apply_webhook


def receive(ctx: ServiceContext, signature: str, payload: str) -> bool:
    try:
        event = ctx.gateway.parse_webhook(signature, payload)
    except payments.InvalidWebhookSignature as exc:
        raise DomainError(errors.WEBHOOK_FORBIDDEN) from exc
    return apply_webhook(ctx, payments.screened(event))


def legacy_plan_id(ctx: ServiceContext, account_id: int, iap: str, product: str) -> str:
    """The older calls send `iap`: a plan id, or a store SKU priced in the account's currency."""
    if ctx.catalogue.find(iap):
        return iap
    with ctx.uow() as uow:
        account = uow.accounts.get(account_id)
    currency = currency_for(account.country_code if account else ctx.default_country)
    for plan in ctx.catalogue.plans(currency):
        if plan.iap == iap and plan.product == product:
            return plan.plan_id
    raise DomainError(errors.PLAN_NOT_FOUND)
