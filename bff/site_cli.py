"""`flask --app bff site …`: the runtime switches (maintenance, holiday promotion) without a restart
(core/services/site_switches.py; docs/operations.md, "Runtime switches"). Every change says who and why.

    flask --app bff site show
    flask --app bff site set maintenance on|off --by NAME --reason TEXT
    flask --app bff site set holiday-promo --from 2026-12-15 --to 2027-01-06 --coupon LUMO-HOLIDAY --by … --reason …
    flask --app bff site reset maintenance|holiday-promo --by … --reason …   (back to the environment's value)
    flask --app bff site history
"""

from __future__ import annotations

import json

import click
from flask import Flask
from flask.cli import AppGroup

from bff.context import services
from core.services.site_switches import HOLIDAY_PROMO, MAINTENANCE, SwitchError

_NAMES = {"maintenance": MAINTENANCE, "holiday-promo": HOLIDAY_PROMO}
_who = [
    click.option("--by", "changed_by", required=True, help="Who changes it (name or staff id)"),
    click.option("--reason", required=True, help="Why (kept in the switch's history)"),
]


def _with_who(command):
    for option in reversed(_who):
        command = option(command)
    return command


def _show() -> None:
    ctx = services()
    ctx.switches.forget()
    site = ctx.site_config()
    promo = site.holiday_promo
    click.echo(f"maintenance: {'on' if site.maintenance else 'off'}")
    click.echo(
        f"holiday-promo: {promo.coupon_code or '-'} from {promo.starts or '-'} to {promo.ends or '-'} "
        f"({'active today' if promo.is_active(ctx.clock.now().date()) else 'inactive today'})"
    )


def register(app: Flask) -> None:
    site = AppGroup("site", help="Runtime switches: maintenance mode, holiday promotion.")
    app.cli.add_command(site)

    @site.command("show")
    def show() -> None:
        """The switches in force (stored ones over the environment's defaults)."""
        _show()

    @site.group("set")
    def set_() -> None:
        """Set a switch."""

    @set_.command("maintenance")
    @click.argument("state", type=click.Choice(["on", "off"]))
    @_with_who
    def maintenance(state, changed_by, reason) -> None:
        """Every API call but health, /v4/site and the docs answers 503 while on (within SITE_CACHE_SECONDS)."""
        try:
            services().switches.set_maintenance(state == "on", changed_by, reason)
        except SwitchError as error:
            raise click.UsageError(str(error)) from None
        _show()

    @set_.command("holiday-promo")
    @click.option("--from", "starts", required=True, type=click.DateTime(formats=["%Y-%m-%d"]))
    @click.option("--to", "ends", required=True, type=click.DateTime(formats=["%Y-%m-%d"]))
    @click.option("--coupon", required=True, help="The coupon the holiday modal offers")
    @_with_who
    def holiday_promo(starts, ends, coupon, changed_by, reason) -> None:
        """The holiday modal's dates (UTC days, both included) and coupon."""
        ctx = services()

        def exists(code: str) -> bool:
            with ctx.read() as uow:
                return uow.coupons.by_code(code) is not None

        try:
            ctx.switches.set_holiday_promo(
                starts.date(), ends.date(), coupon, changed_by, reason, exists
            )
        except SwitchError as error:
            raise click.UsageError(str(error)) from None
        _show()

    @site.command("reset")
    @click.argument("name", type=click.Choice(list(_NAMES)))
    @_with_who
    def reset(name, changed_by, reason) -> None:
        """Back to the environment's value (MAINTENANCE_MODE, HOLIDAY_PROMO_*)."""
        try:
            services().switches.reset(_NAMES[name], changed_by, reason)
        except SwitchError as error:
            raise click.UsageError(str(error)) from None
        _show()

    @site.command("history")
    @click.option("--limit", default=20, type=click.IntRange(1, 1000), show_default=True)
    def history(limit) -> None:
        """Who changed which switch, when and why (latest first)."""
        for change in services().switches.history(limit):
            value = (
                "default"
                if change["value"] is None
                else json.dumps(change["value"], sort_keys=True)
            )
            click.echo(
                f"{change['changed_at'].isoformat()}  {change['name']} = {value}  by {change['changed_by']}: "
                f"{change['reason']}"
            )
