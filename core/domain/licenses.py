"""Licenses (the series and characters behind our content) and promotional license cards.

The apps show them as logos and cards; which ones depends on the visitor's country,
because rights are bought per territory.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

CARD_COLOURS = (
    "blue",
    "green",
    "orange",
    "red",
    "yellow",
    "purple",
)  # docs/product.md#constants: cards cycle these
DEFAULT_COUNT = 20
MAX_COUNT = 100
LICENSE_APPS = ("tv", "books", "games")


def card_colour(position: int) -> str:
    return CARD_COLOURS[position % len(CARD_COLOURS)]


@dataclass(frozen=True)
class License:
    license_id: str
    image: str
    apps: frozenset[str]
    countries: frozenset[str] = frozenset()  # empty: available everywhere
    titles: dict[str, str] = field(default_factory=dict, hash=False)  # language -> title
    name_key: str | None = None  # a message key, for licenses named in the locales instead

    def available_in(self, country: str) -> bool:
        return not self.countries or country.upper() in self.countries

    def title(self, language: str) -> str | None:
        """The title in `language`, English otherwise, None for a name_key license."""
        return self.titles.get(language) or self.titles.get("en")


@dataclass(frozen=True)
class PromoCard:
    card_id: str
    image: str
    license_ids: tuple[str, ...]
    countries: frozenset[str] = frozenset()

    def available_in(self, country: str) -> bool:
        return not self.countries or country.upper() in self.countries


class LicenseShelf(Protocol):
    def licenses(self) -> list[License]: ...
    def promotional_cards(self) -> list[PromoCard]: ...
