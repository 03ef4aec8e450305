"""Every pattern of an input schema is ASCII-only and is the one OpenAPI publishes (docs/security.md#input-text):
Python's `\\d` and `\\w` match every script's digits and letters, a client reading the published pattern would
not, so `"１.００"` was refunded as 1.00."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from marshmallow import Schema, class_registry, fields, validate

import bff
from tests.bff.ops.test_money import _setup

# Shorthand classes whose meaning depends on Unicode in Python (without re.ASCII) and not in ECMAScript.
UNICODE_SHORTHANDS = re.compile(r"\\[dDwWsSbB]")


def _bff_schemas() -> Iterator[type[Schema]]:
    seen: set[type[Schema]] = set()
    for classes in class_registry._registry.values():  # every Schema class ever defined
        for cls in classes:
            if cls.__module__.startswith("bff") and cls not in seen:
                seen.add(cls)
                yield cls


def _regexps(field: fields.Field) -> Iterator[validate.Regexp]:
    for validator in field.validators:
        if isinstance(validator, validate.Regexp):
            yield validator
    if isinstance(field, fields.List):
        yield from _regexps(field.inner)


def _published(document) -> Iterator[tuple[str, str]]:
    """(property or parameter name, pattern) wherever the OpenAPI document has a pattern."""
    if isinstance(document, dict):
        for key, value in document.items():
            if key == "properties" and isinstance(value, dict):
                for name, prop in value.items():
                    if isinstance(prop, dict) and "pattern" in prop:
                        yield name, prop["pattern"]
                    for inner in (prop.get("items"),) if isinstance(prop, dict) else ():
                        if isinstance(inner, dict) and "pattern" in inner:
                            yield name, inner["pattern"]
            if key == "parameters" and isinstance(value, list):
                for parameter in value:
                    pattern = parameter.get("schema", {}).get("pattern")
                    if pattern is not None:
                        yield parameter["name"], pattern
            yield from _published(value)
    elif isinstance(document, list):
        for value in document:
            yield from _published(value)


@pytest.fixture
def published(client) -> set[tuple[str, str]]:
    return set(_published(client.get("/openapi.json").json))


def test_every_regexp_of_an_input_schema_is_ascii_and_the_one_published(client, published):
    assert bff  # the app (and so every schema) is loaded by the client fixture
    checked = []
    for schema in _bff_schemas():
        for name, field in schema._declared_fields.items():
            for regexp in _regexps(field):
                pattern = regexp.regex.pattern
                where = f"{schema.__name__}.{name}: {pattern}"
                assert pattern.isascii(), where
                assert not regexp.regex.flags & ~(re.ASCII | re.UNICODE), where  # as published
                assert regexp.regex.flags & re.ASCII or not UNICODE_SHORTHANDS.search(pattern), (
                    where
                )
                assert (field.data_key or name, pattern) in published, where
                checked.append(where)
    assert len(checked) >= 10, checked  # the walk found the schemas
    for name, pattern in published:
        assert pattern.isascii() and not UNICODE_SHORTHANDS.search(pattern), (name, pattern)


@pytest.mark.parametrize("amount", ["１.００", "٠.٥٠", "1.٠٠", "१"])
def test_refund_amounts_in_other_scripts_digits_are_refused(
    client, container, staff_members, amount
):
    account_id, _, transaction = _setup(client, container, staff_members)
    response = client.post(
        f"/ops/v1/parents/{account_id}/payments/{transaction}/refund",
        json={"amount": amount, "reason": "test", "operationKey": "attempt-0001"},
        headers=staff_members.headers("finance"),
    )
    assert (response.status_code, response.json["message"]) == (400, "parameterRequired")
    assert container.gateway.refund_calls == []
