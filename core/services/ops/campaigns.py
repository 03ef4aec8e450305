"""Campaigns and coupons from the console: batches of single-use codes and CSV imports (the logic of the
`flask coupons` commands, core/services/coupon_batches.py), the codes of a campaign, and its report: codes issued,
redeemed and converted to paid (the redeeming parent has a paid subscription), by day."""

from __future__ import annotations

from typing import Any

from core.domain import errors
from core.domain.errors import DomainError
from core.domain.ops_reads import CampaignReport
from core.domain.ports.unit_of_work import UnitOfWork
from core.domain.staff import StaffMember
from core.services import coupon_batches
from core.services.context import ServiceContext
from core.services.ops.audit import record

MAX_BATCH = 10_000
MAX_LISTED = 10_000


def create(
    ctx: ServiceContext,
    staff: StaffMember,
    fields: dict[str, Any],
    count: int,
    prefix: str,
    reason: str | None,
) -> list[str]:
    try:
        template = coupon_batches.checked(coupon_batches.from_row({**fields, "code": "TEMPLATE"}))
    except (coupon_batches.BatchError, ValueError) as exc:
        raise DomainError(errors.PARAMETER_REQUIRED, field=str(exc)[:200]) from None

    def audit(uow: UnitOfWork, codes: list[str]) -> None:  # in the transaction that adds the codes
        record(
            ctx,
            uow,
            staff,
            "coupons.batch",
            target=f"campaign:{prefix or codes[0]}"[:100],
            after={
                "count": count,
                "type": template.coupon_type,
                "duration": template.duration_code,
                "product": template.product,
                "partner": template.partner,
            },
            reason=reason,
        )

    try:
        return coupon_batches.create_batch(ctx, template, count, prefix, audit)
    except (coupon_batches.BatchError, ValueError) as exc:
        raise DomainError(errors.PARAMETER_REQUIRED, field=str(exc)[:200]) from None


def import_rows(
    ctx: ServiceContext, staff: StaffMember, rows: list[dict[str, Any]], reason: str | None
) -> coupon_batches.ImportReport:
    def audit(
        uow: UnitOfWork, report: coupon_batches.ImportReport
    ) -> None:  # in the importing transaction
        record(
            ctx,
            uow,
            staff,
            "coupons.import",
            target="coupons:import",
            after={"added": report.added, "skipped": report.skipped},
            reason=reason,
        )

    return coupon_batches.import_rows(ctx, rows, audit)


def codes(ctx: ServiceContext, prefix: str) -> list[dict[str, Any]]:
    with ctx.read() as uow:
        return uow.campaigns.coupons(_prefix(prefix), MAX_LISTED)


def report(ctx: ServiceContext, prefix: str) -> CampaignReport:
    with ctx.read() as uow:
        return uow.campaigns.report(_prefix(prefix))


def _prefix(prefix: str) -> str:
    prefix = (prefix or "").strip().upper()
    if not prefix or len(prefix) > 40:
        raise DomainError(errors.PARAMETER_REQUIRED, field="prefix")
    return prefix
