"""Receipts and credit notes: numbered billing documents of the charges and of what was given back
(docs/billing.md#receipts-and-credit-notes); the OSS return's figures summed from them (docs/billing.md#vat).

A document is written once, in the transaction that records its charge or its refund, and never changed:
it keeps the seller, the customer and the VAT split as they were that day. Its number comes from a
counter per series that the database increments in the same transaction (no gaps, no duplicates).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from decimal import Decimal

from core.domain.catalogue import EU_COUNTRIES
from core.domain.vat import VatSplit, vat_split

RECEIPT, CREDIT_NOTE = "receipt", "credit_note"
KINDS = (RECEIPT, CREDIT_NOTE)
SERIES_PREFIX = {RECEIPT: "R", CREDIT_NOTE: "C"}
NUMBER_DIGITS = 6
_DISPLAY = re.compile(r"^(?P<series>[RC]-[0-9]{4})-(?P<number>[0-9]{1,9})$")


@dataclass(frozen=True)
class Seller:
    name: str = ""
    address: str = ""
    vat_number: str = ""


@dataclass(frozen=True)
class BillingPolicy:
    """Who sells (settings SELLER_*) and the VAT rate of each country (catalogue + VAT_EXTRA_RATES)."""

    seller: Seller = field(default_factory=Seller)
    vat_rates: Mapping[str, Decimal] = field(default_factory=dict)


def series_for(kind: str, issued_at: datetime) -> str:
    """One series per kind and calendar year (UTC): R-2026 for receipts, C-2026 for credit notes."""
    return f"{SERIES_PREFIX[kind]}-{issued_at.astimezone(UTC).year}"


def display_number(series: str, number: int) -> str:
    """R-2026-000042: the series and the number, zero-padded to six digits."""
    return f"{series}-{number:0{NUMBER_DIGITS}d}"


def parse_number(text: str) -> tuple[str, int] | None:
    """The series and number of a displayed number; None when `text` is not one."""
    match = _DISPLAY.match((text or "").strip().upper())
    return (match["series"], int(match["number"])) if match else None


@dataclass
class BillingDocument:
    kind: str
    series: str
    issued_at: datetime
    account_id: int | None
    payment_id: int
    transaction_id: str
    seller_name: str
    seller_address: str
    seller_vat_number: str
    customer_name: str
    customer_email: str
    customer_country: str
    product: str
    duration_code: str
    service_start: date | None
    service_end: date | None
    currency: str
    net: Decimal
    vat_rate: Decimal
    vat_amount: Decimal
    gross: Decimal
    payment_event_id: int | None = None  # a credit note: the refund or void it documents
    corrects_id: int | None = None  # a credit note: the receipt it corrects
    number: int = 0  # given by the database when the document is issued
    id: int | None = None

    @property
    def display_number(self) -> str:
        return display_number(self.series, self.number)

    @property
    def split(self) -> VatSplit:
        return VatSplit(self.vat_rate, self.net, self.vat_amount, self.gross, self.currency)


def credit_split(receipt: BillingDocument, amount: Decimal) -> VatSplit:
    """What a refund of `amount` gives back, split at the receipt's own rate by the same rule; a full
    refund gives back exactly the receipt's net and VAT."""
    if amount == receipt.gross:
        return receipt.split
    return vat_split(amount, receipt.vat_rate, receipt.currency)


# -- the OSS return (docs/billing.md#vat) ----------------------------------------------------------
@dataclass(frozen=True)
class OssLine:
    country: str
    rate: Decimal
    currency: str
    net: Decimal
    vat: Decimal
    gross: Decimal
    receipts: int
    credit_notes: int

    @property
    def oss(self) -> bool:
        """Declared in the EU's One-Stop Shop (a member state); other countries are listed for finance."""
        return self.country in EU_COUNTRIES


def quarter_bounds(year: int, quarter: int) -> tuple[datetime, datetime]:
    """The quarter's first instant and the next quarter's (UTC), half open."""
    if not 1 <= quarter <= 4:
        raise ValueError("a quarter is 1 to 4")
    start = datetime(year, 3 * quarter - 2, 1, tzinfo=UTC)
    end = datetime(year + (quarter == 4), 1 if quarter == 4 else 3 * quarter + 1, 1, tzinfo=UTC)
    return start, end


def oss_lines(documents: Iterable[BillingDocument]) -> list[OssLine]:
    """Per country, rate and currency: receipts added, credit notes subtracted."""
    sums: dict[tuple[str, Decimal, str], OssLine] = {}
    for doc in documents:
        key = (doc.customer_country, doc.vat_rate.normalize(), doc.currency)
        line = sums.get(key) or OssLine(*key, Decimal(0), Decimal(0), Decimal(0), 0, 0)
        sign = 1 if doc.kind == RECEIPT else -1
        sums[key] = OssLine(
            country=line.country,
            rate=line.rate,
            currency=line.currency,
            net=line.net + sign * doc.net,
            vat=line.vat + sign * doc.vat_amount,
            gross=line.gross + sign * doc.gross,
            receipts=line.receipts + (doc.kind == RECEIPT),
            credit_notes=line.credit_notes + (doc.kind == CREDIT_NOTE),
        )
    return [sums[key] for key in sorted(sums, key=lambda k: (k[0], k[2], k[1]))]
