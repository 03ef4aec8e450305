"""Linking a TV app by PIN: the TV starts and polls, a logged-in parent claims the PIN."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from core.domain import errors
from core.domain.errors import DomainError
from core.domain.tokens import Purpose, hash_token
from core.domain.tv_links import (
    LINK_LIFETIME,
    TvLink,
    new_pin,
    new_poll_token,
    normalise_pin,
    pin_hash,
)
from core.services import sessions
from core.services.context import ServiceContext

TV_SESSION = "tv"  # the payload of a session token handed to a linked TV


@dataclass(frozen=True)
class LinkStart:
    pin: str
    link_url: str
    qr_svg: str
    expires_in: int
    poll_token: str


@dataclass(frozen=True)
class PollResult:
    token: str | None = None  # the TV's session token, once linked
    expires_in: int = 0  # seconds left to claim, while pending


def start(ctx: ServiceContext) -> LinkStart:
    now = ctx.clock.now()
    for _ in range(10):  # a clash with a live PIN is rare (live PINs / 10^6); draw again
        pin, poll = new_pin(), new_poll_token()
        link = TvLink(
            pin_hash=pin_hash(pin, ctx.tv_link.pin_pepper),
            poll_hash=hash_token(poll),
            created_at=now,
            expires_at=now + LINK_LIFETIME,
        )
        with ctx.uow() as uow:
            if uow.tv_links.add(link, now):
                uow.commit()
                url = f"{ctx.tv_link.public_url}/link?pin={pin}"
                return LinkStart(
                    pin=pin,
                    link_url=url,
                    qr_svg=ctx.qr.svg(url),
                    expires_in=int(LINK_LIFETIME.total_seconds()),
                    poll_token=poll,
                )
    raise DomainError(errors.GENERIC)


def claim(ctx: ServiceContext, account_id: int, raw_pin: str | None) -> None:
    """Link the TV showing this PIN to the parent's account. Single use: of two parents racing,
    the database lets exactly one conditional update through."""
    pin = normalise_pin(raw_pin)
    if pin is None:
        raise DomainError(errors.LINK_PIN_INVALID)
    now = ctx.clock.now()
    with ctx.uow() as uow:
        if not uow.tv_links.claim(
            pin_hash(pin, ctx.tv_link.pin_pepper), account_id, now, now + LINK_LIFETIME
        ):
            raise DomainError(errors.LINK_PIN_INVALID)
        uow.commit()


def poll(ctx: ServiceContext, raw_poll_token: str) -> PollResult:
    """Pending (seconds left), or the TV's own session token, handed over once; then 410."""
    now = ctx.clock.now()
    with ctx.uow() as uow:
        link = uow.tv_links.by_poll_hash(hash_token(raw_poll_token or ""))
        if link is None:
            raise DomainError(errors.LINK_UNKNOWN)
        if link.collected_at is not None or now >= link.expires_at:
            raise DomainError(errors.LINK_EXPIRED)
        if link.claimed_at is None:
            return PollResult(expires_in=max(1, int((link.expires_at - now).total_seconds())))
        assert link.id is not None and link.account_id is not None  # stored; claimed by an account
        if not uow.tv_links.collect(link.id, now):
            raise DomainError(errors.LINK_EXPIRED)
        token = sessions.issue_token(
            ctx,
            uow,
            link.account_id,
            Purpose.SESSION,
            timedelta(days=ctx.policy.session_days),
            payload=TV_SESSION,
        )
        uow.commit()
    return PollResult(token=token)
