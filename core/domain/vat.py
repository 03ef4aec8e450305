"""VAT (docs/billing.md#vat). Displayed prices are gross: VAT is extracted from them, never added. The
rates per country are data (catalogue.json "vatRates", plus settings VAT_EXTRA_RATES); a country with no
rate is charged no VAT."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from core.domain.catalogue import CENT

HUNDRED = Decimal(100)


@dataclass(frozen=True)
class VatSplit:
    """A gross amount split into net and VAT at one rate (a percentage, e.g. 19 or 8.1)."""

    rate: Decimal
    net: Decimal
    vat: Decimal
    gross: Decimal
    currency: str


def vat_rate(rates: Mapping[str, Decimal], country: str) -> Decimal:
    """The standard rate of `country` (ISO 3166-1 alpha-2), 0 where none is configured."""
    return rates.get((country or "").upper(), Decimal(0))


def vat_split(gross: Decimal, rate: Decimal, currency: str) -> VatSplit:
    """VAT = gross × rate / (100 + rate), rounded to the cent half up; net = gross − VAT, so
    net + VAT = gross exactly, to the cent."""
    gross = Decimal(gross).quantize(CENT)
    rate = Decimal(rate)
    vat = (gross * rate / (HUNDRED + rate)).quantize(CENT, rounding=ROUND_HALF_UP)
    return VatSplit(rate=rate, net=gross - vat, vat=vat, gross=gross, currency=currency)


# ISO 3166-1 alpha-3 -> alpha-2 of the countries we bill (Braintree gives a card's issuing country in
# alpha-3); a code not listed here stays as given, so it never matches an alpha-2 billing country.
ALPHA3 = {
    "AUT": "AT", "BEL": "BE", "BGR": "BG", "HRV": "HR", "CYP": "CY", "CZE": "CZ", "DNK": "DK",
    "EST": "EE", "FIN": "FI", "FRA": "FR", "DEU": "DE", "GRC": "GR", "HUN": "HU", "IRL": "IE",
    "ITA": "IT", "LVA": "LV", "LTU": "LT", "LUX": "LU", "MLT": "MT", "NLD": "NL", "POL": "PL",
    "PRT": "PT", "ROU": "RO", "SVK": "SK", "SVN": "SI", "ESP": "ES", "SWE": "SE", "CHE": "CH",
    "LIE": "LI", "NOR": "NO", "ISL": "IS", "GBR": "GB", "USA": "US", "CAN": "CA",
}  # fmt: skip


def card_country_code(raw: str | None) -> str | None:
    """A card's issuing country as alpha-2 where we know it (alpha-3 and alpha-2 both accepted)."""
    code = (raw or "").strip().upper()
    return ALPHA3.get(code, code) or None


def evidence_conflict(billing_country: str, card_country: str | None) -> bool:
    """Two pieces of location evidence contradict each other: the card's issuing country is known and is
    not the billing country (docs/billing.md#vat)."""
    card = card_country_code(card_country)
    return card is not None and card != (billing_country or "").upper()
