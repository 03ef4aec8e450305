"""The unit of work: one transaction and every repository in it."""

from __future__ import annotations

from typing import Protocol

from core.domain.ports.accounts import AccountRepository, TokenRepository
from core.domain.ports.console import (
    AuditLog,
    CampaignReads,
    GrantLedger,
    OpsReads,
    RevenueReads,
    StaffRepository,
)
from core.domain.ports.consumer_law import Declarations, ReminderLog, WithdrawalLog
from core.domain.ports.family import ChildRepository, TvLinkRepository
from core.domain.ports.messaging import Outbox
from core.domain.ports.payments import (
    BillingDocuments,
    DunningLog,
    PaymentHistory,
    PaymentMethodUpdates,
    WebhookLog,
)
from core.domain.ports.privacy import ConsentLog, PersonalData, Retention
from core.domain.ports.site import AnalyticsLog, ContactMessages, NewsletterList, SiteSwitchStore
from core.domain.ports.subscriptions import CouponRepository, SubscriptionRepository


class UnitOfWork(Protocol):
    accounts: AccountRepository
    tokens: TokenRepository
    subscriptions: SubscriptionRepository
    coupons: CouponRepository
    outbox: Outbox
    webhooks: WebhookLog
    analytics: AnalyticsLog
    children: ChildRepository
    tv_links: TvLinkRepository
    consents: ConsentLog
    contact_messages: ContactMessages
    declarations: Declarations
    newsletter: NewsletterList
    personal_data: PersonalData
    retention: Retention
    payments: PaymentHistory
    billing_documents: BillingDocuments
    withdrawals: WithdrawalLog
    staff: StaffRepository
    grants: GrantLedger
    audit: AuditLog
    ops: OpsReads
    revenue: RevenueReads
    campaigns: CampaignReads
    site_switches: SiteSwitchStore
    reminders: ReminderLog
    dunning: DunningLog
    payment_method_updates: PaymentMethodUpdates

    def __enter__(self) -> UnitOfWork: ...
    def __exit__(self, *exc: object) -> None: ...
    def commit(self) -> None: ...
    def rollback(self) -> None: ...
