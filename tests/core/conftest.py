from datetime import UTC, datetime

import pytest

from core.domain.clock import FixedClock
from core.services.context import ServiceContext, TokenPolicy
from tests.core.fakes import CountingJobs, FakeStore, FakeUnitOfWork, PlainHasher


@pytest.fixture
def store():
    return FakeStore()


@pytest.fixture
def ctx(store):
    return ServiceContext(
        uow=lambda: FakeUnitOfWork(store),
        hasher=PlainHasher(),
        clock=FixedClock(datetime(2026, 1, 31, 12, 0, tzinfo=UTC)),
        jobs=CountingJobs(),
        policy=TokenPolicy(),
    )
