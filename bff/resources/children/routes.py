"""Child profiles and their parental settings. Another parent's profile is 404, never 403."""

from flask import g

from bff.auth import login_required
from bff.blueprint import Blueprint
from bff.context import services
from bff.resources.children.schemas import (
    SETTINGS_SCHEMAS,
    ChildListSchema,
    ChildSchema,
    ChildSettingsSchema,
    CreateChildSchema,
    FamilySettingsSchema,
    UpdateChildSchema,
)
from bff.schemas import documents
from core.domain import errors
from core.domain.children import MAX_CHILDREN
from core.domain.parental_settings import AppSettings
from core.services import children

blp = Blueprint("children", __name__, description="Child profiles and parental settings")


@blp.route("/v5/children", methods=["GET"])
@login_required
@blp.response(200, ChildListSchema)
@documents(blp, auth=True)
def list_children():
    """The account's child profiles, oldest first."""
    return {"children": children.list_children(services(), g.account_id), "max": MAX_CHILDREN}


@blp.route("/v5/children", methods=["POST"])
@login_required
@blp.arguments(CreateChildSchema)
@blp.response(201, ChildSchema)
@documents(blp, errors.CHILD_LIMIT, auth=True)
def create_child(data):
    """Add a profile: a first name or nickname and an age band only. Six at most (400 childLimitReached,
    with `max`). Invalid input: 400 code 0 parameterRequired with `errors` {field: [messages]}."""
    return children.create(services(), g.account_id, data["name"], data["ageBand"])


@blp.route("/v5/children/settings", methods=["GET"])
@login_required
@blp.response(200, FamilySettingsSchema)
@documents(blp, auth=True)
def family_settings():
    """Every profile with the settings of each app, in one call: what the apps load at start-up.
    Apps never saved show their defaults (`updatedAt` null)."""
    return {"children": children.family_settings(services(), g.account_id)}


@blp.route("/v5/children/<int:child_id>", methods=["PATCH"])
@login_required
@blp.arguments(UpdateChildSchema)
@blp.response(200, ChildSchema)
@documents(blp, errors.CHILD_NOT_FOUND, auth=True)
def update_child(data, child_id):
    """Rename a profile, or move it to another age band (send either or both)."""
    return children.update(services(), g.account_id, child_id, data["name"], data["ageBand"])


@blp.route("/v5/children/<int:child_id>", methods=["DELETE"])
@login_required
@blp.response(204)
@documents(blp, errors.CHILD_NOT_FOUND, auth=True)
def delete_child(child_id):
    """Delete a profile and its settings, at once."""
    children.delete(services(), g.account_id, child_id)


@blp.route("/v5/children/<int:child_id>/settings", methods=["GET"])
@login_required
@blp.response(200, ChildSettingsSchema)
@documents(blp, errors.CHILD_NOT_FOUND, auth=True)
def child_settings(child_id):
    """Settings of each app (tv, books = Stories, games); the defaults until saved (`updatedAt` null)."""
    return children.settings_of(services(), g.account_id, child_id)


def _put_settings(app: str):
    def view(data, child_id):
        return children.save_settings(
            services(),
            g.account_id,
            child_id,
            app,
            AppSettings(
                age_filter=data["ageFilter"],
                time_limit_minutes=data["timeLimitMinutes"],
                content_type=data["contentType"],
                language=data["language"],
                sound=data["sound"],
                fullscreen=data["fullscreen"],
                categories=tuple(data["categories"]) if "categories" in data else None,
            ),
        )

    view.__name__ = f"put_{app}_settings"
    view.__doc__ = (
        f"Replace the {app} settings of a profile (every field; this app's own age filters). "
        "Invalid values: 400 code 0 parameterRequired with `errors` {field: [messages]}."
    )
    return view


for _app, (_input, _answer) in SETTINGS_SCHEMAS.items():
    blp.route(
        f"/v5/children/<int:child_id>/settings/{_app}",
        methods=["PUT"],
        endpoint=f"put_{_app}_settings",
    )(
        login_required(
            blp.arguments(_input)(
                blp.response(200, _answer)(
                    documents(blp, errors.CHILD_NOT_FOUND, auth=True)(_put_settings(_app))
                )
            )
        )
    )
