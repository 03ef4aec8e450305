"""Analytics events as received, and the funnel counted from them."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from core.adapters.db.models.analytics import AnalyticsEventRow
from core.adapters.db.repository_base import _insert_once
from core.domain.analytics import UTM_FIELDS, AnalyticsEvent, FunnelCount


class SqlAnalytics:
    def __init__(self, session: Session) -> None:
        self.session = session

    def add(self, event: AnalyticsEvent) -> AnalyticsEvent | None:
        row = AnalyticsEventRow(
            env=event.env,
            app=event.app,
            country_code=event.country_code,
            occurred_at=event.occurred_at,
            received_at=event.received_at,
            origin=event.origin,
            platform=event.platform,
            device_type=event.device_type,
            transaction_uuid=event.transaction_uuid,
            event=event.event,
            **{f"utm_{k}": event.utm.get(k) for k in UTM_FIELDS},
        )
        if not _insert_once(self.session, row):
            return None
        event.id = row.id
        return event

    def get(self, event_id: int) -> AnalyticsEvent | None:
        row = self.session.get(AnalyticsEventRow, event_id)
        if row is None:
            return None
        utm = {k: getattr(row, f"utm_{k}") for k in UTM_FIELDS if getattr(row, f"utm_{k}")}
        return AnalyticsEvent(
            env=row.env,
            app=row.app,
            country_code=row.country_code,
            occurred_at=row.occurred_at,
            origin=row.origin,
            platform=row.platform,
            device_type=row.device_type,
            transaction_uuid=row.transaction_uuid,
            event=row.event,
            utm=utm,
            received_at=row.received_at,
            id=row.id,
        )

    def funnel_counts(self, start: datetime, end: datetime) -> list[FunnelCount]:
        source = func.coalesce(AnalyticsEventRow.utm_source, "")
        rows = self.session.execute(
            select(
                AnalyticsEventRow.country_code,
                source,
                AnalyticsEventRow.event,
                func.count(AnalyticsEventRow.transaction_uuid.distinct()),
            )
            .where(AnalyticsEventRow.received_at >= start, AnalyticsEventRow.received_at < end)
            .group_by(AnalyticsEventRow.country_code, source, AnalyticsEventRow.event)
        )
        return [
            FunnelCount(country, utm_source, event, count)
            for country, utm_source, event, count in rows
        ]
