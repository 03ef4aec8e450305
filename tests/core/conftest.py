from datetime import UTC, datetime

import pytest

from core.adapters.catalogue_file import FileCatalogue
from core.adapters.payments.sandbox import SandboxGateway
from core.adapters.qr import SegnoQrEncoder
from core.domain.billing_documents import BillingPolicy, Seller
from core.domain.clock import FixedClock
from core.domain.site import SiteConfig
from core.services.context import ServiceContext, TokenPolicy
from core.services.site_switches import SiteSwitches
from tests.core.fakes import (
    CountingJobs,
    FakeSiteSwitches,
    FakeStore,
    FakeUnitOfWork,
    PlainHasher,
)


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
        billing=BillingPolicy(
            Seller("Lumo Test GmbH", "Teststrasse 1, 8000 Zürich", "CHE-000.000.000"),
            catalogue.vat_rates(),
        ),
    )
