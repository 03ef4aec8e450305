"""Where each store's subscriber goes to cancel (docs/product.md#roles), decided here once
so that neither the web app nor the apps re-decide it."""

from __future__ import annotations

from typing import Any

from core.domain.subscriptions import WEB_STORE, State, Subscription

HELP_ARTICLE = "https://help.lumo.example/articles/cancel-subscription"
VIRGO_HELP_ARTICLE = "https://help.lumo.example/articles/cancel-virgo"
APPLE_SUBSCRIPTIONS = "https://apps.apple.com/account/subscriptions"
GOOGLE_PLAY_SUBSCRIPTIONS = "https://play.google.com/store/account/subscriptions"
DOCOMO_OPERATOR_PAGES = {
    "movistar": "https://www.movistar.es/particulares/suscripciones",
    "orange": "https://www.orange.fr/portail/abonnements",
    "default": "https://www.docomodigital.com/unsubscribe",
}
SWITCH_OPERATORS = {
    "ZONG": "https://www.zong.com.pk/vas/unsubscribe",
    "JAZZ": "https://jazz.com.pk/vas/unsubscribe",
    "UFONE": "https://www.ufone.com/vas/unsubscribe",
}
DEFAULT_SWITCH_OPERATOR = "UFONE"
INSURER_PAGE = "https://help.lumo.example/articles/insurance-bundle"


def switch_operator(platform: str | None) -> str:
    name = (platform or "").upper()
    return name if name in SWITCH_OPERATORS else DEFAULT_SWITCH_OPERATOR


def cancel_route(s: Subscription) -> dict[str, Any]:
    """{"method": in_app | store_page | help | none, "url": …, "path": …}"""
    if s.payment_state_id == State.FREE_CAMPAIGN or s.store_id == "salt" or not s.is_renewing:
        return {"method": "none"}
    if s.partner == "insurance":
        return {"method": "help", "url": INSURER_PAGE}
    store = s.store_id
    if store == WEB_STORE:
        return {"method": "in_app", "path": f"/unsubscribe/{s.id}"}
    if store == "swisscom":
        return {"method": "in_app", "path": "/unsubscribe?type=swisscom"}
    if store == "switch":
        operator = switch_operator(s.platform_purchase_id)
        return {
            "method": "in_app",
            "path": f"/unsubscribe/{s.id}?type=switch",
            "operator": operator,
            "url": SWITCH_OPERATORS[operator],
        }
    if store == "ios":
        return {"method": "store_page", "url": APPLE_SUBSCRIPTIONS}
    if store == "playstore":
        return {"method": "store_page", "url": GOOGLE_PLAY_SUBSCRIPTIONS}
    if store == "docomo":
        platform = (s.platform_purchase_id or "").lower()
        return {
            "method": "store_page",
            "url": DOCOMO_OPERATOR_PAGES.get(platform, DOCOMO_OPERATOR_PAGES["default"]),
        }
    if store == "virgo":
        return {"method": "help", "url": VIRGO_HELP_ARTICLE}
    return {"method": "help", "url": HELP_ARTICLE}


def can_change_plan(s: Subscription) -> bool:
    return s.store_id == WEB_STORE and s.is_renewing and s.payment_state_id != State.FREE_CAMPAIGN
