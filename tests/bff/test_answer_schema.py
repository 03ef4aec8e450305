"""AnswerSchema (bff/schemas.py) reads attributes its own short way; the answers must be the ones
marshmallow's own lookup gives: dotted attributes, a None on the way, mappings, missing attributes and
dump defaults, objects inside lists."""

from __future__ import annotations

from dataclasses import dataclass, field

from marshmallow import Schema, fields

from bff.resources.subscriptions.schemas import AccountSchema
from bff.schemas import AnswerSchema


@dataclass
class Inner:
    name: str = "in"
    count: int = 2


@dataclass
class Outer:
    inner: Inner | None = field(default_factory=Inner)
    label: str = "out"
    extra: dict = field(default_factory=lambda: {"k": "v", "n": {"deep": 3}})
    things: list = field(default_factory=lambda: ["a", "b"])


def _fields():
    return {
        "label": fields.String(),
        "inner_name": fields.String(attribute="inner.name"),
        "inner_count": fields.Integer(attribute="inner.count"),
        "from_dict": fields.String(attribute="extra.k"),
        "deep": fields.Integer(attribute="extra.n.deep"),
        "absent": fields.String(attribute="inner.nothing_here"),
        "with_default": fields.String(attribute="nothing", dump_default="d"),
        "names": fields.List(fields.String(), attribute="things"),
        "dict_items": fields.Raw(attribute="items"),  # a dict's key "items", not its method
    }


Plain = Schema.from_dict(_fields(), name="Plain")
Quick = AnswerSchema.from_dict(_fields(), name="Quick")


def test_the_same_answers_as_marshmallows_own_lookup():
    cases = [
        Outer(),
        Outer(inner=None),
        Outer(extra={}),
        {"label": "a dict", "inner": {"name": "x", "count": 5}, "extra": {"k": "w"}, "items": 7},
        {"label": "a dict", "inner": None},
    ]
    for obj in cases:
        assert Quick().dump(obj) == Plain().dump(obj), obj
    assert Quick().dump(Outer())["inner_name"] == "in"
    assert Quick().dump({"items": 7})["dict_items"] == 7
    assert "absent" not in Quick().dump(Outer())
    assert Quick().dump(Outer(inner=None))["with_default"] == "d"


def test_the_account_answer_is_dumped_through_it():
    assert issubclass(AccountSchema, AnswerSchema)
