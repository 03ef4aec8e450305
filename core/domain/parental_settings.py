"""Parental settings: per child profile and per app (docs/product.md#entities "Parental settings").

Each app (tv, books = Stories, games) has an age filter from its own list, a daily time
limit (None = off), a content type, a language, sound and fullscreen; Stories and Games
also have the categories the child may see. Never-saved settings are the defaults below.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import datetime

from core.domain import errors
from core.domain.accounts import LANGUAGES
from core.domain.errors import DomainError

APPS = ("tv", "books", "games")
AGE_FILTERS = {
    "tv": ("3-5", "6-8", "3-8"),
    "books": ("3-6", "7-10", "3-10"),
    "games": ("3-6", "7-10", "3-10"),
}
CONTENT_TYPES = ("mix", "cartoons", "educational", "music")
GAME_CATEGORIES = ("creativity", "logic", "memory", "casual", "multiplayer", "music")
BOOK_CATEGORIES = ("adventure", "fairy_tales", "learning", "night_stories")
CATEGORIES = {"books": BOOK_CATEGORIES, "games": GAME_CATEGORIES}  # TV has none
MIN_TIME_LIMIT, MAX_TIME_LIMIT = 5, 240  # minutes a day

# The default age filter of each app for a child's age band: the app's narrower filter that
# fits the band (a 9-10 child on TV gets 6-8, TV's oldest). Parents widen or narrow it.
DEFAULT_AGE_FILTER = {
    "3-5": {"tv": "3-5", "books": "3-6", "games": "3-6"},
    "6-8": {"tv": "6-8", "books": "7-10", "games": "7-10"},
    "9-10": {"tv": "6-8", "books": "7-10", "games": "7-10"},
}


@dataclass
class AppSettings:
    age_filter: str
    time_limit_minutes: int | None
    content_type: str
    language: str
    sound: bool
    fullscreen: bool
    categories: tuple[str, ...] | None = None  # books and games only
    updated_at: datetime | None = field(default=None, compare=False)


def defaults(app: str, age_band: str, language: str) -> AppSettings:
    """What a child gets before a parent saves anything: no time limit, every category."""
    return AppSettings(
        age_filter=DEFAULT_AGE_FILTER.get(age_band, DEFAULT_AGE_FILTER["3-5"])[app],
        time_limit_minutes=None,
        content_type="mix",
        language=language if language in LANGUAGES else "en",
        sound=True,
        fullscreen=False,
        categories=CATEGORIES[app] if app in CATEGORIES else None,
    )


def check(app: str, settings: AppSettings) -> AppSettings:
    """The settings as stored, or 400 parameterRequired with field -> messages (API field names)."""
    if app not in APPS:
        raise DomainError(errors.NOT_FOUND)
    problems: dict[str, list[str]] = {}
    if settings.age_filter not in AGE_FILTERS[app]:
        problems["ageFilter"] = [f"Must be one of: {', '.join(AGE_FILTERS[app])}."]
    limit = settings.time_limit_minutes
    if limit is not None and (
        isinstance(limit, bool)
        or not isinstance(limit, int)
        or not MIN_TIME_LIMIT <= limit <= MAX_TIME_LIMIT
    ):
        problems["timeLimitMinutes"] = [
            f"Must be null (no limit) or {MIN_TIME_LIMIT} to {MAX_TIME_LIMIT} minutes."
        ]
    if settings.content_type not in CONTENT_TYPES:
        problems["contentType"] = [f"Must be one of: {', '.join(CONTENT_TYPES)}."]
    if settings.language not in LANGUAGES:
        problems["language"] = [f"Must be one of: {', '.join(LANGUAGES)}."]
    for name in ("sound", "fullscreen"):
        if not isinstance(getattr(settings, name), bool):
            problems[name] = ["Must be true or false."]
    categories = settings.categories
    if app in CATEGORIES:
        allowed = CATEGORIES[app]
        if categories is None or any(c not in allowed for c in categories):
            problems["categories"] = [f"Must be a list of: {', '.join(allowed)}."]
        else:  # stored in the catalogue's order, once each
            categories = tuple(c for c in allowed if c in set(categories))
    elif categories:
        problems["categories"] = ["This app has no categories."]
    if problems:
        raise DomainError(errors.PARAMETER_REQUIRED, errors=problems)
    return replace(settings, categories=categories if app in CATEGORIES else None)
