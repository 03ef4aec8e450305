"""Licenses and promotional license cards for a country, in the visitor's language."""

from __future__ import annotations

from dataclasses import dataclass

from core.domain.accounts import pick_language
from core.domain.licenses import (
    DEFAULT_COUNT,
    LICENSE_APPS,
    MAX_COUNT,
    License,
    LicenseShelf,
    card_colour,
)


@dataclass(frozen=True)
class LicenseView:
    """A license in the visitor's language (read model; bff/resources/licenses/schemas.py names it)."""

    id: str
    title: str | None
    name_key: str | None
    image: str
    apps: list[str]


@dataclass(frozen=True)
class CardView:
    id: str
    image: str
    color: str
    licenses: list[LicenseView]


def licenses_for(
    shelf: LicenseShelf,
    country: str,
    language: str | None,
    count: int = DEFAULT_COUNT,
    app: str | None = None,
) -> list[LicenseView]:
    """Licenses we hold the rights to in `country` (and shown in `app`, if given), in file order."""
    language = pick_language(language)
    found = [
        lic
        for lic in shelf.licenses()
        if lic.available_in(country) and (app is None or app in lic.apps)
    ]
    return [license_view(lic, language) for lic in found[: _bounded(count)]]


def promotional_cards(
    shelf: LicenseShelf, country: str, language: str | None, count: int = DEFAULT_COUNT
) -> list[CardView]:
    """Cards available in `country`, each with its licenses available there; the colours cycle
    in answer order, so neighbouring cards never share one."""
    language = pick_language(language)
    by_id = {lic.license_id: lic for lic in shelf.licenses()}
    shown = []
    for card in shelf.promotional_cards():
        members = [by_id[i] for i in card.license_ids if by_id[i].available_in(country)]
        if card.available_in(country) and members:
            shown.append((card, members))
    return [
        CardView(
            id=card.card_id,
            image=card.image,
            color=card_colour(position),
            licenses=[license_view(lic, language) for lic in members],
        )
        for position, (card, members) in enumerate(shown[: _bounded(count)])
    ]


def license_view(lic: License, language: str) -> LicenseView:
    return LicenseView(
        id=lic.license_id,
        title=lic.title(language),
        name_key=lic.name_key,
        image=lic.image,
        apps=[a for a in LICENSE_APPS if a in lic.apps],
    )


def _bounded(count: int) -> int:
    return max(1, min(count, MAX_COUNT))
