"""core/settings.py declares each variable once; the README's table is generated from it, and the rules of
reading the environment (empty = unset, bounds, derived defaults) hold."""

from __future__ import annotations

import re

import pytest

from core.settings import (
    DEV_ANALYTICS_KEY,
    DEV_LINK_PIN_PEPPER,
    Settings,
    from_environment,
    variable_names,
)
from scripts import settings_doc


def test_the_readme_table_is_the_generated_one():
    text = settings_doc.README.read_text(encoding="utf-8")
    assert settings_doc.readme_with_table(text) == text, "run `make settings-doc`"
    assert settings_doc.main(["--check"]) == 0


def test_the_table_has_one_row_per_variable_and_every_variable_is_explained():
    rows = re.findall(r"^\| `([A-Z0-9_]+)` \| (.+?) \| (.+) \|$", settings_doc.table(), re.M)
    assert [name for name, _, _ in rows] == list(variable_names().values())
    assert all(default.strip() and meaning.strip() for _, default, meaning in rows)
    assert len(set(variable_names().values())) == len(variable_names())


def test_a_stale_readme_is_caught():
    text = settings_doc.README.read_text(encoding="utf-8")
    stale = text.replace("| `SESSION_DAYS` | `90` |", "| `SESSION_DAYS` | `60` |")
    assert stale != text and settings_doc.readme_with_table(stale) == text


def test_the_hand_written_table_lists_no_setting():
    text = settings_doc.README.read_text(encoding="utf-8")
    after = text.split(settings_doc.END, 1)[1].split("\n## ", 1)[0]
    first_columns = re.findall(r"^\| (.+?) \|", after, re.M)
    listed = {name for cell in first_columns for name in re.findall(r"`([A-Z][A-Z0-9_]+)`", cell)}
    assert "API_HOST" in listed and not listed & set(variable_names().values())


def test_an_empty_variable_is_unset_and_names_are_the_documented_ones():
    assert from_environment({"SESSION_DAYS": "", "PUBLIC_URL": "  "}) == Settings()
    settings = from_environment({"SESSION_DAYS": "7", "PUBLIC_URL": "https://x.example/"})
    assert (settings.session_days, settings.public_url) == (7, "https://x.example")
    assert Settings(session_days=7) == Settings(SESSION_DAYS=7)


@pytest.mark.parametrize(
    "environ, variable",
    [
        ({"SESSION_DAYS": "0"}, "SESSION_DAYS"),
        ({"SESSION_DAYS": "many"}, "SESSION_DAYS"),
        ({"LOGIN_FREE_FAILURES": "21"}, "LOGIN_FREE_FAILURES"),
        ({"LOGIN_MAX_DELAY_SECONDS": "59"}, "LOGIN_MAX_DELAY_SECONDS"),
        ({"METRICS_PORT": "70000"}, "METRICS_PORT"),
        ({"LUMO_ENV": "staging"}, "LUMO_ENV"),
        ({"PAYMENT_GATEWAY": "stripe"}, "PAYMENT_GATEWAY"),
        ({"MAINTENANCE_MODE": "perhaps"}, "MAINTENANCE_MODE"),
        (
            {"HOLIDAY_PROMO_TO": "2026-13-01", "HOLIDAY_PROMO_FROM": "2026-12-01"},
            "HOLIDAY_PROMO_TO",
        ),
    ],
)
def test_a_bad_value_stops_the_start_naming_its_variable(environ, variable):
    with pytest.raises(ValueError, match=variable):
        from_environment(environ)


def test_defaults_that_depend_on_other_settings():
    assert from_environment({"RATE_LIMIT_PER_MINUTE": "7"}).coupon_rate_limit_per_minute == 7
    assert (
        from_environment(
            {"RATE_LIMIT_PER_MINUTE": "7", "COUPON_RATE_LIMIT_PER_MINUTE": "9"}
        ).coupon_rate_limit_per_minute
        == 9
    )
    development, production = from_environment({}), from_environment({"LUMO_ENV": "production"})
    assert (
        development.analytics_api_keys == (DEV_ANALYTICS_KEY,)
        and production.analytics_api_keys == ()
    )
    assert development.link_pin_pepper == DEV_LINK_PIN_PEPPER and production.link_pin_pepper == ""


def test_settings_are_frozen_and_replace_checks_the_new_values():
    settings = Settings()
    with pytest.raises(ValueError):
        settings.session_days = 3  # type: ignore[misc]
    assert settings.replace(session_days=3).session_days == 3
    with pytest.raises(ValueError, match="session_days|SESSION_DAYS"):
        settings.replace(session_days=0)


def test_the_process_environment_is_read_only_by_from_environment(monkeypatch):
    monkeypatch.setenv("SESSION_DAYS", "3")
    assert Settings().session_days == 90
    assert from_environment().session_days == 3
