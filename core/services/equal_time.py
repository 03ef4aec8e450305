"""A login for an address without an account costs the same password check as one with an account, so its
answer does not come back sooner (docs/security.md#login-timing): the password is verified against a dummy
hash made once per hasher with the hasher's own parameters."""

from __future__ import annotations

from weakref import WeakKeyDictionary

from core.domain.ports.security import PasswordHasher

# A client hash no parent can have sent: its argon2 never matches a real login.
_DUMMY_SECRET = "0" * 64
_dummy_hashes: WeakKeyDictionary[PasswordHasher, str] = WeakKeyDictionary()


def verify_nobody(hasher: PasswordHasher, password: str) -> None:
    """As `hasher.verify` on a stored hash, for nobody: the same work, no outcome."""
    try:
        stored = _dummy_hashes.get(hasher)
    except TypeError:  # a hasher that cannot be weakly referenced: hash each time (twice the work)
        stored = None
    if stored is None:
        stored = hasher.hash(_DUMMY_SECRET)
        try:
            _dummy_hashes[hasher] = stored
        except TypeError:
            pass
    hasher.verify(stored, password)
