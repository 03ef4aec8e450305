from datetime import UTC, datetime

import pytest

from core.adapters.catalogue_file import FileCatalogue
from core.adapters.email_templates import LocaleEmailTemplates
from core.adapters.payments.sandbox import SandboxGateway
from core.adapters.qr import SegnoQrEncoder
from core.adapters.rate_limit import MemoryRateLimiter
from core.adapters.totp import PyotpTotp
from core.bootstrap import rate_limits
from core.domain.billing_documents import BillingPolicy, Seller
from core.domain.clock import FixedClock
from core.domain.site import SiteConfig
from core.services.context import ClientPolicy, ServiceContext, TokenPolicy
from core.services.email_delivery import MailSetup
from core.services.site_switches import SiteSwitches
from core.settings import Settings
from tests.core.fakes import (
    CountingJobs,
    FakeSiteSwitches,
    FakeStore,
    FakeUnitOfWork,
    PlainHasher,
)
from tests.helpers import RecordingMailer


@pytest.fixture
def store():
    return FakeStore()


@pytest.fixture
def ctx(store):
    clock = FixedClock(datetime(2026, 1, 31, 12, 0, tzinfo=UTC))
    catalogue = FileCatalogue.load()
    return ServiceContext(
        uow=lambda: FakeUnitOfWork(store),
        hasher=PlainHasher(),
        clock=clock,
        jobs=CountingJobs(),
        policy=TokenPolicy(),
        gateway=SandboxGateway(clock=clock),
        catalogue=catalogue,
        qr=SegnoQrEncoder(),
        switches=SiteSwitches(FakeSiteSwitches(), defaults=SiteConfig(), clock=clock),
        licenses=catalogue,
        mail=MailSetup(
            RecordingMailer(), LocaleEmailTemplates(Settings().locales_dir), "http://lumo.test"
        ),
        totp=PyotpTotp(),
        rate_limits=rate_limits(Settings(), MemoryRateLimiter()),
        clients=ClientPolicy(trusted_country_header="X-Country-Code", analytics_api_keys=()),
        billing=BillingPolicy(
            Seller("Lumo Test GmbH", "Teststrasse 1, 8000 Zürich", "CHE-000.000.000"),
            catalogue.vat_rates(),
        ),
    )
