"""The dunning steps done (core.domain.dunning): which subscriptions are past due, the once-only record of
each step, and the console's reads of them (docs/billing.md#failed-payments-and-dunning)."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import and_, exists, func, select, update
from sqlalchemy.orm import Session, aliased

from core.adapters.db.mapping import to_domain
from core.adapters.db.models.payments import DunningStepRow, PaymentRow
from core.adapters.db.models.subscriptions import SubscriptionRow
from core.adapters.db.repository_base import _insert_once
from core.domain.dunning import CLOSING_STEPS, OPENED, RECOVERED, StepKind
from core.domain.subscriptions import WEB_STORE, State, Subscription


class SqlDunning:
    def __init__(self, session: Session) -> None:
        self.session = session

    def past_due(self, limit: int, after_id: int = 0) -> list[Subscription]:
        rows = self.session.scalars(
            select(SubscriptionRow)
            .where(
                SubscriptionRow.store_id == WEB_STORE,
                SubscriptionRow.payment_state_id == State.PAST_DUE,
                SubscriptionRow.is_renewing.is_(True),
                SubscriptionRow.end_date.is_not(None),
                SubscriptionRow.id > after_id,
            )
            .order_by(SubscriptionRow.id)
            .limit(limit)
        )
        return [to_domain(r, Subscription) for r in rows]

    def claim(
        self,
        sub: Subscription,
        step: str,
        episode: str,
        at: datetime,
        outcome: str,
        amount: Decimal | None = None,
    ) -> bool:
        assert sub.id is not None  # stored
        return _insert_once(
            self.session,
            DunningStepRow(
                subscription_id=sub.id,
                account_id=sub.account_id,
                step=step,
                episode=episode,
                done_at=at,
                outcome=outcome,
                amount=amount,
                currency=sub.currency if amount is not None else None,
            ),
        )

    def settle(self, subscription_id: int, step: str, episode: str, outcome: str) -> None:
        self.session.execute(
            update(DunningStepRow)
            .where(
                DunningStepRow.subscription_id == subscription_id,
                DunningStepRow.step == step,
                DunningStepRow.episode == episode,
            )
            .values(outcome=outcome)
            .execution_options(synchronize_session=False)
        )

    def charge_since(self, subscription_id: int, since: datetime) -> tuple[Decimal, str] | None:
        """The first charge of the subscription taken at or after `since` (amount, currency)."""
        row = self.session.execute(
            select(PaymentRow.amount, PaymentRow.currency)
            .where(PaymentRow.subscription_id == subscription_id, PaymentRow.created_at >= since)
            .order_by(PaymentRow.created_at, PaymentRow.id)
            .limit(1)
        ).first()
        return (Decimal(row[0]), row[1]) if row else None

    def open_episodes(self, limit: int) -> list[tuple[Subscription, str, datetime]]:
        """Episodes opened and not yet closed (recovered or lost), with the subscription as it stands."""
        closing = aliased(DunningStepRow)
        closed = exists().where(
            closing.subscription_id == DunningStepRow.subscription_id,
            closing.episode == DunningStepRow.episode,
            closing.step.in_(CLOSING_STEPS),
        )
        rows = self.session.execute(
            select(SubscriptionRow, DunningStepRow.episode, DunningStepRow.done_at)
            .join(SubscriptionRow, SubscriptionRow.id == DunningStepRow.subscription_id)
            .where(DunningStepRow.step == OPENED, ~closed)
            .order_by(DunningStepRow.id)
            .limit(limit)
        ).all()
        return [(to_domain(r, Subscription), ep, at) for r, ep, at in rows]

    def cards_expiring(self, expiry: str, episode: str, limit: int) -> list[Subscription]:
        """Renewing web subscriptions whose card on file expires `expiry` (MM/YYYY), not yet told."""
        told = exists().where(
            DunningStepRow.subscription_id == SubscriptionRow.id,
            DunningStepRow.step == StepKind.CARD_EXPIRING.value,
            DunningStepRow.episode == episode,
        )
        rows = self.session.scalars(
            select(SubscriptionRow)
            .where(
                SubscriptionRow.store_id == WEB_STORE,
                SubscriptionRow.is_renewing.is_(True),
                SubscriptionRow.payment_state_id.in_((State.TRIAL, State.ACTIVE, State.PAST_DUE)),
                SubscriptionRow.payment_expiry == expiry,
                ~told,
            )
            .order_by(SubscriptionRow.id)
            .limit(limit)
        )
        return [to_domain(r, Subscription) for r in rows]

    def for_account(self, account_id: int) -> list[dict[str, Any]]:
        rows = self.session.execute(
            select(
                DunningStepRow.subscription_id,
                DunningStepRow.step,
                DunningStepRow.episode,
                DunningStepRow.done_at,
                DunningStepRow.outcome,
                DunningStepRow.amount,
                DunningStepRow.currency,
            )
            .where(DunningStepRow.account_id == account_id)
            .order_by(DunningStepRow.id)
        ).mappings()
        return [dict(r) for r in rows]

    def recovery_by_month(self, since_episode: str) -> list[dict[str, Any]]:
        """Per month of the failed charge and currency: episodes opened, recovered, amount recovered."""
        recovered = aliased(DunningStepRow)
        month = func.substr(DunningStepRow.episode, 1, 7)
        rows = self.session.execute(
            select(
                month.label("month"),
                DunningStepRow.currency,
                func.count().label("went_past_due"),
                func.count(recovered.id).label("recovered"),
                func.coalesce(func.sum(recovered.amount), 0).label("recovered_amount"),
            )
            .select_from(DunningStepRow)
            .outerjoin(
                recovered,
                and_(
                    recovered.subscription_id == DunningStepRow.subscription_id,
                    recovered.episode == DunningStepRow.episode,
                    recovered.step == RECOVERED,
                ),
            )
            .where(DunningStepRow.step == OPENED, DunningStepRow.episode >= since_episode)
            .group_by(month, DunningStepRow.currency)
            .order_by(month, DunningStepRow.currency)
        ).mappings()
        return [
            {**r, "recovered_amount": Decimal(r["recovered_amount"]).quantize(Decimal("0.01"))}
            for r in rows
        ]
