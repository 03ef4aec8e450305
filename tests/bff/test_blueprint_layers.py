"""flask-smorest's documentation-only decorators (`alt_response`, `doc`) add to the OpenAPI document but
no call layer to any view (bff/blueprint.py): each such layer cost a proxy lookup and a coroutine check
on every request."""

from __future__ import annotations

DOC_ONLY_LAYERS = (
    "ResponseMixin.alt_response.<locals>.decorator.<locals>.wrapper",
    "Blueprint.doc.<locals>.decorator.<locals>.wrapper",
)


def _layers(view) -> list[str]:
    names = []
    while view is not None:
        names.append(
            view.__code__.co_qualname
        )  # the function's own (functools.wraps copies the view's)
        view = getattr(view, "__wrapped__", None)
    return names


def test_no_view_runs_a_documentation_only_layer(app):
    views = {name: _layers(view) for name, view in app.view_functions.items()}
    assert len(views) > 50
    assert {
        name: [n for n in layers if n in DOC_ONLY_LAYERS] for name, layers in views.items()
    } == {name: [] for name in views}
    # what they stand on is still there: the answer's own layer and the view
    subscriptions = views["subscriptions.account"]
    assert subscriptions[0] == "ResponseMixin.response.<locals>.decorator.<locals>.wrapper"
    assert subscriptions[-1] == "account"


def test_the_documentation_they_add_is_kept(client):
    spec = client.get("/openapi.json").json
    subscriptions = spec["paths"]["/v5/subscriptions"]["get"]
    assert set(subscriptions["responses"]) == {"200", "400", "401", "403", "404", "default"}
    assert "code 9 `termsUpdate`" in subscriptions["responses"]["403"]["description"]
    assert subscriptions["security"] == [{"bearer": []}]
    plans = spec["paths"]["/v5/plans"]["get"]
    assert plans["security"] == [{}, {"bearer": []}]  # blp.doc on a view without `documents(auth=)`
    coupon = spec["paths"]["/v5/coupon/validate/{code}"]["get"]["responses"]
    assert "code 3" in coupon["400"]["description"] and "429" in coupon
