"""Operator commands: `flask --app bff seed`, `flask --app bff outbox deliver`, `flask --app bff payments refund`,
`flask --app bff sandbox decline-renewal`."""

from __future__ import annotations

import click
from flask import Flask
from flask.cli import AppGroup

from bff.context import container
from core.domain.coupons import TYPES


def register(app: Flask) -> None:
    @app.cli.command("seed")
    def seed() -> None:
        """Load the demo data (idempotent)."""
        from core.adapters.db.seeding import seed_demo

        c = container()
        added = seed_demo(c.engine, c.services.hasher, terms_version=c.settings.terms_version)
        click.echo(f"seeded: {added['accounts']} account(s), {added['coupons']} coupon(s) added")

    sandbox = AppGroup("sandbox", help="The sandbox gateway's renewals, for `make run`.")
    app.cli.add_command(sandbox)

    @sandbox.command("decline-renewal")
    @click.argument("subscription_id", type=int)
    def decline_renewal(subscription_id: int) -> None:
        """The renewal of SUBSCRIPTION_ID is declined, as a Braintree decline nonce would be: Past_Due and the
        payment-failed e-mail with its update link (docs/billing.md#fixing-a-failed-payment)."""
        from core.services import sandbox_renewals

        try:
            c = container()
            state = sandbox_renewals.decline_renewal(c.services, c.gateway, subscription_id)
        except ValueError as exc:
            raise click.UsageError(str(exc)) from None
        click.echo(f"subscription {subscription_id}: {state}")

    coupons = AppGroup("coupons", help="Coupon batches for partner campaigns.")
    app.cli.add_command(coupons)

    @coupons.command("create")
    @click.option(
        "--type", "coupon_type", required=True, type=click.Choice(TYPES), help="Coupon type"
    )
    @click.option("--duration", required=True, help="P{n}M or P{n}D, e.g. P3M")
    @click.option("--count", default=1, type=click.IntRange(1, 100_000), show_default=True)
    @click.option("--prefix", default="", help="Code prefix, e.g. the partner's name")
    @click.option(
        "--product", default="lumo", show_default=True, help="lumo_TV, lumo_BOOKS, lumo_ALL or lumo"
    )
    @click.option("--partner", default=None, help="Only this partner's users may redeem it")
    @click.option(
        "--discount-price", default=None, help="Discounted price per cycle (discount types)"
    )
    @click.option("--plan-type", default=None, type=click.Choice(["P1M", "P1Y"]))
    @click.option("--bundle", is_flag=True, help="Discount needs two or more apps")
    @click.option(
        "--expires", default=None, help="ISO date-time with offset, e.g. 2027-01-01T00:00:00+00:00"
    )
    def create(
        coupon_type,
        duration,
        count,
        prefix,
        product,
        partner,
        discount_price,
        plan_type,
        bundle,
        expires,
    ):
        """Create COUNT random single codes and print them as CSV."""
        from core.services.coupon_batches import BatchError, create_batch, from_row

        try:
            template = from_row(
                {
                    "code": "TEMPLATE",
                    "coupon_type": coupon_type,
                    "duration_code": duration,
                    "product": product,
                    "partner": partner or "",
                    "discount_price": discount_price or "",
                    "plan_type": plan_type or "",
                    "is_bundle_discount": "1" if bundle else "",
                    "expires_at": expires or "",
                }
            )
            codes = create_batch(container().services, template, count, prefix)
        except (BatchError, ValueError) as exc:
            raise click.UsageError(str(exc)) from None
        click.echo("code,coupon_type,duration_code,product,partner")
        for code in codes:
            click.echo(f"{code},{coupon_type},{duration.upper()},{product},{partner or ''}")

    @coupons.command("import")
    @click.argument("csv_file", type=click.File(encoding="utf-8"))
    def import_(csv_file):
        """Import coupons from CSV (header: code,coupon_type,duration_code[,product,discount_price,
        is_bundle_discount,plan_type,partner,expires_at]). All rows or none."""
        import csv

        from core.services.coupon_batches import import_rows

        report = import_rows(container().services, list(csv.DictReader(csv_file)))
        if report.errors:
            for error in report.errors:
                click.echo(error, err=True)
            raise SystemExit(1)
        click.echo(f"imported {report.added} coupon(s), {report.skipped} already there")

    outbox = AppGroup("outbox", help="The transactional outbox.")
    app.cli.add_command(outbox)

    @outbox.command("deliver")
    def deliver() -> None:
        """Deliver every due message now: e-mails, analytics forwards, partner callbacks."""
        report = container().deliver_outbox()
        click.echo(
            f"delivered {report.delivered['email']} e-mail(s), {report.delivered['analytics']} analytics "
            f"record(s), {report.delivered['partner']} partner callback(s); {report.retrying} to retry, "
            f"{report.dead} dead-lettered"
        )

    @outbox.command("dead")
    @click.option(
        "--kind", type=click.Choice(["email", "analytics", "partner", "gateway"]), default=None
    )
    @click.option("--limit", default=100, type=click.IntRange(1, 10_000), show_default=True)
    def dead(kind, limit) -> None:
        """List dead-lettered messages (given up after OUTBOX_MAX_ATTEMPTS, or refused by the receiver)."""
        from core.services.outbox_dispatch import dead_letters

        messages = dead_letters(container().services, kind, limit)
        if not messages:
            click.echo("no dead-lettered messages")
            return
        click.echo(
            f"{'id':>8}  {'kind':<9} {'topic':<22} {'tries':>5}  {'dead since':<20} last error"
        )
        for m in messages:
            assert m.dead_at is not None  # dead-lettered
            click.echo(
                f"{m.id:>8}  {m.kind:<9} {m.topic:<22} {m.attempts:>5}  "
                f"{m.dead_at.strftime('%Y-%m-%d %H:%M:%S'):<20} {m.last_error or ''}"
            )

    @outbox.command("retry")
    @click.argument("message_ids", nargs=-1, type=int, required=True)
    def retry(message_ids) -> None:
        """Re-queue dead-lettered messages by id, with a fresh set of attempts."""
        from core.services.outbox_dispatch import requeue

        done = requeue(container().services, list(message_ids))
        for message_id in message_ids:
            outcome = (
                "re-queued" if message_id in done else "not dead-lettered (unknown or pending)"
            )
            click.echo(f"{message_id}: {outcome}")
        if len(done) != len(message_ids):
            raise SystemExit(1)

    analytics = AppGroup("analytics", help="Analytics records and reports.")
    app.cli.add_command(analytics)

    @analytics.command("funnel")
    @click.option(
        "--day",
        required=True,
        type=click.DateTime(formats=["%Y-%m-%d"]),
        help="UTC day, YYYY-MM-DD",
    )
    def funnel(day) -> None:
        """Visits (OPEN_APP) -> registrations (CLICK_REGISTER) -> trials (START_FREE_TRIAL) -> paid
        (PAYMENT_DONE), distinct transactions by country and utm source."""
        from core.adapters.reports import funnel_table
        from core.services.analytics import funnel_report

        rows, total = funnel_report(container().services, day.date())
        click.echo(funnel_table(day.date(), rows, total))

    payments = AppGroup(
        "payments", help="Refunds, voids and the payment history (docs/billing-refunds.md)."
    )
    app.cli.add_command(payments)

    def _refund(transaction_id, amount, actor, reason, end_access, key, void_only) -> None:
        from core.domain.errors import DomainError
        from core.services.refunds import RefundCommand, refund

        try:
            event = refund(
                container().services,
                RefundCommand(
                    transaction_id=transaction_id,
                    actor=actor,
                    reason=reason,
                    amount=amount,
                    end_access=end_access,
                    void_only=void_only,
                    operation_key=key,
                ),
            )
        except DomainError as exc:
            raise click.ClickException(f"{exc.error.message}: nothing was done") from None
        click.echo(
            f"{event.kind} of {event.amount} {event.currency} on {event.transaction_id}: {event.status} "
            f"(event {event.id}, gateway {event.gateway_ref or '-'}"
            f"{', access ended' if event.end_access else ''})"
        )

    @payments.command("refund")
    @click.argument("transaction_id")
    @click.option(
        "--amount", default=None, help="Decimal, e.g. 12.50; default: everything not yet refunded"
    )
    @click.option(
        "--actor", required=True, help="Who refunds (your name or e-mail): kept with the refund"
    )
    @click.option("--reason", required=True, help="Why: kept with the refund")
    @click.option(
        "--end-access",
        is_flag=True,
        help="Also end the subscription's access now (and its renewal)",
    )
    @click.option(
        "--key",
        default=None,
        help="Operation key: the same key is the same refund (default: derived "
        "from the transaction, amount, actor and reason)",
    )
    def refund_command(transaction_id, amount, actor, reason, end_access, key) -> None:
        """Give money back: a charge not yet settled is voided (whole), a settled one refunded."""
        _refund(transaction_id, amount, actor, reason, end_access, key, void_only=False)

    @payments.command("void")
    @click.argument("transaction_id")
    @click.option(
        "--actor", required=True, help="Who voids (your name or e-mail): kept with the void"
    )
    @click.option("--reason", required=True, help="Why: kept with the void")
    @click.option(
        "--end-access",
        is_flag=True,
        help="Also end the subscription's access now (and its renewal)",
    )
    @click.option("--key", default=None, help="Operation key: the same key is the same void")
    def void_command(transaction_id, actor, reason, end_access, key) -> None:
        """Cancel a charge that has not settled yet (refused once it has: refund it instead)."""
        _refund(transaction_id, None, actor, reason, end_access, key, void_only=True)

    @payments.command("history")
    @click.option("--subscription", "subscription_id", type=int, default=None)
    @click.option("--transaction", "transaction_id", default=None)
    def history_command(subscription_id, transaction_id) -> None:
        """Charges, refunds, voids and disputes, oldest first, with who and why."""
        from core.services.refunds import history

        if subscription_id is None and transaction_id is None:
            raise click.UsageError("give --subscription or --transaction")
        events = history(
            container().services, subscription_id=subscription_id, transaction_id=transaction_id
        )
        click.echo(
            f"{'when (UTC)':<20} {'kind':<15} {'amount':>9} {'cur':<4} {'status':<10} {'transaction':<22} "
            f"{'actor':<20} reason"
        )
        for e in events:
            click.echo(
                f"{e.created_at:%Y-%m-%d %H:%M:%S} {e.kind:<15} {e.amount if e.amount is not None else '':>9} "
                f"{e.currency or '':<4} {e.status:<10} {e.transaction_id:<22} {e.actor:<20} {e.reason}"
            )

    from bff.resources.ops import cli as ops_cli

    ops_cli.register(app)
