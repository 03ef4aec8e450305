"""The family and trust rules: age gate, parental settings, PINs, terms versions, child names, holiday promo, erasure."""

from dataclasses import replace
from datetime import UTC, date, datetime

import pytest

from core.domain import errors
from core.domain.accounts import Account
from core.domain.age_gate import is_adult
from core.domain.children import normalise_name
from core.domain.consents import must_accept_terms
from core.domain.errors import DomainError
from core.domain.parental_settings import (
    APPS,
    BOOK_CATEGORIES,
    GAME_CATEGORIES,
    check,
    defaults,
)
from core.domain.site import HolidayPromo
from core.domain.tv_links import new_pin, new_poll_token, normalise_pin, pin_hash


@pytest.mark.parametrize(
    "year,adult",
    [(1980, True), (2008, True), (2009, False), (2020, False), (2026, False), (1906, True)],
)
def test_age_gate_adult_turns_18_this_year_or_earlier(year, adult):
    assert is_adult(year, 2026) is adult


@pytest.mark.parametrize("year", [2027, 3000, 1905, 0, -1, True, "1980", 1980.0, None])
def test_age_gate_refuses_implausible_years(year):
    with pytest.raises(DomainError) as caught:
        is_adult(year, 2026)
    assert caught.value.error == errors.BIRTH_YEAR_INVALID


def test_settings_defaults_follow_the_age_band_and_the_parent_language():
    tv, books, games = (defaults(app, "3-5", "fr") for app in APPS)
    assert (tv.age_filter, books.age_filter, games.age_filter) == ("3-5", "3-6", "3-6")
    assert (tv.time_limit_minutes, tv.content_type, tv.language, tv.sound, tv.fullscreen) == (
        None,
        "mix",
        "fr",
        True,
        False,
    )
    assert (
        tv.categories is None
        and books.categories == BOOK_CATEGORIES
        and games.categories == GAME_CATEGORIES
    )
    assert [defaults(app, "9-10", "xx").age_filter for app in APPS] == ["6-8", "7-10", "7-10"]
    assert defaults("tv", "9-10", "xx").language == "en"


def problems(app, **changes):
    with pytest.raises(DomainError) as caught:
        check(app, replace(defaults(app, "6-8", "en"), **changes))
    assert caught.value.error == errors.PARAMETER_REQUIRED
    return caught.value.params["errors"]


def test_each_app_has_its_own_age_filters():
    assert set(problems("tv", age_filter="3-6")) == {"ageFilter"}
    assert set(problems("books", age_filter="3-8")) == {"ageFilter"}
    assert (
        check("games", replace(defaults("games", "6-8", "en"), age_filter="3-10")).age_filter
        == "3-10"
    )


@pytest.mark.parametrize(
    "limit,ok",
    [
        (None, True),
        (5, True),
        (240, True),
        (4, False),
        (241, False),
        (0, False),
        (True, False),
        ("30", False),
    ],
)
def test_time_limit_is_off_or_5_to_240_minutes(limit, ok):
    settings = replace(defaults("tv", "3-5", "en"), time_limit_minutes=limit)
    if ok:
        assert check("tv", settings).time_limit_minutes == limit
    else:
        assert set(problems("tv", time_limit_minutes=limit)) == {"timeLimitMinutes"}


def test_every_field_is_checked_and_reported_at_once():
    found = problems(
        "games",
        content_type="horror",
        language="xx",
        sound="yes",
        fullscreen=None,
        categories=("logic", "poker"),
    )
    assert set(found) == {"contentType", "language", "sound", "fullscreen", "categories"}
    assert set(problems("tv", categories=("logic",))) == {"categories"}
    assert set(problems("books", categories=None)) == {"categories"}


def test_categories_are_stored_once_in_catalogue_order():
    settings = replace(
        defaults("books", "3-5", "en"), categories=("night_stories", "adventure", "adventure")
    )
    assert check("books", settings).categories == ("adventure", "night_stories")
    assert check("games", replace(defaults("games", "3-5", "en"), categories=())).categories == ()


@pytest.mark.parametrize(
    "raw,expected",
    [
        ("  Léa ", "Léa"),
        ("Anna  Maria", "Anna Maria"),
        ("x" * 30, "x" * 30),
        ("x" * 31, None),
        ("   ", None),
        ("", None),
        (None, None),
        ("Tom\u0000", None),
        ("Bob\u202e", None),
        ("=1+1", None),
        ("Kid 7", None),
        ("-Tom", None),
        ("Tom-", None),
        ("Jean--Luc", None),
        ("@Mia", None),
        ("Mia\u200b", None),
        ("Jean-Luc", "Jean-Luc"),
        ("N'Golo", "N'Golo"),
        ("N\u2019Golo", "N\u2019Golo"),
        ("ليلى", "ليلى"),
        ("Zoë Ana", "Zoë Ana"),
        ("Дима", "Дима"),
    ],
)
def test_child_names_are_trimmed_and_short(raw, expected):
    assert normalise_name(raw) == expected


def test_pins_are_six_digits_and_hashed_with_the_pepper():
    pins = {new_pin() for _ in range(200)}
    assert all(len(p) == 6 and p.isdigit() for p in pins) and len(pins) > 150
    assert normalise_pin(" 123 456 ") == "123456" == normalise_pin("123-456")
    assert (
        normalise_pin("12345") is None
        and normalise_pin("12345a") is None
        and normalise_pin(None) is None
    )
    assert pin_hash("123456", "a") != pin_hash("123456", "b") and len(pin_hash("123456", "a")) == 64
    assert len(new_poll_token()) == 64


@pytest.mark.parametrize(
    "accepted,current,must",
    [
        (None, "2026-11", True),
        ("2026-10", "2026-11", True),
        ("2026-11", "2026-11", False),
        ("2027-01", "2026-11", False),
        ("2026-11", "2026-11-15", True),
    ],
)
def test_an_older_terms_version_must_accept_the_one_in_force(accepted, current, must):
    assert must_accept_terms(accepted, current) is must


def test_holiday_promo_window_includes_both_days_and_needs_a_coupon():
    promo = HolidayPromo(date(2026, 12, 15), date(2027, 1, 5), "LUMO-FAMILY")
    assert [
        promo.is_active(d)
        for d in (date(2026, 12, 14), date(2026, 12, 15), date(2027, 1, 5), date(2027, 1, 6))
    ] == [False, True, True, False]
    assert not HolidayPromo(date(2026, 12, 15), date(2027, 1, 5), "").is_active(date(2026, 12, 20))
    assert not HolidayPromo().is_active(date(2026, 12, 20))


def test_an_erased_account_keeps_nothing_personal():
    now = datetime(2026, 11, 24, tzinfo=UTC)
    account = Account(
        email="ana@example.com",
        password_hash="argon",
        name="Ana",
        partner_alias="0791234567",
        utm={"source": "ana-newsletter"},
        promo_accepted_at=now,
        promo_consent_version="2026-11",
        is_email_confirmed=True,
        country_code="CH",
        id=42,
    )
    account.erase(now)
    assert (account.email, account.name, account.partner_alias, account.utm) == (
        "deleted-42",
        "",
        None,
        {},
    )
    assert (
        account.password_hash == "!"
        and account.promo_accepted_at is None
        and account.deleted_at == now
    )
    assert account.country_code == "CH"  # billing records need the country (VAT)
