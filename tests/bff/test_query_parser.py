"""Query strings remembered once parsed, for the query schemas that ask (bff/blueprint.py `QueryParser`):
the same answer as a parse, a fresh copy each time, refusals never remembered, the memory bounded."""

from __future__ import annotations

import pytest
from webargs.flaskparser import FlaskParser

from bff.blueprint import Blueprint, QueryParser

PARSER = Blueprint.ARGUMENTS_PARSER


@pytest.fixture
def parses(monkeypatch):
    """Each schema webargs actually ran (the parses the memory did not answer), by class name."""
    ran: list[str] = []
    real = FlaskParser.parse

    def counted(self, argmap, *args, **kwargs):
        ran.append(type(argmap).__name__)
        return real(self, argmap, *args, **kwargs)

    monkeypatch.setattr(FlaskParser, "parse", counted)
    monkeypatch.setattr(PARSER, "_parsed", {})
    return ran


def test_the_blueprints_parse_with_it():
    assert isinstance(PARSER, QueryParser)


def test_a_query_string_is_parsed_once_and_answered_the_same(client, parses):
    first = client.get("/v5/plans?countryCode=CH&showAll=true")
    again = client.get("/v5/plans?countryCode=CH&showAll=true")
    assert first.status_code == again.status_code == 200
    assert first.get_data() == again.get_data()
    assert parses == ["PlansQuerySchema"]
    assert {plan["currency"] for plan in again.json["monthly_plan"]} == {"CHF"}
    assert any(plan["isPromo"] for plan in again.json["monthly_plan"])  # showAll=true still read


def test_each_query_string_has_its_own_answer(client, parses):
    swiss = client.get("/v5/plans?countryCode=CH")
    american = client.get("/v5/plans?countryCode=US")
    no_query = client.get("/v5/plans", headers={"X-Country-Code": "DE"})
    assert {p["currency"] for p in swiss.json["monthly_plan"]} == {"CHF"}
    assert {p["currency"] for p in american.json["monthly_plan"]} == {"USD"}
    assert {p["currency"] for p in no_query.json["monthly_plan"]} == {"EUR"}
    assert parses == ["PlansQuerySchema"] * 3
    # the register page's price has its own schema instance: the same string is parsed for it too
    client.get("/v5/plans/register?countryCode=CH")
    assert parses[-1] == "CountryQuerySchema"


def test_a_refused_query_is_refused_every_time_and_never_remembered(client, parses):
    answers = [client.get("/v5/plans?showAll=perhaps") for _ in range(2)]
    assert [a.status_code for a in answers] == [400, 400]
    assert answers[0].json == answers[1].json
    assert answers[0].json["message"] != "somethingWentWrong"  # the validation error's own answer
    assert parses == ["PlansQuerySchema"] * 2
    assert PARSER._parsed == {}


def test_every_caller_gets_its_own_copy(app, parses):
    from bff.resources.plans.schemas import PlansQuerySchema

    schema = PlansQuerySchema()
    with app.test_request_context("/v5/plans?countryCode=IT"):
        first = PARSER.parse(schema, location="query")
        first["countryCode"] = "changed by a view"
        again = PARSER.parse(schema, location="query")
    assert again == {"countryCode": "IT", "showAll": False}
    assert parses == ["PlansQuerySchema"]


def test_schemas_that_do_not_ask_and_bodies_are_parsed_every_time(app, parses):
    from bff.resources.coupons.routes import CouponBodySchema
    from bff.resources.users.routes import EmailQuerySchema

    assert not getattr(EmailQuerySchema, "remember_queries", False)
    query, body = EmailQuerySchema(), CouponBodySchema()
    assert body.remember_queries  # inherited from the coupon query: but a body is never remembered
    for _ in range(2):
        with app.test_request_context("/v4/users/exists?email=parent%40example.com"):
            assert PARSER.parse(query, location="query")["email"] == "parent@example.com"
        with app.test_request_context("/v4/coupon/validate", method="POST", json={"coupon": "X"}):
            assert PARSER.parse(body, location="json")["coupon"] == "X"
    assert parses == ["EmailQuerySchema", "CouponBodySchema"] * 2
    assert PARSER._parsed == {}


def test_the_memory_is_bounded(client, parses, monkeypatch):
    monkeypatch.setattr(QueryParser, "REMEMBERED", 3)
    for n in range(7):
        assert client.get(f"/v5/plans?countryCode=FR&n={n}").status_code == 200
    assert len(PARSER._parsed) <= 3
    newest = client.get("/v5/plans?countryCode=FR&n=6")  # still remembered: no parse
    assert newest.status_code == 200
    assert len(parses) == 7
