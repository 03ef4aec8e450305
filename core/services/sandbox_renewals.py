"""The sandbox's renewals for `make run` (docs/billing.md#fixing-a-failed-payment): a renewal the card on file
declines, delivered as the gateway's own signed webhook, so the parent's side can be tried end to end."""

from __future__ import annotations

from core.domain.subscriptions import State
from core.services import webhooks
from core.services.context import ServiceContext


def decline_renewal(ctx: ServiceContext, gateway: object, subscription_id: int) -> State:
    """The sandbox declines the subscription's renewal (its card on file declines from now on) and tells
    us as Braintree would (`charge_failed`): Past_Due and the payment-failed e-mail. The sandbox only:
    `gateway` is the adapter itself (Container.gateway), whose test levers are not part of the port."""
    decline = getattr(gateway, "decline_renewals", None)
    sample = getattr(gateway, "sample_notification", None)
    if decline is None or sample is None:
        raise ValueError("the sandbox gateway only (PAYMENT_GATEWAY=sandbox)")
    with ctx.read() as uow:
        sub = uow.subscriptions.get(subscription_id)
    if sub is None or not sub.gateway_id or not sub.is_renewing:
        raise ValueError(f"no renewing web subscription {subscription_id}")
    decline(sub.gateway_id)
    signature, payload = sample("charge_failed", sub.gateway_id, occurred_at=ctx.clock.now())
    webhooks.receive(ctx, signature, payload)
    with ctx.read() as uow:
        after = uow.subscriptions.get(subscription_id)
    assert after is not None  # read above
    return after.payment_state_id
