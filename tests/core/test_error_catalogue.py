"""Every message key the API can answer is translated in all nine languages."""

import json

import pytest

from bff.errors import STATUS, status_of
from core.domain import errors, payments
from core.domain.accounts import LANGUAGES
from core.domain.errors import ErrorType
from core.settings import ROOT

API_KEYS = sorted(
    {e.message for e in vars(errors).values() if isinstance(e, ErrorType)}
    | set(payments.MESSAGE_KEYS.values())
)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_api_message_key_is_translated(language):
    catalogue = json.loads((ROOT / "locales" / f"{language}.json").read_text(encoding="utf-8"))[
        "Errors"
    ]
    missing = [key for key in API_KEYS if not catalogue.get(key)]
    assert missing == []


def test_error_codes_follow_the_spec():
    assert (errors.INVALID_EMAIL.code, errors.INVALID_COUPON.code, errors.EMAIL_TAKEN.code) == (
        2,
        3,
        5,
    )
    assert (status_of(errors.WRONG_PASSWORD), errors.WRONG_PASSWORD.code) == (400, 1)
    assert (status_of(errors.EMAIL_NOT_FOUND), status_of(errors.NO_SUCH_USER)) == (404, 404)
    assert [
        e.code
        for e in (
            errors.FORGOT_EMPTY_EMAIL,
            errors.FORGOT_INVALID_EMAIL,
            errors.FORGOT_UPDATE_FAILED,
        )
    ] == [1, 2, 3]
    assert (errors.ALREADY_CANCELLED.code, errors.TOKEN_GENERATION.code) == (3, 1)
    assert [
        e.code for e in (errors.COUPON_ONLY_TV, errors.COUPON_ONLY_BOOKS, errors.COUPON_ONLY_ALL)
    ] == [4, 5, 6]
    assert (
        errors.COUPON_NOT_FOR_ACCOUNT.code
        == errors.MONTHLY_ONLY.code
        == errors.ONLY_TWO_PRODUCTS.code
        == 7
    )


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_plan_name_key_is_translated(language):
    from core.adapters.catalogue_file import FileCatalogue

    catalogue = FileCatalogue.load()
    plans = [
        p for currency in ("EUR", "USD", "CHF") for p in catalogue.plans(currency)
    ] + catalogue.default_plans()
    keys = (
        {p.name_key for p in plans}
        | {p.promo_title for p in plans if p.promo_title}
        | {f"Plans.{p.product}" for p in plans if not p.is_default}
    )
    texts = json.loads((ROOT / "locales" / f"{language}.json").read_text(encoding="utf-8"))
    missing = [k for k in sorted(keys) if not texts.get("Plans", {}).get(k.removeprefix("Plans."))]
    assert missing == []


def test_every_kind_of_error_has_an_http_status():
    assert set(STATUS) == set(errors.Kind)
