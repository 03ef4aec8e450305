"""What no view should ever see, refused before any view runs with 400 code 0 `parameterRequired`
(`errors` says where): a NUL character anywhere (path, query, form or JSON body: PostgreSQL text cannot
hold one), a JSON body nested deeper than MAX_DEPTH (Python's parser would hit its recursion limit)
or holding a number longer than MAX_NUMBER_CHARS (a 5,000-digit integer exceeds Python's conversion
limit; such a float is infinity). Nothing is changed by a refused request. Control characters in
single-line text fields are refused by the schemas (bff.schemas.InputSchema)."""

from __future__ import annotations

import json

from flask import Flask, request

from bff.errors import error_body
from core.domain import errors

MAX_DEPTH = 32
MAX_NUMBER_CHARS = 100


class _Refused(ValueError):
    pass


def _number(kind):
    def parse(text: str):
        if len(text) > MAX_NUMBER_CHARS:
            raise _Refused("Number too long.")
        value = kind(text)
        if kind is float and value in (float("inf"), float("-inf")):
            raise _Refused("Number too large.")
        return value

    return parse


def _check_tree(value) -> str | None:
    """Depth and NUL check without recursion (an explicit stack)."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if depth > MAX_DEPTH:
            return "Nested too deeply."
        if isinstance(item, str):
            if "\x00" in item:
                return "Text cannot contain NUL characters."
        elif isinstance(item, dict):
            for key, child in item.items():
                if "\x00" in key:
                    return "Text cannot contain NUL characters."
                stack.append((child, depth + 1))
        elif isinstance(item, list):
            stack.extend((child, depth + 1) for child in item)
    return None


def json_problem(raw: bytes) -> str | None:
    """Why a JSON body is refused, or None (an unparsable body is left to the schemas' own answer)."""
    try:
        value = json.loads(
            raw,
            parse_int=_number(int),
            parse_float=_number(float),
            parse_constant=lambda name: (_ for _ in ()).throw(_Refused("Not a number.")),
        )
    except _Refused as refused:
        return str(refused)
    except RecursionError:
        return "Nested too deeply."
    except ValueError:
        return None
    return _check_tree(value)


def _refuse(where: str, why: str):
    return error_body(errors.PARAMETER_REQUIRED, errors={where: [why]})


def _has_body(environ: dict) -> bool:
    """A request body may follow: a length other than 0, or a chunked one."""
    return environ.get("CONTENT_LENGTH", "") not in ("", "0") or "HTTP_TRANSFER_ENCODING" in environ


def install(app: Flask) -> None:
    @app.before_request
    def _guard():
        if "\x00" in request.path:
            return _refuse("path", "Text cannot contain NUL characters.")
        environ = request.environ
        query = environ.get("QUERY_STRING", "")
        # A NUL reaches a decoded parameter only as itself or as %00: the query is parsed only then.
        if "\x00" in query or "%00" in query:
            for key, value in request.args.items(multi=True):
                if "\x00" in key or "\x00" in value:
                    return _refuse(key.replace("\x00", ""), "Text cannot contain NUL characters.")
        if not _has_body(environ):
            return None  # nothing else to look at (most GETs: some 60 Python calls saved)
        if request.mimetype == "application/x-www-form-urlencoded":
            if any("\x00" in k or "\x00" in v for k, v in request.form.items(multi=True)):
                return _refuse("form", "Text cannot contain NUL characters.")
        if request.is_json:
            problem = json_problem(request.get_data(cache=True))
            if problem:
                return _refuse("json", problem)
        return None
