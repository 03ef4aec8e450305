"""Every /ops endpoint × every role: allowed (not 401/403) or 403 staffForbidden; anonymous: 401."""

import pytest

from bff.resources.ops.auth import ENDPOINT_PERMISSIONS
from core.domain.staff import PERMISSIONS, ROLES
from tests.helpers import bearer, signed_up

# endpoint -> (method, path, body). {a} is a parent's account id, {m} an outbox message id.
CALLS = {
    "ops.declarations": ("GET", "/ops/v1/declarations", None),
    "ops.handle_declaration": ("POST", "/ops/v1/declarations/424242/handled", {"reason": "matrix"}),
    "ops.handle_withdrawal": (
        "POST",
        "/ops/v1/declarations/withdrawals/424242/handled",
        {"reason": "matrix"},
    ),
    "ops.logout": ("DELETE", "/ops/v1/session", None),
    "ops.me": ("GET", "/ops/v1/me", None),
    "ops.search_parents": ("GET", "/ops/v1/parents?by=email&q=parent", None),
    "ops.parent_page": ("GET", "/ops/v1/parents/{a}", None),
    "ops.resend_confirmation": ("POST", "/ops/v1/parents/{a}/resend-confirmation", {}),
    "ops.send_reset_link": ("POST", "/ops/v1/parents/{a}/send-reset-link", {}),
    "ops.change_email": (
        "POST",
        "/ops/v1/parents/{a}/email",
        {"email": "moved.{role}@example.com"},
    ),
    "ops.grant": ("POST", "/ops/v1/parents/{a}/grant", {"duration": "P7D", "reason": "matrix"}),
    "ops.request_grant": (
        "POST",
        "/ops/v1/parents/{a}/grant-requests",
        {"duration": "P7D", "reason": "matrix"},
    ),
    "ops.grant_requests": ("GET", "/ops/v1/grant-requests", None),
    "ops.approve_grant": ("POST", "/ops/v1/grant-requests/{m}/approve", {"reason": "matrix"}),
    "ops.reject_grant": ("POST", "/ops/v1/grant-requests/{m}/reject", {"reason": "matrix"}),
    "ops.cancel": ("POST", "/ops/v1/parents/{a}/cancel", {"subscriptionId": 999999, "when": "now"}),
    "ops.revoke_sessions": ("POST", "/ops/v1/parents/{a}/sessions/revoke", {}),
    "ops.export": ("POST", "/ops/v1/parents/{a}/export", {}),
    "ops.erase": (
        "POST",
        "/ops/v1/parents/{a}/erase",
        {"confirmation": "not it", "reason": "matrix"},
    ),
    "ops.refund_payment": (
        "POST",
        "/ops/v1/parents/{a}/payments/no-such-tx/refund",
        {"amount": "1.00", "reason": "matrix", "operationKey": "matrix-{role}"},
    ),
    "ops.void_payment": (
        "POST",
        "/ops/v1/parents/{a}/payments/no-such-tx/void",
        {"reason": "matrix", "operationKey": "matrix-{role}"},
    ),
    "ops.audit_log": ("GET", "/ops/v1/audit", None),
    "ops.dead_letters": ("GET", "/ops/v1/outbox/dead", None),
    "ops.retry_dead_letter": ("POST", "/ops/v1/outbox/{m}/retry", {}),
    "ops.discard_dead_letter": ("POST", "/ops/v1/outbox/{m}/discard", {"reason": "matrix"}),
    "ops.webhook_events": ("GET", "/ops/v1/webhooks", None),
    "ops.replay_webhook": ("POST", "/ops/v1/webhooks/{m}/replay", {"reason": "matrix"}),
    "ops.revenue": ("GET", "/ops/v1/revenue", None),
    "ops.revenue_funnel": ("GET", "/ops/v1/revenue/funnel?format=csv", None),
    "ops.revenue_cohorts": ("GET", "/ops/v1/revenue/cohorts", None),
    "ops.revenue_oss": ("GET", "/ops/v1/revenue/oss?year=2026&quarter=1", None),
    "ops.create_campaign": (
        "POST",
        "/ops/v1/campaigns",
        {"prefix": "M{role}", "type": "UNIQUE_ACCESS_COUPON", "duration": "P1M", "count": 1},
    ),
    "ops.import_campaign": (
        "POST",
        "/ops/v1/campaigns/import",
        {"csv": "code,coupon_type,duration_code\n"},
    ),
    "ops.campaign_codes": ("GET", "/ops/v1/campaigns/codes?prefix=MATRIX", None),
    "ops.campaign_report": ("GET", "/ops/v1/campaigns/report?prefix=MATRIX", None),
    "ops.staff_list": ("GET", "/ops/v1/staff", None),
    "ops.staff_create": (
        "POST",
        "/ops/v1/staff",
        {"email": "new.{role}@staff.lumo.example", "role": "support", "password": "x" * 16},
    ),
    "ops.staff_role": ("POST", "/ops/v1/staff/{m}/role", {"role": "finance"}),
    "ops.staff_disable": ("POST", "/ops/v1/staff/{m}/disabled", {"disabled": True}),
    "ops.staff_reset_totp": ("POST", "/ops/v1/staff/{m}/reset-totp", {}),
    "ops.site_switches": ("GET", "/ops/v1/site", None),
    "ops.site_maintenance": (
        "POST",
        "/ops/v1/site/maintenance",
        {"on": False, "reason": "matrix"},
    ),
    "ops.site_holiday_promo": (
        "POST",
        "/ops/v1/site/holiday-promo",
        {"from": "2026-12-15", "to": "2026-12-01", "coupon": "NOPE", "reason": "matrix"},
    ),
    "ops.site_reset": ("POST", "/ops/v1/site/maintenance/reset", {"reason": "matrix"}),
}


def test_the_matrix_names_every_ops_endpoint(app):
    endpoints = {r.endpoint for r in app.url_map.iter_rules() if r.rule.startswith("/ops/")}
    assert endpoints - {"ops.login"} == set(CALLS) == set(ENDPOINT_PERMISSIONS)
    assert {p for p in ENDPOINT_PERMISSIONS.values() if p} <= set(PERMISSIONS)


def _call(client, endpoint, headers, account_id, role="anon"):
    method, path, body = CALLS[endpoint]
    path = path.format(a=account_id, m=424242)
    body = (
        {k: (v.format(role=role) if isinstance(v, str) else v) for k, v in body.items()}
        if body
        else body
    )
    return client.open(path, method=method, json=body, headers=headers)


def test_anonymous_gets_401_everywhere(client):
    account_id = 1
    for endpoint in CALLS:
        response = _call(client, endpoint, {}, account_id)
        assert response.status_code == 401, endpoint
        response = _call(client, endpoint, bearer("not-a-token"), account_id)
        assert response.status_code == 401, endpoint


@pytest.mark.parametrize("role", ROLES)
def test_each_role_is_allowed_exactly_its_permissions(role, client, staff_members):
    signed_up(client, email=f"parent.{role}@example.com")
    account_id = client.get(
        f"/ops/v1/parents?by=email&q=parent.{role}", headers=staff_members.headers("admin")
    ).json["results"][0]["id"]
    headers = staff_members.headers(
        role
    )  # one session (within the login rate limit); logout goes last
    for endpoint, permission in sorted(
        ENDPOINT_PERMISSIONS.items(), key=lambda item: item[0] == "ops.logout"
    ):
        response = _call(client, endpoint, headers, account_id, role)
        allowed = permission is None or role in PERMISSIONS[permission]
        if allowed:
            assert response.status_code not in (401, 403), (endpoint, role, response.json)
        else:
            assert response.status_code == 403, (endpoint, role, response.status_code)
            assert response.json["message"] == "staffForbidden"


def test_refused_calls_are_audited(client, staff_members):
    headers = staff_members.headers("support")
    assert client.get("/ops/v1/outbox/dead", headers=headers).status_code == 403
    entries = client.get(
        "/ops/v1/audit?action=staff.forbidden", headers=staff_members.headers("admin")
    ).json
    assert [(e["outcome"], e["target"]) for e in entries["entries"]] == [
        ("refused", "outbox.manage")
    ]
