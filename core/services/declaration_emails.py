"""The confirmation of a public declaration, in text form (docs/consumer-law.md#cancellation-page): its content,
the time it was received and the date the contract ends, in the language of the page it was made on. The same
lines make the e-mail, the PDF copy and the printable page."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from core.domain.catalogue import plan_name
from core.domain.contract_cancellations import (
    ALREADY,
    ELSEWHERE,
    OUTCOME_CANCELLED,
    OUTCOME_FAILED,
    SCHEDULED,
    UNMATCHED,
    Declaration,
)
from core.domain.ports.messaging import Email, EmailTemplates, OutboxMessage
from core.domain.ports.unit_of_work import UnitOfWork
from core.services.context import ServiceContext

if TYPE_CHECKING:
    from core.services.email_delivery import MailSetup

TOPIC = "contract_cancellation"
NS = "CancelContract.confirmation"


def content(
    templates: EmailTemplates, declaration: Declaration, language: str
) -> list[tuple[str, str]]:
    """(label, value) of what was declared, in the order of the form."""

    def t(key: str) -> str:
        return templates.text(f"{NS}.{key}", language) or key

    wanted = (
        templates.format_date(declaration.end_wanted, language)
        if declaration.end_wanted
        else t("earliest")
    )
    rows = [
        (t("received"), templates.format_datetime(declaration.received_at, language)),
        (t("termination"), t(f"terminations.{declaration.termination}")),
    ]
    if declaration.reason:
        rows.append((t("reason"), declaration.reason))
    rows += [
        (t("name"), declaration.name),
        (t("email"), declaration.email),
        (t("reference"), declaration.reference or t("none")),
        (t("endWanted"), wanted),
    ]
    return rows


def outcome_lines(
    templates: EmailTemplates,
    declaration: Declaration,
    language: str,
    public_url: str,
) -> list[str]:
    """What becomes of each contract: ends on a date, ends where it was bought, or a person will reply."""

    def t(key: str) -> str:
        return templates.text(f"{NS}.{key}", language) or key

    if (
        declaration.account_id is None
        or declaration.status == UNMATCHED
        and not any(i["action"] == OUTCOME_FAILED for i in declaration.outcome)
    ):
        return [t("unmatched")]
    lines = []
    for item in declaration.outcome:
        plan = plan_name(
            lambda key: templates.text(key, language), item["plan"], item.get("duration")
        )
        day = (
            templates.format_date(date.fromisoformat(item["endDate"]), language)
            if item.get("endDate")
            else "-"
        )
        action = item["action"]
        if action == OUTCOME_CANCELLED and item.get(
            "earlyEnd"
        ):  # docs/consumer-law-renewal.md#late-notice
            amount = templates.format_money(
                Decimal(item.get("refund") or "0"), item.get("currency") or "EUR", language
            )
            text = t("endedEarly").replace("{amount}", amount)
        elif action in (OUTCOME_CANCELLED, OUTCOME_FAILED) or (
            action == SCHEDULED and item.get("earlyEnd")
        ):
            text = t("ends")
        elif action == SCHEDULED:
            text = t("scheduled")
        elif action == ALREADY:
            text = t("already")
        elif action == ELSEWHERE:
            route = item.get("route") or {}
            where = route.get("url") or (
                f"{public_url}/{language}{route['path']}" if route.get("path") else ""
            )
            text = t("elsewhere").replace("{where}", where or t("support"))
        else:
            continue
        lines.append(text.replace("{plan}", plan).replace("{date}", day))
    return lines or [t("nothingRunning")]


def compose(
    ctx: ServiceContext,
    setup: MailSetup,
    uow: UnitOfWork,
    message: OutboxMessage,
    render: Callable[[MailSetup, OutboxMessage, str, str, dict[str, str]], Email],
) -> Email | None:
    declaration_id = message.payload.get("declaration_id")
    declaration = uow.declarations.get(declaration_id) if declaration_id is not None else None
    if declaration is None:
        return None
    language = declaration.language
    templates = setup.templates
    params: dict[str, Any] = {
        "name": declaration.name,
        "received": templates.format_datetime(declaration.received_at, language),
        "details": "\n".join(
            f"{label}: {value}" for label, value in content(templates, declaration, language)
        ),
        "outcome": "\n".join(outcome_lines(templates, declaration, language, setup.public_url)),
        "resubscribe": "",
    }
    if message.payload.get("account_copy") and declaration.account_id is not None:
        params["resubscribe"] = templates.text(f"{NS}.resubscribe", language) or ""
        params["link"] = f"{setup.public_url}/{language}/resubscribe"
    return render(setup, message, message.payload["to"], language, params)
