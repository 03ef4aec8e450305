"""flask-smorest's Blueprint, with argument schemas instantiated once and documentation-only decorators
that add no call layer.

webargs builds a new schema instance on every request when it is given a schema class; building one
deep-copies its declared fields (about a tenth of a millisecond, more than the whole `/v5/plans` view).
marshmallow 4 schemas keep no per-request state, so one shared instance per route is safe.

flask-smorest's `alt_response` and `doc` only add to the OpenAPI document, yet each wraps the view in a
function that calls it through `current_app.ensure_sync` (a proxy lookup and a coroutine check): a view
with its error answers documented for four statuses and a bearer ran five such layers on every request.
Here the view keeps the documentation those decorators build and is returned itself (the OpenAPI
document is the same: tests/bff/test_blueprint_layers.py)."""

from __future__ import annotations

import flask_smorest
from marshmallow import Schema


def _documentation_only(decorator):
    def apply(view):
        wrapper = decorator(view)
        view._apidoc = wrapper._apidoc  # a copy of the view's own, with this decorator's part added
        return view

    return apply


class Blueprint(flask_smorest.Blueprint):
    def arguments(self, schema, *args, **kwargs):
        if isinstance(schema, type) and issubclass(schema, Schema):
            schema = schema()
        return super().arguments(schema, *args, **kwargs)

    def alt_response(self, *args, **kwargs):
        return _documentation_only(super().alt_response(*args, **kwargs))

    def doc(self, **kwargs):  # an instance method here (static upstream): called as blp.doc(...)
        return _documentation_only(flask_smorest.Blueprint.doc(**kwargs))
