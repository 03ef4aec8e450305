"""Everything a use case needs, handed in by the composition root."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from core.domain.catalogue import Catalogue
from core.domain.clock import Clock
from core.domain.payments import PaymentGateway
from core.domain.ports import JobQueue, PasswordHasher, UnitOfWork


@dataclass(frozen=True)
class TokenPolicy:
    session_days: int = 90
    reset_minutes: int = 60
    confirm_hours: int = 72
    redirect_key_seconds: int = 60


@dataclass
class ServiceContext:
    uow: Callable[[], UnitOfWork]
    hasher: PasswordHasher
    clock: Clock
    jobs: JobQueue
    policy: TokenPolicy
    default_country: str = "FR"
    gateway: PaymentGateway | None = None
    catalogue: Catalogue | None = None
