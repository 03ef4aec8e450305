"""Site notices in the browser: the maintenance popup, the maintenance page and the holiday modal.

The popup runs on the shared stack (an API answer of 503 `maintenance` is played by the browser's router).
The maintenance page and the holiday modal need the API's switches on, which would cover every other
test's pages: each gets an API of its own (own SQLite database, seeded, MAINTENANCE_MODE or
HOLIDAY_PROMO_*) and a second `next start` of the same build pointed at it. That web server asks its API
for GET /v4/site; the browser's /api calls still reach the shared API (the rewrite is baked into the
build), which has the same seed, LUMO-HOLIDAY included.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from playwright.sync_api import expect

from tests.e2e.browser_reports import MAINTENANCE_ANSWER
from tests.e2e.conftest import (
    AXE_RESULTS,
    Processes,
    api_env_for,
    free_port,
    inherited_env,
    migrate_and_seed,
    start_api,
    start_web,
    wait_http,
)
from tests.e2e.support import BLOCKING, catalog, run_axe

pytestmark = pytest.mark.e2e

TV = "Mozilla/5.0 (Linux; Android 9; OMI TV) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Safari/537.36"
MAINTENANCE_BODY = '{"code": 0, "message": "maintenance"}'


def assert_accessible(page, name: str) -> None:
    result = run_axe(page)
    AXE_RESULTS[name] = result
    assert [rule for rule in result["rules"] if rule["impact"] in BLOCKING] == []


@pytest.fixture(scope="module")
def site_with(stack, tmp_path_factory):
    """site_with(name, **api_env) -> the address of a web server whose API has these switches."""
    processes = Processes(tmp_path_factory.mktemp("site-notices"))

    def start(name: str, **switches: str) -> str:
        api_port, web_port = free_port(), free_port()
        api_env = api_env_for(processes.log_dir / f"{name}.db", processes.log_dir, **switches)
        migrate_and_seed(api_env)
        api = start_api(processes, f"api-{name}", api_port, api_env, 1)
        web_env = {
            **inherited_env(),
            "NEXT_DIST_DIR": stack.dist_dir,
            "API_URL": f"http://127.0.0.1:{api_port}",
            "NEXT_TELEMETRY_DISABLED": "1",
        }
        web = start_web(processes, f"web-{name}", web_port, web_env)
        wait_http(f"http://127.0.0.1:{api_port}/healthz", api, processes, f"api-{name}")
        web_url = f"http://localhost:{web_port}"
        # robots.txt, not a page: pages may answer 503 by design.
        wait_http(f"{web_url}/robots.txt", web, processes, f"web-{name}")
        return web_url

    yield start
    processes.stop_all()


@pytest.fixture(scope="module")
def maintenance_site(site_with):
    return site_with("maintenance", MAINTENANCE_MODE="true")


@pytest.fixture(scope="module")
def holiday_site(site_with):
    today = datetime.now(UTC).date()
    return site_with(
        "holiday",
        HOLIDAY_PROMO_FROM=(today - timedelta(days=1)).isoformat(),
        HOLIDAY_PROMO_TO=(today + timedelta(days=30)).isoformat(),
        HOLIDAY_PROMO_COUPON="LUMO-HOLIDAY",
    )


@pytest.mark.browser_reports(MAINTENANCE_ANSWER)
def test_a_call_answering_maintenance_opens_the_popup(new_context, cat):
    page = new_context().new_page()
    # The page itself loads (the web server's API is up); its first API call answers maintenance.
    page.route(
        "**/api/**",
        lambda route: route.fulfill(
            status=503,
            content_type="application/json",
            body=MAINTENANCE_BODY,
            headers={"Retry-After": "300"},
        ),
    )
    page.goto("/login")
    dialog = page.get_by_role("dialog", name=cat.t("MaintenancePage.title"))
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text(cat.t("MaintenancePage.message"))
    expect(page.get_by_role("button", name=cat.t("MaintenancePage.close"))).to_be_focused()
    assert_accessible(page, "maintenance popup [en]")
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()


@pytest.mark.browser_reports(MAINTENANCE_ANSWER)
@pytest.mark.parametrize(
    "locale,path",
    [
        ("en", "/login"),
        ("ar", "/ar/register"),
        ("de", "/de/homePage"),
        ("en", "/intermarche"),
        ("en", "/"),
    ],
)
def test_every_page_is_the_maintenance_page_503(new_context, maintenance_site, locale, path):
    texts = catalog(locale)
    page = new_context(locale=locale).new_page()
    response = page.goto(f"{maintenance_site}{path}")
    assert response.status == 503
    assert response.headers.get("retry-after") == "300"
    expect(page.get_by_role("heading", level=1)).to_have_text(texts.t("MaintenancePage.title"))
    expect(page.get_by_text(texts.t("MaintenancePage.message"))).to_be_visible()
    assert (
        page.url == f"{maintenance_site}{path}"
    )  # the address stays: a reload later shows the page itself
    robots = page.locator("meta[name=robots]").evaluate_all("metas => metas.map(m => m.content)")
    assert robots and all(content.startswith("noindex") for content in robots)
    if path != "/":
        assert_accessible(page, f"maintenance page {path} [{locale}]")


@pytest.mark.browser_reports(MAINTENANCE_ANSWER)
def test_tv_gets_the_maintenance_page_without_footer(new_context, maintenance_site, cat):
    page = new_context(user_agent=TV).new_page()
    assert page.goto(f"{maintenance_site}/login").status == 503
    expect(page.get_by_role("heading", level=1)).to_have_text(cat.t("MaintenancePage.title"))
    expect(page.locator("footer")).to_have_count(0)


def test_holiday_modal_offers_the_month_free_once(new_context, holiday_site, cat):
    context = new_context()
    page = context.new_page()
    page.goto(f"{holiday_site}/homePage")
    dialog = page.get_by_role("dialog", name=cat.t("HolidayModal.title"))
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("LUMO-HOLIDAY")
    assert_accessible(page, "holiday modal [en]")
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    page.reload()
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    page.wait_for_timeout(500)  # the modal decides after hydration: give it the time to (not) open
    expect(dialog).to_have_count(0)


def test_holiday_modal_leads_to_the_promo_flow_with_the_coupon(new_context, holiday_site, cat):
    page = new_context().new_page()
    page.goto(f"{holiday_site}/register")
    page.get_by_role("dialog", name=cat.t("HolidayModal.title")).get_by_role(
        "link", name=cat.t("HolidayModal.cta")
    ).click()
    page.wait_for_url(f"{holiday_site}/promo/LUMO-HOLIDAY")
    coupon = page.get_by_label(cat.t("RegisterPage.couponLocked"), exact=True)
    expect(coupon).to_have_value("LUMO-HOLIDAY")
    expect(page.get_by_role("dialog")).to_have_count(0)


def test_no_holiday_modal_on_login(new_context, holiday_site, cat):
    page = new_context().new_page()
    page.goto(f"{holiday_site}/login")
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    page.wait_for_timeout(500)
    expect(page.get_by_role("dialog", name=cat.t("HolidayModal.title"))).to_have_count(0)
