"""URL converters. Integer path parameters are database ids: a number past a 32-bit signed integer
cannot name a row, and handing it to the database is an overflow (a 500), so the route answers 404."""

from __future__ import annotations

from flask import Flask
from flask_smorest import Api
from flask_smorest.spec.plugins import integerconverter2paramschema
from werkzeug.routing import IntegerConverter

MAX_ID = 2**31 - 1  # INTEGER on PostgreSQL; SQLite's are wider


class IdConverter(IntegerConverter):
    def __init__(self, map, *args, **kwargs) -> None:  # noqa: A002 - werkzeug's name
        kwargs.setdefault("max", MAX_ID)
        super().__init__(map, *args, **kwargs)


def install(app: Flask, api: Api) -> None:
    """Before the blueprints: `<int:…>` in every route is an IdConverter, documented with its bounds."""
    app.url_map.converters["int"] = IdConverter
    api.register_converter(IdConverter, integerconverter2paramschema)
