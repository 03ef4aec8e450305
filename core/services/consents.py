"""Terms acceptance and promotional consent, each change kept in the consent history."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from core.domain import errors
from core.domain.accounts import Account
from core.domain.consents import PROMOTIONAL, TERMS, ConsentRecord, must_accept_terms
from core.domain.errors import DomainError
from core.domain.ports.unit_of_work import UnitOfWork
from core.services.context import ServiceContext


def record_registration(
    ctx: ServiceContext, uow: UnitOfWork, account: Account, now: datetime
) -> None:
    """The register form's terms checkbox, and its promotional checkbox when ticked."""
    assert account.id is not None and account.terms_version is not None  # stored, terms accepted
    uow.consents.add(ConsentRecord(account.id, TERMS, account.terms_version, True, now))
    if account.promo_accepted_at is not None and account.promo_consent_version is not None:
        uow.consents.add(
            ConsentRecord(account.id, PROMOTIONAL, account.promo_consent_version, True, now)
        )


def terms_in_force(ctx: ServiceContext) -> str:
    return ctx.terms.terms_version


def accept_terms(ctx: ServiceContext, account_id: int, version: str) -> ConsentsView:
    """Accept the terms in force; any other version is 400 termsVersionOutdated (reload and show them)."""
    current = ctx.terms.terms_version
    if version != current:
        raise DomainError(errors.TERMS_VERSION_OUTDATED, version=current)
    now = ctx.clock.now()
    with ctx.uow() as uow:
        account = _account(uow, account_id)
        if must_accept_terms(account.terms_version, current):
            account.terms_version, account.terms_accepted_at = current, now
            uow.accounts.save(account)
            uow.consents.add(ConsentRecord(account_id, TERMS, current, True, now))
            uow.commit()
        return view(ctx, account, uow.consents.for_account(account_id))


def set_promotional(ctx: ServiceContext, account_id: int, granted: bool) -> ConsentsView:
    """Give or withdraw consent to promotional e-mails under the wording in force; history is kept."""
    now, version = ctx.clock.now(), ctx.terms.promo_consent_version
    with ctx.uow() as uow:
        account = _account(uow, account_id)
        if (account.promo_accepted_at is not None) != granted or (
            granted and account.promo_consent_version != version
        ):
            account.promo_accepted_at = now if granted else None
            account.promo_consent_version = version if granted else None
            uow.accounts.save(account)
            uow.consents.add(ConsentRecord(account_id, PROMOTIONAL, version, granted, now))
            uow.commit()
        return view(ctx, account, uow.consents.for_account(account_id))


@dataclass(frozen=True)
class TermsState:
    version: str  # in force
    accepted_version: str | None
    accepted_at: datetime | None
    must_accept: bool


@dataclass(frozen=True)
class PromotionalState:
    granted: bool
    version: str | None  # the wording the parent agreed to
    granted_at: datetime | None
    current_version: str  # the wording in force


@dataclass(frozen=True)
class ConsentsView:
    """The consents answer (read model; bff/resources/consents/schemas.py names it)."""

    terms: TermsState
    promotional: PromotionalState
    history: list[ConsentRecord]  # oldest first


def consents_view(ctx: ServiceContext, account_id: int) -> ConsentsView:
    with ctx.uow() as uow:
        return view(ctx, _account(uow, account_id), uow.consents.for_account(account_id))


def view(ctx: ServiceContext, account: Account, history: list[ConsentRecord]) -> ConsentsView:
    return ConsentsView(
        terms=TermsState(
            version=ctx.terms.terms_version,
            accepted_version=account.terms_version,
            accepted_at=account.terms_accepted_at,
            must_accept=must_accept_terms(account.terms_version, ctx.terms.terms_version),
        ),
        promotional=PromotionalState(
            granted=account.promo_accepted_at is not None,
            version=account.promo_consent_version,
            granted_at=account.promo_accepted_at,
            current_version=ctx.terms.promo_consent_version,
        ),
        history=oldest_first(history),
    )


def oldest_first(history: list[ConsentRecord]) -> list[ConsentRecord]:
    return sorted(history, key=lambda r: (r.at, r.id or 0))


def _account(uow: UnitOfWork, account_id: int) -> Account:
    account = uow.accounts.get(account_id)
    if account is None:
        raise DomainError(errors.LOGIN_NEEDED)
    return account
