"""Ending a contract without logging in (docs/consumer-law.md#cancellation-page): store the declaration at once,
confirm it by e-mail through the outbox, and when it names one account stop its web subscriptions' renewal through
the same transition as the profile's cancel (core/services/cancellation.py). The rest waits in the console's queue
(docs/operator-console.md#public-declarations)."""

from __future__ import annotations

import hashlib
import logging
import secrets
from dataclasses import dataclass
from datetime import UTC, date, datetime, time
from typing import Any

from core.domain import errors
from core.domain.accounts import is_valid_email, normalise_email, pick_language
from core.domain.contract_cancellations import (
    ALREADY,
    DONE,
    ELSEWHERE,
    MATCHED,
    OUTCOME_CANCELLED,
    OUTCOME_FAILED,
    SCHEDULED,
    UNMATCHED,
    WORDING_VERSION,
    Declaration,
    form_problems,
    reference_subscription_id,
)
from core.domain.errors import DomainError
from core.domain.ports.messaging import OutboxMessage
from core.domain.ports.unit_of_work import UnitOfWork
from core.domain.staff import StaffMember
from core.domain.stores import cancel_route
from core.domain.subscriptions import WEB_STORE, State, Subscription, visible
from core.services import cancellation, early_end
from core.services.context import ServiceContext
from core.services.ops import audit

log = logging.getLogger(__name__)
EMAIL_TOPIC = "contract_cancellation"


@dataclass
class CancellationForm:
    termination: str
    name: str
    email: str
    reason: str | None = None
    reference: str | None = None
    end_wanted: date | None = None  # None: the earliest possible date
    language: str | None = None
    country: str = ""


@dataclass
class Receipt:
    declaration: Declaration
    code: str  # opens the confirmation page and its PDF; only its hash is stored


def receipt_hash(code: str) -> str:
    return hashlib.sha256(code.encode()).hexdigest()


def declare(ctx: ServiceContext, form: CancellationForm) -> Receipt:
    """Store the declaration and its confirmation e-mail(s) in one transaction, then stop renewal of what it names."""
    now = ctx.clock.now()
    email = normalise_email(form.email)
    name = (form.name or "").strip()
    reason = (form.reason or "").strip() or None if form.termination == "extraordinary" else None
    reference = (form.reference or "").strip() or None
    problems = form_problems(form.termination, name, reason, reference, form.end_wanted, now.date())
    if not is_valid_email(email):
        problems["email"] = ["Enter valid value"]
    if problems:
        raise DomainError(errors.PARAMETER_REQUIRED, errors=problems)
    code = secrets.token_urlsafe(18)
    with ctx.uow() as uow:
        account = uow.accounts.by_email(email)
        if account is not None and account.deleted_at is not None:
            account = None
        subs = _named(uow, account.id, reference) if account and account.id else None
        free = {  # France, L215-1: these may end on any day (core.services.early_end)
            s.id: early_end.terms(uow, s, now)
            for s in subs or []
            if account is not None
            and s.store_id == WEB_STORE
            and early_end.free_now(uow, s, account.country_code, now)
        }
        outcome = _plan(subs or [], form.end_wanted, now.date(), free)
        matched = account is not None and subs is not None
        declaration = uow.declarations.add(
            Declaration(
                kind="cancellation",
                termination=form.termination,
                reason=reason,
                name=name,
                email=email,
                reference=reference,
                end_wanted=form.end_wanted,
                language=pick_language(form.language),
                wording_version=WORDING_VERSION,
                country=form.country,
                received_at=now,
                status=MATCHED if matched else UNMATCHED,
                receipt_hash=receipt_hash(code),
                account_id=account.id if matched and account else None,
                ends_on=_ends_on(subs or [], outcome),
                outcome=outcome,
            )
        )
        # The confirmation to the address given; when it names an account, to the account's own address too,
        # with the one-click way back (a parent learns of any cancellation made in their name).
        addresses = {email: False}
        if matched and account is not None:
            addresses = {email: False, **{account.email: True}}
        for to, to_account in addresses.items():
            uow.outbox.add(
                OutboxMessage(
                    kind="email",
                    topic=EMAIL_TOPIC,
                    payload={
                        "declaration_id": declaration.id,
                        "to": to,
                        "account_copy": to_account,
                    },
                )
            )
        uow.commit()
    assert declaration.id is not None
    if matched and account is not None and account.id is not None:
        declaration = _carry_out(ctx, declaration.id, account.id, outcome) or declaration
    ctx.jobs.outbox_changed()
    return Receipt(declaration=declaration, code=code)


def _named(uow: UnitOfWork, account_id: int, reference: str | None) -> list[Subscription] | None:
    """The account's contracts the declaration names: all of them, or the one its reference names (None when
    the reference names none of them: a person must look)."""
    subs = [s for s in visible(uow.subscriptions.for_account(account_id))]
    if reference is None:
        return subs
    wanted = reference_subscription_id(reference)
    named = [s for s in subs if s.id == wanted]
    return named or None


def _plan(
    subs: list[Subscription],
    end_wanted: date | None,
    today: date,
    free: dict[int | None, early_end.EarlyEnd],
) -> list[dict[str, Any]]:
    """Per live contract: stop its renewal here, at a later period's end, or say where it is ended. One the
    parent may end at any time (`free`) ends now, or on the day asked inside its period."""
    plan = []
    for sub in subs:
        end = sub.end_date.date() if sub.end_date else None
        if end is not None and end <= today and not sub.is_renewing:
            continue  # over already
        item: dict[str, Any] = {
            "subscriptionId": sub.id,
            "plan": sub.subscription_type,
            "duration": sub.duration_code,
            "store": sub.store_id,
            "endDate": end.isoformat() if end else None,
        }
        if sub.payment_state_id == State.FREE_CAMPAIGN or not sub.is_renewing:
            item["action"] = ALREADY
        elif sub.id in free and end_wanted is not None and today < end_wanted < (end or end_wanted):
            item.update(action=SCHEDULED, endDate=end_wanted.isoformat(), earlyEnd=True)
        elif sub.id in free and (end_wanted is None or end_wanted <= today):
            # Ends now: the confirmation, which may go out before the cancellation is carried out,
            # already says so, with the refund (_carry_out then writes what was done).
            early = free[sub.id]
            item.update(
                action=OUTCOME_CANCELLED,
                endDate=today.isoformat(),
                earlyEnd=True,
                refund=str(early.refund),
                currency=early.currency,
            )
        elif sub.store_id == WEB_STORE and sub.partner != "insurance":
            later = end_wanted is not None and end is not None and end_wanted > end
            item["action"] = SCHEDULED if later else OUTCOME_CANCELLED
            if later and end_wanted is not None:
                item["endDate"] = end_wanted.isoformat()
        else:
            route = cancel_route(sub)
            item["action"] = ELSEWHERE
            item["route"] = route
        plan.append(item)
    return plan


def _ends_on(subs: list[Subscription], outcome: list[dict[str, Any]] | None = None) -> Any:
    """The latest end of the contracts; one ending early (France, L215-1) on the day asked."""
    early = {
        i["subscriptionId"]: datetime.combine(date.fromisoformat(i["endDate"]), time(), UTC)
        for i in outcome or []
        if i.get("earlyEnd") and i["action"] in (SCHEDULED, OUTCOME_CANCELLED)
    }
    ends = [early.get(s.id, s.end_date) for s in subs]
    known = [e for e in ends if e is not None]
    return max(known) if known else None


def _carry_out(
    ctx: ServiceContext, declaration_id: int, account_id: int, outcome: list[dict[str, Any]]
) -> Declaration:
    """Stop renewal through the profile's own cancel (gateway, then Event.PARENT_CANCELLED). A refusal leaves the
    declaration in the queue (status unmatched, action failed) for a person to finish."""
    failed = early_ends = False
    for item in outcome:
        if item["action"] != OUTCOME_CANCELLED:
            continue
        try:
            sub, early = cancellation.cancel_with_terms(
                ctx, account_id, item["subscriptionId"], channel="public"
            )
            if early is not None:  # France, L215-1: ended now, the unused share refunded
                item.update(
                    endDate=sub.end_date.date().isoformat() if sub.end_date else None,
                    earlyEnd=True,
                    refund=str(early.refund),
                    currency=early.currency,
                )
                early_ends = True
        except DomainError as error:
            if error.error is errors.ALREADY_CANCELLED:
                item["action"] = ALREADY
            else:
                log.warning(
                    "public cancellation %s: subscription %s not cancelled (%s)",
                    declaration_id,
                    item["subscriptionId"],
                    error.error.message,
                )
                item["action"], failed = OUTCOME_FAILED, True
    with ctx.uow() as uow:
        declaration = uow.declarations.get(declaration_id)
        assert declaration is not None
        declaration.outcome = outcome
        if failed:
            declaration.status = UNMATCHED
        if early_ends:  # an early end moved the date the contracts end
            named = [uow.subscriptions.get(i["subscriptionId"]) for i in outcome]
            declaration.ends_on = _ends_on([s for s in named if s is not None])
        uow.declarations.save(declaration)
        uow.commit()
    return declaration


def carry_out_scheduled(ctx: ServiceContext, limit: int = 200) -> int:
    """The subscription clock: a later end was asked; stop renewal once the period holding that date runs."""
    with ctx.read() as uow:
        waiting = [
            d
            for d in uow.declarations.queue(MATCHED, None, None, limit)
            if any(i["action"] == SCHEDULED for i in d.outcome)
        ]
    done = 0
    for declaration in waiting:
        due = []
        with ctx.read() as uow:
            for item in declaration.outcome:
                if item["action"] != SCHEDULED:
                    continue
                sub = uow.subscriptions.get(item["subscriptionId"])
                period_end = sub.end_date.date() if sub and sub.end_date else None
                if item.get("earlyEnd"):  # France, L215-1: on the day asked
                    if ctx.clock.now().date() >= date.fromisoformat(item["endDate"]):
                        due.append(item)
                elif (
                    sub is None
                    or period_end is None
                    or period_end >= date.fromisoformat(item["endDate"])
                ):
                    due.append(item)
        for item in due:
            item["action"] = OUTCOME_CANCELLED
        if due and declaration.id is not None and declaration.account_id is not None:
            _carry_out(ctx, declaration.id, declaration.account_id, declaration.outcome)
            done += len(due)
    return done


def find(ctx: ServiceContext, code: str) -> Declaration:
    """The declaration a receipt code opens (its confirmation page and PDF); else 404."""
    with ctx.read() as uow:
        declaration = uow.declarations.by_receipt(receipt_hash(code))
    if declaration is None:
        raise DomainError(errors.DECLARATION_NOT_FOUND)
    return declaration


# --- the console's queue (docs/operator-console.md#public-declarations) -------------------------------------


def queue(
    ctx: ServiceContext,
    status: str | None = None,
    kind: str | None = None,
    before_id: int | None = None,
    limit: int = 100,
) -> list[Declaration]:
    with ctx.read() as uow:
        return uow.declarations.queue(status, kind, before_id, limit)


def mark_handled(
    ctx: ServiceContext, staff: StaffMember, declaration_id: int, reason: str | None
) -> Declaration:
    """Close a declaration (audited with who and why); 409 if someone closed it first."""
    reason = audit.clean_reason("declaration.handled", reason)
    if not reason:
        raise DomainError(errors.REASON_REQUIRED)
    with ctx.uow() as uow:
        declaration = uow.declarations.get(declaration_id)
        if declaration is None:
            raise DomainError(errors.DECLARATION_NOT_FOUND)
        before = declaration.status
        declaration.handled_at, declaration.handled_by = ctx.clock.now(), staff.email
        declaration.handled_reason = reason
        if not uow.declarations.mark_done(declaration_id, declaration):
            raise DomainError(errors.DECLARATION_HANDLED)
        declaration.status = DONE
        audit.record(
            ctx,
            uow,
            staff,
            "declaration.handled",
            account_id=declaration.account_id,
            target=f"declaration:{declaration_id}",
            before={"status": before},
            after={"status": DONE},
            reason=reason,
        )
        uow.commit()
    return declaration
