"""AnswerSchema (bff/schemas.py) reads attributes and writes values its own short way; the answers must be
the ones marshmallow's own dump gives: dotted attributes, a None on the way, mappings, missing attributes and
dump defaults, objects inside lists, values a field converts (an int to a String, a bool to an Integer),
fields that format (dates, amounts, nested answers) and fields that compute their value."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from marshmallow import Schema, fields

from bff.resources.subscriptions.schemas import AccountSchema
from bff.schemas import AnswerSchema, CamelDict, Money


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


@dataclass
class Row:
    text: Any = "t"
    number: Any = 3
    count_text: Any = 12
    ratio: Any = 0.5
    flag: Any = True
    raw: Any = None
    when: Any = None
    day: Any = None
    amount: Any = None
    inner: Any = None
    inners: Any = None
    blob: Any = None


def _many_fields(base: type[Schema]) -> dict:
    inner = base.from_dict(
        {"name": fields.String(), "count": fields.Integer()}, name=f"{base.__name__}In"
    )
    return {
        "text": fields.String(),
        "number": fields.Integer(),
        "count_text": fields.Integer(as_string=True),
        "ratio": fields.Float(),
        "flag": fields.Boolean(data_key="isFlag"),
        "raw": fields.Raw(),
        "when": fields.DateTime(),
        "day": fields.Date(),
        "amount": Money(),
        "inner": fields.Nested(inner),
        "inners": fields.List(fields.Nested(inner)),
        "blob": CamelDict(),
        "computed": fields.Method("shout"),
        "fixed": fields.Constant("always"),
        "made": fields.Function(lambda obj: "made"),
    }


class PlainRow(Schema.from_dict(_many_fields(Schema), name="PlainRowBase")):  # type: ignore[misc]
    def shout(self, obj):
        return str(getattr(obj, "text", "")).upper()


class QuickRow(AnswerSchema.from_dict(_many_fields(AnswerSchema), name="QuickRowBase")):  # type: ignore[misc]
    def shout(self, obj):
        return str(getattr(obj, "text", "")).upper()


ROWS = [
    Row(),
    Row(text=5, number=True, ratio=2, flag=None, raw={"a": 1}),  # values the fields convert
    Row(text=None, number=None, ratio=None, raw=[1, 2]),
    Row(number="7", ratio="1.5", text=b"bytes"),
    Row(
        when=datetime(2026, 11, 27, 23, 0, tzinfo=UTC),
        day=date(2026, 11, 27),
        amount=Decimal("9.90"),
        inner=Inner(),
        inners=[Inner(), Inner(name="b", count=None)],
        blob={"snake_case": {"deeper_key": 1}},
    ),
    Row(inner={"name": "from a dict", "count": 4}, inners=[]),
    {"text": "a whole dict", "number": 1, "inner": None},
]


@pytest.mark.parametrize("row", ROWS, ids=range(len(ROWS)))
def test_every_kind_of_field_gives_marshmallows_answer(row):
    assert QuickRow().dump(row) == PlainRow().dump(row)
    assert QuickRow(many=True).dump([row, row]) == PlainRow(many=True).dump([row, row])
    assert QuickRow(only=("text", "computed")).dump(row) == PlainRow(
        only=("text", "computed")
    ).dump(row)


values = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**40), max_value=2**40),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=5),
    st.decimals(allow_nan=False, allow_infinity=False, places=2, min_value=-1000, max_value=1000),
)


@settings(max_examples=300, deadline=None)
@given(text=values, number=values, ratio=values, flag=values, raw=values)
@example(text=None, number=None, ratio="NAN", flag=None, raw=None)  # NaN, found by a CI run
def test_any_values_give_marshmallows_answer_or_its_error(text, number, ratio, flag, raw):
    row = Row(text=text, number=number, ratio=ratio, flag=flag, raw=raw)
    try:
        expected: Any = PlainRow(only=("text", "number", "ratio", "flag", "raw")).dump(row)
    except Exception as error:  # a value the field cannot format: the same error from both
        expected = type(error)
    try:
        got: Any = QuickRow(only=("text", "number", "ratio", "flag", "raw")).dump(row)
    except Exception as error:
        got = type(error)
    # repr: a Float field makes NaN of the text "nan", and NaN equals nothing, itself included
    assert repr(got) == repr(expected)


def test_an_answer_keeps_its_schemas_order_on_the_wire(client):
    """The JSON of an answer lists its names in the schema's order (the OpenAPI document's), not sorted:
    Flask 3 sorts unless `app.json.sort_keys` is off (bff/__init__.py)."""
    from tests.helpers import bearer, signed_up

    answer = client.get("/v5/subscriptions", headers=bearer(signed_up(client)))
    names = list(json.loads(answer.get_data(as_text=True)))
    assert names == [f.data_key or name for name, f in AccountSchema().dump_fields.items()]
    assert names != sorted(names)


def test_the_account_answer_shows_only_what_the_start_up_read_takes():
    """The account part of the answer reads AccountSummary's fields only, so `/v5/subscriptions` (which
    reads just those columns) and the calls that hold the whole account give the same answer. A field
    added to AccountSchema must be added to AccountSummary too."""
    from dataclasses import fields as dataclass_fields

    from core.domain.accounts import Account, AccountSummary
    from core.services.profile import AccountView

    shown = {
        f.attribute.split(".", 1)[1]
        for f in AccountSchema().fields.values()
        if (f.attribute or "").startswith("account.")
    }
    assert shown and shown <= {f.name for f in dataclass_fields(AccountSummary)}
    whole = Account(
        email="parent@example.com",
        password_hash="$argon2id$...",
        name="Ada",
        language="fr",
        language_chosen=True,
        is_email_confirmed=True,
        terms_version="2026-01",
        id=7,
    )
    assert AccountSchema().dump(AccountView(AccountSummary.of(whole), [])) == AccountSchema().dump(
        AccountView(whole, [])
    )
