"""Each store's cancel route (docs/product.md#roles)."""

from datetime import UTC, datetime

import pytest

from core.domain import stores
from core.domain.subscriptions import Subscription

NOW = datetime(2026, 5, 1, tzinfo=UTC)


def sub(store, state="Active", renewing=True, platform=None, partner=None):
    return Subscription(
        account_id=1,
        subscription_type="lumo_tv",
        duration_code="P1M",
        store_id=store,
        payment_state_id=state,
        is_renewing=renewing,
        platform_purchase_id=platform,
        partner=partner,
        id=42,
    )


@pytest.mark.parametrize(
    "store,platform,expected",
    [
        ("lumo", None, {"method": "in_app", "path": "/unsubscribe/42"}),
        ("swisscom", None, {"method": "in_app", "path": "/unsubscribe?type=swisscom"}),
        (
            "switch",
            "zong",
            {
                "method": "in_app",
                "path": "/unsubscribe/42?type=switch",
                "operator": "ZONG",
                "url": stores.SWITCH_OPERATORS["ZONG"],
            },
        ),
        (
            "switch",
            "JAZZ",
            {
                "method": "in_app",
                "path": "/unsubscribe/42?type=switch",
                "operator": "JAZZ",
                "url": stores.SWITCH_OPERATORS["JAZZ"],
            },
        ),
        (
            "switch",
            None,
            {
                "method": "in_app",
                "path": "/unsubscribe/42?type=switch",
                "operator": "UFONE",
                "url": stores.SWITCH_OPERATORS["UFONE"],
            },
        ),
        ("ios", None, {"method": "store_page", "url": stores.APPLE_SUBSCRIPTIONS}),
        ("playstore", None, {"method": "store_page", "url": stores.GOOGLE_PLAY_SUBSCRIPTIONS}),
        (
            "docomo",
            "movistar",
            {"method": "store_page", "url": stores.DOCOMO_OPERATOR_PAGES["movistar"]},
        ),
        (
            "docomo",
            "Orange",
            {"method": "store_page", "url": stores.DOCOMO_OPERATOR_PAGES["orange"]},
        ),
        (
            "docomo",
            "other",
            {"method": "store_page", "url": stores.DOCOMO_OPERATOR_PAGES["default"]},
        ),
        ("virgo", None, {"method": "help", "url": stores.VIRGO_HELP_ARTICLE}),
        ("mondia", None, {"method": "help", "url": stores.HELP_ARTICLE}),
        ("samsung", None, {"method": "help", "url": stores.HELP_ARTICLE}),
        ("salt", None, {"method": "none"}),
    ],
)
def test_cancel_route_per_store(store, platform, expected):
    assert stores.cancel_route(sub(store, platform=platform)) == expected


def test_no_cancel_for_free_campaign_or_stopped_renewal_and_insurer_bundles():
    assert stores.cancel_route(sub("lumo", state="Free_Campaign")) == {"method": "none"}
    assert stores.cancel_route(sub("lumo", renewing=False)) == {"method": "none"}
    assert stores.cancel_route(sub("lumo", partner="insurance")) == {
        "method": "help",
        "url": stores.INSURER_PAGE,
    }


def test_change_plan_only_for_renewing_web_subscriptions():
    assert stores.can_change_plan(sub("lumo"))
    assert not stores.can_change_plan(sub("ios"))
    assert not stores.can_change_plan(sub("lumo", renewing=False))
    assert not stores.can_change_plan(sub("lumo", state="Free_Campaign"))
