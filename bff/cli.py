"""Operator commands: `flask --app bff seed`, `flask --app bff outbox deliver`."""
from __future__ import annotations

import click
from flask import Flask
from flask.cli import AppGroup

from bff.context import container


def register(app: Flask) -> None:
    @app.cli.command("seed")
    def seed() -> None:
        """Load the demo data (idempotent)."""
        from core.adapters.db.seeding import seed_demo

        c = container()
        added = seed_demo(c.engine, c.services.hasher)
        click.echo(f"seeded: {added['accounts']} account(s), {added['coupons']} coupon(s) added")

    outbox = AppGroup("outbox", help="The transactional outbox.")
    app.cli.add_command(outbox)

    @outbox.command("deliver")
    def deliver() -> None:
        """Deliver every pending e-mail now."""
        click.echo(f"delivered {container().deliver_emails()} e-mail(s)")
