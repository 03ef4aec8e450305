"""The signed link of a payment-failed e-mail (docs/billing.md#fixing-a-failed-payment).

A random token, stored only as its hash (core.domain.tokens), with the subscription's id as its payload:
it opens the payment-method update of that one subscription for its owner, without the password, and
nothing else (it is never a session: every other call still needs a login). It expires
(PAYMENT_LINK_DAYS) and is spent by the update that succeeds; a refused card leaves it usable, so the
parent can try another method.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from core.domain import errors
from core.domain.errors import DomainError
from core.domain.ports.unit_of_work import UnitOfWork
from core.domain.tokens import Purpose, StoredToken, hash_token
from core.services import sessions
from core.services.context import ServiceContext


@dataclass(frozen=True)
class LinkGrant:
    """What a live link allows: updating the payment method of `subscription_id`, owned by `account_id`."""

    account_id: int
    subscription_id: int
    token_hash: str


def issue(
    ctx: ServiceContext,
    uow: UnitOfWork,
    account_id: int,
    subscription_id: int,
    ttl: timedelta | None = None,
) -> str:
    """A new link token for the subscription, inside the caller's unit of work (committed with it)."""
    return sessions.issue_token(
        ctx,
        uow,
        account_id,
        Purpose.PAYMENT_UPDATE,
        ttl or timedelta(days=ctx.policy.payment_link_days),
        payload=str(subscription_id),
    )


def _grant(token: StoredToken | None, subscription_id: int | None) -> LinkGrant:
    if token is None or not (token.payload or "").isdigit():
        raise DomainError(errors.PAYMENT_LINK_INVALID)
    linked = int(token.payload or "0")
    if subscription_id is not None and linked != subscription_id:
        raise DomainError(errors.PAYMENT_LINK_INVALID)  # a link opens its own subscription only
    return LinkGrant(token.account_id, linked, token.token_hash)


def verify(
    ctx: ServiceContext, raw_token: str | None, subscription_id: int | None = None
) -> LinkGrant:
    """The grant of a live link (not spent by reading it); 403 paymentLinkInvalid when it is unknown, used,
    expired, or (with `subscription_id`) the link of another subscription."""
    with ctx.read() as uow:
        token = uow.tokens.live(
            hash_token(raw_token or ""), Purpose.PAYMENT_UPDATE, ctx.clock.now()
        )
    return _grant(token, subscription_id)


def consume(
    ctx: ServiceContext, uow: UnitOfWork, raw_token: str | None, subscription_id: int
) -> LinkGrant:
    """Spend the link inside the caller's unit of work (the database decides: a link is spent once);
    403 paymentLinkInvalid as `verify`."""
    token_hash, now = hash_token(raw_token or ""), ctx.clock.now()
    _grant(
        uow.tokens.live(token_hash, Purpose.PAYMENT_UPDATE, now), subscription_id
    )  # not spent if wrong
    return _grant(uow.tokens.consume(token_hash, Purpose.PAYMENT_UPDATE, now), subscription_id)
