"""argon2id over the client's SHA-256 hash (OWASP minimum: m=19 MiB, t=2, p=1)."""

from __future__ import annotations

from argon2 import PasswordHasher, Type
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError


class Argon2Hasher:
    def __init__(
        self, memory_kib: int = 19 * 1024, time_cost: int = 2, parallelism: int = 1
    ) -> None:
        self._hasher = PasswordHasher(
            time_cost=time_cost, memory_cost=memory_kib, parallelism=parallelism, type=Type.ID
        )

    def hash(self, secret: str) -> str:
        return self._hasher.hash(secret)

    def verify(self, stored: str, secret: str) -> bool:
        try:
            return self._hasher.verify(stored, secret)
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            return False

    def needs_rehash(self, stored: str) -> bool:
        return self._hasher.check_needs_rehash(stored)
