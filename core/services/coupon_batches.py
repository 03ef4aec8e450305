"""Operator use cases: coupon batches for a partner campaign."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import datetime
from decimal import Decimal, InvalidOperation
from typing import Any

from core.domain.coupons import (
    DISCOUNT_TYPES,
    TYPES,
    Coupon,
    is_code,
    is_partner,
    normalise_code,
    parse_duration,
)
from core.domain.ports.unit_of_work import UnitOfWork
from core.services.context import ServiceContext

ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: codes are typed from paper


class BatchError(ValueError):
    pass


def checked(coupon: Coupon) -> Coupon:
    """The coupon's fields make sense, or BatchError says which one does not."""
    if coupon.coupon_type not in TYPES:
        raise BatchError(f"unknown coupon type {coupon.coupon_type!r}")
    try:
        parse_duration(coupon.duration_code)
    except ValueError:
        raise BatchError(
            f"duration must look like P3M or P14D, not {coupon.duration_code!r}"
        ) from None
    if not is_code(coupon.code):
        raise BatchError(
            f"bad code {coupon.code!r}: letters, digits, - and _, 40 at most, a letter or digit first"
        )
    if coupon.partner is not None and not is_partner(coupon.partner):
        raise BatchError(
            f"bad partner {coupon.partner!r}: letters, digits, . - and _, 50 at most, a letter or digit first"
        )
    if coupon.coupon_type in DISCOUNT_TYPES and (
        coupon.discount_price is None or coupon.plan_type not in ("P1M", "P1Y")
    ):
        raise BatchError("a discount coupon needs a discount price and a plan type (P1M or P1Y)")
    return coupon


def new_code(prefix: str = "", length: int = 10) -> str:
    body = "".join(secrets.choice(ALPHABET) for _ in range(length))
    return f"{normalise_code(prefix)}-{body}" if prefix else body


def create_batch(
    ctx: ServiceContext,
    template: Coupon,
    count: int,
    prefix: str = "",
    audit: Callable[[UnitOfWork, list[str]], None] | None = None,
) -> list[str]:
    """`audit(uow, codes)`: the operator console's entry, in the same transaction."""
    checked(replace(template, code="TEMPLATE"))
    codes: list[str] = []
    with ctx.uow() as uow:
        while len(codes) < count:
            code = new_code(prefix)
            if uow.coupons.by_code(code) is None and code not in codes:
                uow.coupons.add(replace(template, code=code, id=None))
                codes.append(code)
        if audit is not None:
            audit(uow, codes)
        uow.commit()
    return codes


@dataclass
class ImportReport:
    added: int = 0
    skipped: int = 0
    errors: list[str] = field(default_factory=list)


def import_rows(
    ctx: ServiceContext,
    rows: list[dict[str, Any]],
    audit: Callable[[UnitOfWork, ImportReport], None] | None = None,
) -> ImportReport:
    """All rows or none: a file with one bad line imports nothing and says which line. `audit(uow,
    report)`: the operator console's entry, in the importing transaction."""
    report, coupons = ImportReport(), []
    for number, row in enumerate(rows, start=2):
        try:
            coupons.append(checked(from_row(row)))
        except (BatchError, InvalidOperation, ValueError) as exc:
            report.errors.append(f"line {number}: {exc}")
    if report.errors:
        return report
    with ctx.uow() as uow:
        for coupon in coupons:
            if uow.coupons.by_code(coupon.code) is None:
                uow.coupons.add(coupon)
                report.added += 1
            else:
                report.skipped += 1
        if audit is not None:
            audit(uow, report)
        uow.commit()
    return report


def from_row(row: dict[str, Any]) -> Coupon:
    def text(key: str) -> str:
        return (row.get(key) or "").strip()

    price = text("discount_price")
    expires = text("expires_at")
    return Coupon(
        code=normalise_code(text("code")),
        coupon_type=text("coupon_type").upper(),
        duration_code=text("duration_code").upper(),
        product=text("product") or "lumo",
        discount_price=Decimal(price) if price else None,
        is_bundle_discount=text("is_bundle_discount").lower() in ("1", "true", "yes"),
        plan_type=text("plan_type").upper() or None,
        partner=text("partner") or None,
        expires_at=datetime.fromisoformat(expires) if expires else None,
    )
