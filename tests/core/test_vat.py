"""VAT rates and arithmetic (docs/billing.md#vat): for every catalogue country and every price it sells,
gross = net + VAT to the cent, VAT rounded half up; the rates are the ones published."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

import pytest

from core.adapters.catalogue_file import CatalogueError, FileCatalogue, parse_vat_rates
from core.domain.billing_documents import (
    CREDIT_NOTE,
    RECEIPT,
    BillingDocument,
    credit_split,
    oss_lines,
    quarter_bounds,
)
from core.domain.catalogue import EU_COUNTRIES, currency_for
from core.domain.vat import card_country_code, evidence_conflict, vat_rate, vat_split
from core.settings import Settings

CATALOGUE = FileCatalogue.load()
RATES = CATALOGUE.vat_rates()
# The European Commission's "VAT rates" page / TEDB, standard rates in force on 2026-01-01;
# Switzerland: ESTV/AFC normal rate since 2024-01-01.
PUBLISHED = {
    "AT": "20", "BE": "21", "BG": "20", "HR": "25", "CY": "19", "CZ": "21", "DK": "25",
    "EE": "24", "FI": "25.5", "FR": "20", "DE": "19", "GR": "24", "HU": "27", "IE": "23",
    "IT": "22", "LV": "21", "LT": "21", "LU": "17", "MT": "18", "NL": "21", "PL": "23",
    "PT": "23", "RO": "21", "SK": "23", "SI": "22", "ES": "21", "SE": "25", "CH": "8.1",
}  # fmt: skip
COUNTRIES = sorted(RATES) + ["US"]


def test_the_catalogue_has_the_published_standard_rate_of_each_eu_country_and_switzerland():
    assert {c: str(r) for c, r in RATES.items()} == PUBLISHED
    assert set(RATES) == EU_COUNTRIES | {"CH"}
    assert vat_rate(RATES, "US") == 0 and vat_rate(RATES, "de") == Decimal("19")


def exact_vat(gross: Decimal, rate: Decimal) -> Decimal:
    """gross × rate / (100 + rate) in exact fractions, then half up to the cent: an independent oracle."""
    value = Fraction(gross) * Fraction(rate) / (100 + Fraction(rate))
    return (Decimal(value.numerator) / Decimal(value.denominator)).quantize(
        Decimal("0.01"), rounding=ROUND_HALF_UP
    )


@pytest.mark.parametrize("country", COUNTRIES)
def test_every_price_of_every_catalogue_country_splits_to_the_cent(country):
    currency = currency_for(country)
    prices = {p.price for p in CATALOGUE.plans(currency)} | {
        a for p in CATALOGUE.plans(currency) for a in (x.price for x in p.add_ons)
    }
    # every cent up to 120.00 too: the rounding is right for any amount, not just today's prices
    amounts = prices | {Decimal(cents) / 100 for cents in range(1, 12001)}
    rate = vat_rate(RATES, country)
    for gross in amounts:
        split = vat_split(gross, rate, currency)
        assert split.net + split.vat == split.gross == gross
        assert split.vat == exact_vat(gross, rate)
        assert split.vat.as_tuple().exponent == -2 and split.net.as_tuple().exponent == -2
        assert split.currency == currency and split.rate == rate
        if rate == 0:
            assert split.vat == 0 and split.net == gross


@pytest.mark.parametrize(
    ("gross", "rate", "net", "vat"),
    [
        ("9.99", "19", "8.39", "1.60"),  # 1.5950… up
        ("9.99", "20", "8.32", "1.67"),  # 1.665 exactly: half up
        ("70.90", "21", "58.60", "12.30"),
        ("6.90", "8.1", "6.38", "0.52"),
        ("13.90", "25.5", "11.08", "2.82"),
        ("4.99", "0", "4.99", "0.00"),
    ],
)
def test_known_splits(gross, rate, net, vat):
    split = vat_split(Decimal(gross), Decimal(rate), "EUR")
    assert (split.net, split.vat) == (Decimal(net), Decimal(vat))


def test_us_has_no_vat_unless_configured():
    assert Settings(env="test").vat_extra_rates == {}
    configured = Settings(env="test", VAT_EXTRA_RATES="us=7.5, NO=25")
    assert configured.vat_extra_rates == {"US": Decimal("7.5"), "NO": Decimal("25")}
    with pytest.raises(ValueError):
        Settings(env="test", VAT_EXTRA_RATES="US=abc")
    with pytest.raises(ValueError):
        Settings(env="test", VAT_EXTRA_RATES="USA=5")


def test_the_catalogue_refuses_a_bad_rate():
    for bad in ({"DE": 19}, {"DE": "100"}, {"de": "19"}, {"DE": "x"}):
        with pytest.raises(CatalogueError):
            parse_vat_rates({"vatRates": {"rates": bad}})


def test_location_evidence_conflicts_only_when_the_card_says_another_country():
    assert card_country_code("DEU") == "DE" and card_country_code(None) is None
    assert not evidence_conflict("DE", "DEU") and not evidence_conflict("DE", None)
    assert evidence_conflict("FR", "DEU") and evidence_conflict("FR", "XYZ")


def _doc(kind, country, gross, rate="19", currency="EUR", **more) -> BillingDocument:
    split = vat_split(Decimal(gross), Decimal(rate), currency)
    from datetime import UTC, datetime

    fields = dict(
        kind=kind,
        series="R-2026",
        issued_at=datetime(2026, 5, 1, tzinfo=UTC),
        account_id=1,
        payment_id=1,
        transaction_id="t",
        seller_name="",
        seller_address="",
        seller_vat_number="",
        customer_name="",
        customer_email="",
        customer_country=country,
        product="lumo_tv",
        duration_code="P1M",
        service_start=None,
        service_end=None,
        currency=currency,
        net=split.net,
        vat_rate=split.rate,
        vat_amount=split.vat,
        gross=split.gross,
    )
    return BillingDocument(**(fields | more))


def test_a_full_credit_note_gives_back_exactly_the_receipts_split():
    receipt = _doc(RECEIPT, "DE", "9.99")
    assert credit_split(receipt, Decimal("9.99")) == receipt.split
    part = credit_split(receipt, Decimal("5.00"))
    assert (part.net, part.vat, part.rate) == (Decimal("4.20"), Decimal("0.80"), Decimal("19"))


def test_oss_lines_add_receipts_and_subtract_credit_notes_per_country_and_rate():
    docs = [
        _doc(RECEIPT, "DE", "9.99"),
        _doc(RECEIPT, "DE", "70.90"),
        _doc(CREDIT_NOTE, "DE", "5.00"),
        _doc(RECEIPT, "FR", "9.99", rate="20"),
        _doc(RECEIPT, "CH", "6.90", rate="8.1", currency="CHF"),
    ]
    ch, de, fr = oss_lines(docs)
    assert (de.country, de.receipts, de.credit_notes) == ("DE", 2, 1)
    assert de.gross == Decimal("75.89") and de.net + de.vat == de.gross
    assert de.vat == Decimal("1.60") + Decimal("11.32") - Decimal("0.80")
    assert (fr.vat, fr.oss, ch.oss, ch.currency) == (Decimal("1.67"), True, False, "CHF")


def test_quarters():
    start, end = quarter_bounds(2026, 4)
    assert (start.month, end.year, end.month) == (10, 2027, 1)
    assert quarter_bounds(2026, 2)[0].month == 4
    with pytest.raises(ValueError):
        quarter_bounds(2026, 5)
