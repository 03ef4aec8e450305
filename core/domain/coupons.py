"""Coupons (docs/product.md#entities, docs/product.md#flows, docs/product.md#validation): types, durations, product scope and who may use one.

Reading of the spec, written down once: the UNIQUE_* types are single-use codes
(one redemption ever); FREE_ACCESS, DISCOUNT and STANDARD codes are campaign
codes that every account may redeem once (the carrier code YAJKM0 is one).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal

from core.domain import errors
from core.domain.catalogue import covered_apps
from core.domain.errors import DomainError

FREE_ACCESS = "FREE_ACCESS_COUPON"
UNIQUE_ACCESS = "UNIQUE_ACCESS_COUPON"
DISCOUNT = "DISCOUNT_COUPON"
UNIQUE_DISCOUNT = "UNIQUE_DISCOUNT_COUPON"
STANDARD = "STANDARD_COUPON"
UNIQUE = "UNIQUE_COUPON"
TYPES = (FREE_ACCESS, UNIQUE_ACCESS, DISCOUNT, UNIQUE_DISCOUNT, STANDARD, UNIQUE)
ACCESS_TYPES = (FREE_ACCESS, UNIQUE_ACCESS)
DISCOUNT_TYPES = (DISCOUNT, UNIQUE_DISCOUNT)
PROMO_TYPES = (
    STANDARD,
    UNIQUE,
)  # free time before the first charge; a payment method is still needed
SINGLE_USE_TYPES = (UNIQUE_ACCESS, UNIQUE_DISCOUNT, UNIQUE)

SCOPE_TV, SCOPE_BOOKS = "lumo_TV", "lumo_BOOKS"
SCOPE_ALL = "lumo_ALL"  # explicitly for the three-app bundle (code 6 otherwise)
SCOPE_ANY = "lumo"  # any other value: valid for every product

_DURATION = re.compile(
    r"^P([1-9][0-9]{0,2})([MD])$"
)  # 1 to 999 days or months: never zero (found by a property test)


# The alphabets of what an operator makes or imports (docs/operator-console.md#campaigns-and-coupons): a code
# and a partner name start with a letter or digit, so none can be a spreadsheet formula.
CODE_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$"
PARTNER_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,49}$"
_CODE = re.compile(CODE_PATTERN)
_PARTNER = re.compile(PARTNER_PATTERN)


def is_code(code: str) -> bool:
    return bool(_CODE.match(code)) and code.isascii()


def is_partner(name: str) -> bool:
    return bool(_PARTNER.match(name)) and name.isascii()


def normalise_code(raw: str | None) -> str:
    return (raw or "").strip().upper()


def parse_duration(code: str) -> tuple[int, str]:
    match = _DURATION.match(code or "")
    if not match:
        raise ValueError(f"bad coupon duration {code!r}")
    return int(match.group(1)), match.group(2)


def add_duration(start: datetime, code: str) -> datetime:
    """P{n}D adds n days; P{n}M adds n calendar months, clamped to month end."""
    n, unit = parse_duration(code)
    if unit == "D":
        return start + timedelta(days=n)
    month_index = start.month - 1 + n
    year, month = start.year + month_index // 12, month_index % 12 + 1
    for day in (start.day, 30, 29, 28):
        try:
            return start.replace(year=year, month=month, day=day)
        except ValueError:
            continue
    raise AssertionError("unreachable")


@dataclass(frozen=True)
class DiscountTerms:
    """A discount coupon's terms: the price it charges, whether it is the bundle discount, its plan type."""

    price: Decimal | None
    is_bundle_discount: bool
    plan_type: str | None


@dataclass
class Coupon:
    code: str
    coupon_type: str
    duration_code: str
    product: str = SCOPE_ANY
    discount_price: Decimal | None = None
    is_bundle_discount: bool = False
    plan_type: str | None = None
    partner: str | None = None
    expires_at: datetime | None = None
    redeemed_at: datetime | None = None
    redeemed_by: int | None = None
    id: int | None = None

    @property
    def is_access(self) -> bool:
        return self.coupon_type in ACCESS_TYPES

    @property
    def is_discount(self) -> bool:
        return self.coupon_type in DISCOUNT_TYPES

    @property
    def is_promo(self) -> bool:
        return self.coupon_type in PROMO_TYPES

    @property
    def single_use(self) -> bool:
        return self.coupon_type in SINGLE_USE_TYPES

    def free_days(self, start: datetime) -> int:
        """Days of free access an access or promo coupon gives from `start`."""
        return (add_duration(start, self.duration_code) - start).days

    def discount_cycles(self) -> int:
        """How many billing cycles a discount lasts: P3M on a monthly plan is 3 cycles."""
        n, unit = parse_duration(self.duration_code)
        if unit == "D":
            return 1
        return max(1, n // 12) if (self.plan_type or "").upper() == "P1Y" else n

    @property
    def discount_terms(self) -> DiscountTerms | None:
        """What a discount coupon takes off (None for other coupon types)."""
        if not self.is_discount:
            return None
        return DiscountTerms(self.discount_price, self.is_bundle_discount, self.plan_type)


@dataclass(frozen=True)
class CouponContext:
    """What we know about the redemption: the plan chosen and the account using it."""

    product: str | None = None  # e.g. lumo_tv_books
    plan_type: str | None = None  # P1M / P1Y
    account_partner: str | None = None
    account_products_with_access: frozenset[str] = frozenset()
    used_by_account: bool = False
    price: Decimal | None = None  # the plan's price of a period, add-ons included, when known


# What check_usable refuses with: every call that takes a code (registration, the coupon check, the
# redemption, the payment) can answer these.
UNUSABLE_ERRORS = (errors.INVALID_COUPON, errors.COUPON_EXPIRED, errors.COUPON_REDEEMED)


def check_usable(coupon: Coupon | None, now: datetime) -> Coupon:
    """Exists, not expired, not spent: otherwise code 3 with the right message."""
    if coupon is None:
        raise DomainError(errors.INVALID_COUPON)
    if coupon.expires_at is not None and now >= coupon.expires_at:
        raise DomainError(errors.COUPON_EXPIRED)
    if coupon.redeemed_at is not None:
        raise DomainError(errors.COUPON_REDEEMED)
    return coupon


def check_for(coupon: Coupon, ctx: CouponContext) -> None:
    """The coupon fits this plan and this account (codes 3 to 7)."""
    if ctx.used_by_account:
        raise DomainError(errors.COUPON_REDEEMED)
    if coupon.partner and coupon.partner != ctx.account_partner and ctx.account_partner is not None:
        raise DomainError(errors.COUPON_NOT_FOR_ACCOUNT)
    if (coupon.is_access or coupon.is_promo) and _scope(coupon) & ctx.account_products_with_access:
        # Free time is for apps the family does not have yet.
        raise DomainError(errors.COUPON_NOT_FOR_ACCOUNT)
    if ctx.product and not coupon.is_access:
        chosen = covered_apps([ctx.product])
        if coupon.product == SCOPE_TV and "tv" not in chosen:
            raise DomainError(errors.COUPON_ONLY_TV, coupon_product=coupon.product)
        if coupon.product == SCOPE_BOOKS and "books" not in chosen:
            raise DomainError(errors.COUPON_ONLY_BOOKS, coupon_product=coupon.product)
        if coupon.product == SCOPE_ALL and len(chosen) < 3:
            raise DomainError(errors.COUPON_ONLY_ALL, coupon_product=coupon.product)
    if coupon.is_discount:
        if ctx.plan_type and coupon.plan_type and ctx.plan_type.upper() != coupon.plan_type.upper():
            raise DomainError(
                errors.MONTHLY_ONLY
                if coupon.plan_type.upper() == "P1M"
                else errors.COUPON_NOT_FOR_ACCOUNT
            )
        if ctx.product and coupon.is_bundle_discount and len(covered_apps([ctx.product])) < 2:
            raise DomainError(errors.ONLY_TWO_PRODUCTS)
        # A "discount" that lowers nothing would show a price no purchase charges
        # (docs/billing.md#one-price-truth): not a coupon for this plan.
        if (
            ctx.price is not None
            and coupon.discount_price is not None
            and coupon.discount_price >= ctx.price
        ):
            raise DomainError(errors.COUPON_NOT_FOR_ACCOUNT)


def _scope(coupon: Coupon) -> set[str]:
    if coupon.product == SCOPE_TV:
        return {"tv"}
    if coupon.product == SCOPE_BOOKS:
        return {"books"}
    return {"tv", "books", "games"}


def access_subscription_type(coupon: Coupon) -> str:
    return {SCOPE_TV: "lumo_tv", SCOPE_BOOKS: "lumo_books"}.get(
        coupon.product, "lumo_tv_books_games"
    )
