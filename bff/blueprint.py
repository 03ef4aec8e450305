"""flask-smorest's Blueprint, with argument schemas instantiated once and documentation-only decorators
that add no call layer.

webargs builds a new schema instance on every request when it is given a schema class; building one
deep-copies its declared fields (about a tenth of a millisecond, more than the whole `/v5/plans` view).
marshmallow 4 schemas keep no per-request state, so one shared instance per route is safe.

flask-smorest's `alt_response` and `doc` only add to the OpenAPI document, yet each wraps the view in a
function that calls it through `current_app.ensure_sync` (a proxy lookup and a coroutine check): a view
with its error answers documented for four statuses and a bearer ran five such layers on every request.
Here the view keeps the documentation those decorators build and is returned itself (the OpenAPI
document is the same: tests/bff/test_blueprint_layers.py).

A query schema that sets `remember_queries = True` has each query string it parsed remembered
(`QueryParser`): the public catalogue reads are called with the same few query strings by every visitor,
and webargs reading two parameters through the schema was the largest part of `GET /v5/plans` (about 130
of its 790 Python calls, docs/benchmarks.md#python-calls-per-request)."""

from __future__ import annotations

from typing import Any

import flask
import flask_smorest
from marshmallow import Schema
from webargs.flaskparser import FlaskParser


class QueryParser(FlaskParser):
    """webargs' Flask parser; for a schema with `remember_queries`, a query string it has parsed is not
    parsed again: the answer is a fresh copy of the first one's (a dict of the schema's loaded values,
    which for such a schema are immutable: strings, numbers, booleans, None). The parse is a pure
    function of the raw query string (the schema reads nothing else), so the copy is what the parse
    would give. Only successful parses are kept (a refused query is refused each time, with its error);
    at most `REMEMBERED` strings, forgotten all at once when full (a crawler's random queries cannot
    grow it)."""

    REMEMBERED = 1024

    def __init__(self) -> None:
        super().__init__()
        self._parsed: dict[tuple[Schema, str, str], dict[str, Any]] = {}

    def parse(self, argmap, req=None, *, location=None, validate=None, **kwargs):
        if (
            location != "query"
            or validate is not None
            or not getattr(argmap, "remember_queries", False)
        ):
            return super().parse(argmap, req, location=location, validate=validate, **kwargs)
        key = (  # the schema itself (kept alive by its route, hashed by identity), not its id
            argmap,
            str(kwargs.get("unknown")),
            (req or flask.request).environ.get("QUERY_STRING", ""),
        )
        parsed = self._parsed.get(key)
        if parsed is None:
            parsed = super().parse(argmap, req, location=location, **kwargs)
            if len(self._parsed) >= self.REMEMBERED:
                self._parsed.clear()
            self._parsed[key] = parsed
        return dict(parsed)


def _documentation_only(decorator):
    def apply(view):
        wrapper = decorator(view)
        view._apidoc = wrapper._apidoc  # a copy of the view's own, with this decorator's part added
        return view

    return apply


class Blueprint(flask_smorest.Blueprint):
    ARGUMENTS_PARSER = QueryParser()

    def arguments(self, schema, *args, **kwargs):
        if isinstance(schema, type) and issubclass(schema, Schema):
            schema = schema()
        return super().arguments(schema, *args, **kwargs)

    def alt_response(self, *args, **kwargs):
        return _documentation_only(super().alt_response(*args, **kwargs))

    def doc(self, **kwargs):  # an instance method here (static upstream): called as blp.doc(...)
        return _documentation_only(flask_smorest.Blueprint.doc(**kwargs))
