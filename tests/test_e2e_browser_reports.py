"""The browser stage's rule for Chromium's console errors and failed requests (tests/e2e/browser_reports.py)."""

from tests.e2e.browser_reports import console_report, failed_request_report, unexpected

PAGE = "http://localhost:3000/register"


def test_console_errors_fail_except_a_client_error_answer():
    assert (
        console_report(
            "error",
            "Failed to load resource: the server responded with a status of 400 (BAD REQUEST)",
        )
        is None
    )
    assert (
        console_report(
            "error",
            "Failed to load resource: the server responded with a status of 401 (UNAUTHORIZED)",
        )
        is None
    )
    assert console_report("warning", "anything") is None
    assert console_report("log", "anything") is None
    assert (
        console_report(
            "error",
            "Failed to load resource: the server responded with a status of 503 (SERVICE UNAVAILABLE)",
        )
        == "console.error Failed to load resource: the server responded with a status of 503 (SERVICE UNAVAILABLE)"
    )
    assert console_report("error", "A tree hydrated but some attributes didn't match") == (
        "console.error A tree hydrated but some attributes didn't match"
    )
    assert console_report("error", "Error: 4000 things") is not None


def test_failed_requests_fail_except_those_the_page_dropped():
    assert failed_request_report(PAGE + "?_rsc=abc", "net::ERR_ABORTED") is None
    assert failed_request_report(PAGE, "net::ERR_CONNECTION_REFUSED") == (
        f"request failed (net::ERR_CONNECTION_REFUSED) {PAGE}"
    )
    assert failed_request_report(PAGE, None) == f"request failed (no reason given) {PAGE}"


def test_a_test_allows_what_it_provokes_by_pattern():
    reports = ["console.error Failed to load resource: ... status of 503", "console.error boom"]
    assert unexpected(reports) == reports
    assert unexpected(reports, [r"status of 503"]) == ["console.error boom"]
    assert unexpected(reports, [r"status of 503", "boom"]) == []
