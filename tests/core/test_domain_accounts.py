from datetime import UTC, datetime, timedelta

import pytest

from core.domain import accounts, coupons, tokens

NOW = datetime(2026, 1, 31, 12, 0, tzinfo=UTC)


@pytest.mark.parametrize("email", ["a@b.co", "parent.name+kids@lumo.example", "x_y@sub.domain.org"])
def test_valid_emails(email):
    assert accounts.is_valid_email(email)


@pytest.mark.parametrize(
    "email",
    [
        "",
        "a",
        "a@b",
        "a@b.c",
        "a b@c.com",
        "a@@b.com",
        "a..b@c.com",
        "@b.com",
        "a@.com",
        "x" * 250 + "@b.com",
    ],
)
def test_invalid_emails(email):
    assert not accounts.is_valid_email(email)


def test_email_is_trimmed_and_lowercased():
    assert accounts.normalise_email("  Parent@Example.COM ") == "parent@example.com"
    assert accounts.normalise_email(None) == ""


def test_client_password_hash_is_sha256_of_password_and_salt():
    # printf '%s' 'secret123lumo-world:pw:v1' | sha256sum
    assert (
        accounts.client_password_hash("secret123")
        == "fd9ad5b4fb2a460b9a11752f5588cde20e305688493728efdc258090d49d3408"
    )


def test_client_password_hash_shape():
    value = accounts.client_password_hash("secret123")
    assert accounts.is_client_password_hash(value)
    assert not accounts.is_client_password_hash("secret123")


@pytest.mark.parametrize(
    "tag,expected",
    [
        ("de-DE", "de"),
        ("ar", "ar"),
        ("pt-BR", "pt"),
        ("zh-CN", "en"),
        (None, "en"),
        ("", "en"),
        ("RU", "ru"),
    ],
)
def test_language_from_first_two_letters(tag, expected):
    assert accounts.pick_language(tag) == expected


@pytest.mark.parametrize(
    "raw,expected",
    [
        ("de", "DE"),
        (" ch ", "CH"),
        ("XX", "FR"),
        ("", "FR"),
        (None, "FR"),
        ("DEU", "FR"),
        ("1A", "FR"),
    ],
)
def test_country_code_defaults_to_fr(raw, expected):
    assert accounts.normalise_country(raw, "FR") == expected


def test_tokens_are_random_and_stored_hashed():
    a, b = tokens.new_token(), tokens.new_token()
    assert a != b and len(a) >= 40
    assert tokens.hash_token(a) != a and len(tokens.hash_token(a)) == 64


def test_token_liveness():
    t = tokens.StoredToken(
        account_id=1,
        purpose=tokens.Purpose.SESSION,
        token_hash="h",
        expires_at=NOW + timedelta(minutes=1),
        created_at=NOW,
    )
    assert t.is_live(NOW)
    assert not t.is_live(NOW + timedelta(minutes=1))
    t.revoked_at = NOW
    assert not t.is_live(NOW)


@pytest.mark.parametrize(
    "code,expected",
    [
        ("P1M", datetime(2026, 2, 28, 12, 0, tzinfo=UTC)),
        ("P2M", datetime(2026, 3, 31, 12, 0, tzinfo=UTC)),
        ("P12M", datetime(2027, 1, 31, 12, 0, tzinfo=UTC)),
        ("P7D", datetime(2026, 2, 7, 12, 0, tzinfo=UTC)),
        ("P30D", datetime(2026, 3, 2, 12, 0, tzinfo=UTC)),
    ],
)
def test_coupon_durations(code, expected):
    assert coupons.add_duration(NOW, code) == expected


@pytest.mark.parametrize("code", ["", "1M", "P1Y", "PM", "P1000M", "p1m"])
def test_bad_coupon_durations(code):
    with pytest.raises(ValueError):
        coupons.parse_duration(code)
