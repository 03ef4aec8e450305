"""Ports for password hashing and rate limiting."""

from __future__ import annotations

from typing import Protocol


class PasswordHasher(Protocol):
    def hash(self, secret: str) -> str: ...
    def verify(self, stored: str, secret: str) -> bool: ...
    def needs_rehash(self, stored: str) -> bool: ...


class RateLimiter(Protocol):
    def hit(self, key: str, limit: int, window_seconds: int) -> bool:
        """Count one attempt; False when the limit for the window is exceeded."""

    def retry_after(self, window_seconds: int) -> int:
        """Seconds until the current window ends: when a refused attempt may be tried again."""
