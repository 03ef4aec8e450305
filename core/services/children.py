"""Child profiles and their parental settings. A parent only ever sees their own children:
another parent's profile id answers 404 childNotFound, as an unknown id does."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime

from core.domain import errors
from core.domain.children import MAX_CHILDREN, ChildProfile, is_age_band, normalise_name
from core.domain.errors import DomainError
from core.domain.parental_settings import APPS, AppSettings, check, defaults
from core.domain.ports.unit_of_work import UnitOfWork
from core.services.context import ServiceContext


@dataclass(frozen=True)
class ChildWithSettings:
    """A profile with each app's effective settings (read model; bff/resources/children/schemas.py names it)."""

    child: ChildProfile
    settings: dict[str, AppSettings]

    @property
    def id(self) -> int | None:
        return self.child.id

    @property
    def name(self) -> str:
        return self.child.name

    @property
    def age_band(self) -> str:
        return self.child.age_band

    @property
    def created_at(self) -> datetime | None:
        return self.child.created_at


def list_children(ctx: ServiceContext, account_id: int) -> list[ChildProfile]:
    with ctx.uow() as uow:
        return uow.children.for_account(account_id)


def create(ctx: ServiceContext, account_id: int, name: str, age_band: str) -> ChildProfile:
    child = ChildProfile(
        account_id=account_id,
        name=_name(name),
        age_band=_band(age_band),
        created_at=ctx.clock.now(),
    )
    with ctx.uow() as uow:
        if uow.children.add(child, MAX_CHILDREN) is None:
            raise DomainError(errors.CHILD_LIMIT, max=MAX_CHILDREN)
        uow.commit()
    return child


def update(
    ctx: ServiceContext,
    account_id: int,
    child_id: int,
    name: str | None = None,
    age_band: str | None = None,
) -> ChildProfile:
    """Rename, or move to another age band (children grow)."""
    with ctx.uow() as uow:
        child = _owned(uow, account_id, child_id)
        if name is not None:
            child.name = _name(name)
        if age_band is not None:
            child.age_band = _band(age_band)
        uow.children.save(child)
        uow.commit()
    return child


def delete(ctx: ServiceContext, account_id: int, child_id: int) -> None:
    with ctx.uow() as uow:
        uow.children.delete(_stored_id(_owned(uow, account_id, child_id)))
        uow.commit()


def settings_of(ctx: ServiceContext, account_id: int, child_id: int) -> dict[str, AppSettings]:
    """Every app's settings; the defaults for the child's age band where nothing was saved."""
    with ctx.uow() as uow:
        child = _owned(uow, account_id, child_id)
        return _effective(uow, account_id, [child])[_stored_id(child)]


def save_settings(
    ctx: ServiceContext, account_id: int, child_id: int, app: str, settings: AppSettings
) -> AppSettings:
    settings = replace(check(app, settings), updated_at=ctx.clock.now())
    with ctx.uow() as uow:
        _owned(uow, account_id, child_id)
        uow.children.save_settings(child_id, app, settings)
        uow.commit()
    return settings


def family_settings(ctx: ServiceContext, account_id: int) -> list[ChildWithSettings]:
    """Every profile with its settings, in one call: what the apps load at start-up."""
    with ctx.uow() as uow:
        children = uow.children.for_account(account_id)
        effective = _effective(uow, account_id, children)
    return [ChildWithSettings(child, effective[_stored_id(child)]) for child in children]


def _effective(
    uow: UnitOfWork, account_id: int, children: list[ChildProfile]
) -> dict[int, dict[str, AppSettings]]:
    if not children:
        return {}
    saved = uow.children.settings([_stored_id(c) for c in children])
    account = uow.accounts.get(account_id)
    language = account.language if account else "en"
    return {
        _stored_id(c): {
            app: saved.get((_stored_id(c), app)) or defaults(app, c.age_band, language)
            for app in APPS
        }
        for c in children
    }


def _stored_id(child: ChildProfile) -> int:
    assert child.id is not None  # read from the repository
    return child.id


def _owned(uow: UnitOfWork, account_id: int, child_id: int) -> ChildProfile:
    child = uow.children.get(account_id, child_id)
    if child is None:
        raise DomainError(errors.CHILD_NOT_FOUND)
    return child


NAME_RULE = "1 to 30 characters, letters and spaces (a hyphen or apostrophe between letters)."


def _name(raw: str | None) -> str:
    name = normalise_name(raw)
    if name is None:
        raise DomainError(errors.PARAMETER_REQUIRED, errors={"name": [NAME_RULE]})
    return name


def _band(raw: str | None) -> str:
    if raw is None or not is_age_band(raw):
        raise DomainError(
            errors.PARAMETER_REQUIRED, errors={"ageBand": ["Must be one of: 3-5, 6-8, 9-10."]}
        )
    return raw
