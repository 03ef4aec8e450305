"""Retention: personal and operational data is kept only as long as it serves (RETENTION_* settings).
Run daily by the beat (tasks.purge_expired_data); every run is idempotent."""

from __future__ import annotations

import logging
from dataclasses import asdict, dataclass
from datetime import datetime, timedelta

from core.domain.contract_cancellations import declaration_purge_cutoffs
from core.domain.ports.unit_of_work import UnitOfWork
from core.domain.renewal_rules import must_keep_consent_proof, rule_for
from core.services.context import ServiceContext

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class RetentionPolicy:
    analytics_days: int = (
        395  # analytics records, by reception: 13 months (CNIL's guidance for audience data)
    )
    outbox_days: int = 30  # delivered outbox rows (e-mails, forwards, callbacks), by delivery
    tokens_days: int = (
        7  # session tokens and single-use links, after they expired, were used or revoked
    )
    contact_days: int = 365  # contact messages, by reception


@dataclass(frozen=True)
class PurgeReport:
    analytics_events: int
    outbox: int
    tokens: int
    contact_messages: int
    consent_proofs: int = 0  # consent histories of erased accounts, kept as proof until now
    declarations: int = 0  # public cancellations, docs/consumer-law.md#what-is-kept
    withdrawals: int = 0  # withdrawal declarations, the same rule


def purge_expired(ctx: ServiceContext, policy: RetentionPolicy) -> PurgeReport:
    now = ctx.clock.now()
    with ctx.uow() as uow:
        report = PurgeReport(
            analytics_events=uow.retention.purge_analytics(
                received_before=now - timedelta(days=policy.analytics_days)
            ),
            outbox=uow.retention.purge_outbox(
                delivered_before=now - timedelta(days=policy.outbox_days)
            ),
            tokens=uow.retention.purge_tokens(
                ended_before=now - timedelta(days=policy.tokens_days),
                idle_before=now - timedelta(days=ctx.policy.session_idle_days + policy.tokens_days),
            ),
            contact_messages=uow.retention.purge_contact_messages(
                received_before=now - timedelta(days=policy.contact_days)
            ),
            consent_proofs=_purge_consent_proofs(uow, now),
            **_purge_declarations(uow, now),
        )
        uow.commit()
    log.info("retention purge", extra={"fields": asdict(report)})
    return report


def _purge_declarations(uow: UnitOfWork, now: datetime) -> dict[str, int]:
    """Declarations received more than three years ago whose contract ended more than a year ago
    (docs/consumer-law.md#what-is-kept; the same shape as the US consent proof's rule)."""
    received_before, ended_before = declaration_purge_cutoffs(now)
    return {
        "declarations": uow.retention.purge_declarations(received_before, ended_before),
        "withdrawals": uow.retention.purge_withdrawals(received_before, ended_before),
    }


def _purge_consent_proofs(uow: UnitOfWork, now: datetime, limit: int = 1000) -> int:
    """The consent history an erasure kept as proof of a purchase consent goes once its country's rule
    no longer asks for it (docs/consumer-law-renewal.md#consent-proof): the contract ended at the
    latest end of its web subscriptions, or at the erasure."""
    done = []
    for account_id, country, erased_at, bought, last_end in uow.retention.kept_consent_proofs(
        limit
    ):
        ended = max(d for d in (erased_at, last_end) if d is not None)
        if bought is None or not must_keep_consent_proof(rule_for(country), bought, ended, now):
            done.append(account_id)
    return uow.retention.purge_consents(done)
