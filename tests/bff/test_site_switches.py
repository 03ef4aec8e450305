"""Runtime switches (docs/operations.md): maintenance and the holiday promotion change in the database,
reach a running API within SITE_CACHE_SECONDS without a restart, keep who and why, and fall back to the
environment's values."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from core.adapters.db.seeding import seed_demo
from core.adapters.db.site_switches import SqlSiteSwitches
from core.services.site_switches import SiteSwitches, SwitchError


def test_maintenance_switches_on_and_off_without_a_restart(client, container, clock):
    assert client.get("/v5/plans?countryCode=FR").status_code == 200
    # another process (an operator's CLI, another node) sets the switch in the database
    other = SiteSwitches(
        SqlSiteSwitches(container.engine), container.services.switches.defaults, clock
    )
    other.set_maintenance(True, "ana (ops)", "database upgrade")
    assert (
        client.get("/v5/plans?countryCode=FR").status_code == 200
    )  # this node's cache is still fresh
    clock.advance(timedelta(seconds=container.settings.site_cache_seconds))
    down = client.get("/v5/plans?countryCode=FR")
    assert (
        down.status_code == 503
        and down.json["message"] == "maintenance"
        and down.headers["Retry-After"]
    )
    assert client.get("/v4/site").json["maintenance"] is True
    assert client.get("/healthz").status_code == 200
    other.set_maintenance(False, "ana (ops)", "upgrade done")
    clock.advance(timedelta(seconds=container.settings.site_cache_seconds))
    assert client.get("/v5/plans?countryCode=FR").status_code == 200
    assert client.get("/v4/site").json["maintenance"] is False


def test_the_holiday_promo_set_at_runtime_shows_in_v4_site(app, client, container, clock):
    seed_demo(container.engine, container.services.hasher)
    today = clock.now().date()
    assert client.get("/v4/site").json["holidayPromo"]["active"] is False
    result = app.test_cli_runner().invoke(
        args=[
            "site",
            "set",
            "holiday-promo",
            "--from",
            today.isoformat(),
            "--to",
            (today + timedelta(days=20)).isoformat(),
            "--coupon",
            "lumo-holiday",
            "--by",
            "ana",
            "--reason",
            "winter campaign",
        ]
    )
    assert result.exit_code == 0, result.output
    assert "holiday-promo: LUMO-HOLIDAY" in result.output and "active today" in result.output
    promo = client.get("/v4/site").json["holidayPromo"]  # the CLI ran in this process: no wait
    assert promo == {
        "active": True,
        "from": today.isoformat(),
        "to": (today + timedelta(days=20)).isoformat(),
        "couponCode": "LUMO-HOLIDAY",
    }
    reset = app.test_cli_runner().invoke(
        args=["site", "reset", "holiday-promo", "--by", "ana", "--reason", "over"]
    )
    assert reset.exit_code == 0, reset.output
    assert client.get("/v4/site").json["holidayPromo"]["active"] is False
    history = app.test_cli_runner().invoke(args=["site", "history"]).output.splitlines()
    assert "holiday_promo = default  by ana: over" in history[0]
    assert '"coupon": "LUMO-HOLIDAY"' in history[1] and "by ana: winter campaign" in history[1]


def test_the_cli_refuses_changes_without_who_and_why_or_with_a_missing_coupon(
    app, container, clock
):
    runner = app.test_cli_runner()
    no_reason = runner.invoke(args=["site", "set", "maintenance", "on", "--by", "ana"])
    assert no_reason.exit_code == 2 and "--reason" in no_reason.output
    blank = runner.invoke(args=["site", "set", "maintenance", "on", "--by", " ", "--reason", "x"])
    assert blank.exit_code == 2 and "who changes the switch and why" in blank.output
    today = clock.now().date().isoformat()
    unknown = runner.invoke(
        args=[
            "site",
            "set",
            "holiday-promo",
            "--from",
            today,
            "--to",
            today,
            "--coupon",
            "NO-SUCH",
            "--by",
            "ana",
            "--reason",
            "x",
        ]
    )
    assert unknown.exit_code == 2 and "no coupon NO-SUCH" in unknown.output
    assert runner.invoke(args=["site", "history"]).output == ""
    shown = runner.invoke(args=["site", "show"]).output
    assert "maintenance: off" in shown


def test_the_environment_stays_the_default_and_a_reset_returns_to_it(container, clock):
    from core.domain.site import HolidayPromo, SiteConfig

    container.services.switches.defaults = SiteConfig(
        maintenance=True,
        holiday_promo=HolidayPromo(date(2026, 12, 1), date(2026, 12, 31), "LUMO-X"),
    )
    switches = container.services.switches
    assert switches.current().maintenance is True  # MAINTENANCE_MODE=true, nothing stored
    switches.set_maintenance(False, "ana", "the upgrade finished early")
    assert switches.current().maintenance is False
    assert switches.current().holiday_promo.coupon_code == "LUMO-X"  # not stored: the environment's
    switches.reset("maintenance", "ana", "back to the configuration")
    assert switches.current().maintenance is True


def test_an_unreadable_table_keeps_the_last_switches(container, clock):
    class Flaky:
        def __init__(self):
            self.values, self.down = {"maintenance": {"on": True}}, False

        def load(self):
            if self.down:
                raise ConnectionError("database away")
            return self.values

    store = Flaky()
    switches = SiteSwitches(store, container.services.switches.defaults, clock, ttl_seconds=5)
    assert switches.current().maintenance is True
    store.down = True
    clock.advance(timedelta(seconds=6))
    assert switches.current().maintenance is True


def test_unknown_switches_and_reversed_dates_are_refused(container):
    switches = container.services.switches
    with pytest.raises(SwitchError):
        switches.set("free_money", {"on": True}, "ana", "why not")
    with pytest.raises(SwitchError):
        switches.set_holiday_promo(
            date(2026, 12, 31), date(2026, 12, 1), "LUMO-HOLIDAY", "ana", "typo"
        )
