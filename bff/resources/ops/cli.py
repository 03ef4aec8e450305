"""`flask --app bff staff create EMAIL --role admin`: the first (and any) staff account."""

from __future__ import annotations

import click
from flask import Flask
from flask.cli import AppGroup

from bff.context import container
from core.domain.errors import DomainError
from core.domain.staff import MIN_PASSWORD_LENGTH, ROLES


def register(app: Flask) -> None:
    group = AppGroup(
        "staff", help="Staff accounts of the operator console (docs/operator-console.md)."
    )
    app.cli.add_command(group)

    @group.command("create")
    @click.argument("email")
    @click.option("--role", required=True, type=click.Choice(ROLES))
    @click.password_option(
        help=f"At least {MIN_PASSWORD_LENGTH} characters (asked for when not given)."
    )
    def create(email, role, password):
        """Create a staff member and print the TOTP provisioning URI: shown this once, scan it into an
        authenticator app now (it is not stored anywhere else readable)."""
        from core.services.ops import staff

        c = container()
        try:
            member, uri = staff.create(c.services, c.services.totp, email, password, role)
        except DomainError as exc:
            raise click.UsageError(f"{exc.error.message} {exc.params or ''}".strip()) from None
        click.echo(f"staff member {member.id} created with role {member.role}")
        click.echo(
            "TOTP provisioning URI (shown once; scan it or paste it into an authenticator app):"
        )
        click.echo(uri)
