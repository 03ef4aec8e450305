"""The age gate in front of the parents' pages (docs/product.md#screens and docs/product.md#validation): the adult types a
birth year; a child's year blocks. The year is only compared, never stored or logged."""

from __future__ import annotations

from core.domain import errors
from core.domain.errors import DomainError

ADULT_AGE = 18
OLDEST_AGE = 120  # a year further back is a typo or a game, not a parent


def is_adult(birth_year: int, current_year: int) -> bool:
    """True for someone who turns 18 this calendar year or earlier. Implausible years
    (in the future, or more than 120 years ago) are refused with 400 birthYearInvalid."""
    if (
        isinstance(birth_year, bool)
        or not isinstance(birth_year, int)
        or not current_year - OLDEST_AGE <= birth_year <= current_year
    ):
        raise DomainError(errors.BIRTH_YEAR_INVALID)
    return current_year - birth_year >= ADULT_AGE
