"""What Chromium reports about a page that fails a browser test (tests/e2e/conftest.py, `new_context`), as the
WebKit and Firefox stage already does (tests/e2e/engines/conftest.py).

Every console error and every failed request fails the test, except two kinds a working page produces:

- `Failed to load resource: the server responded with a status of 4xx` — Chromium logs every answer of 400
  to 499 as a console error; the journeys provoke them on purpose (a wrong password, a refused coupon, an
  expired link) and assert the message the page shows for each. A 5xx is never expected here.
- a request that failed with `net::ERR_ABORTED` — a navigation, prefetch or fetch the page itself dropped
  (the App Router cancels the prefetch of a page once the parent goes there).

A test that provokes something else (a 503 in maintenance, a host that does not exist) names it with
`@pytest.mark.browser_reports(r"pattern", ...)`: each pattern, searched in the report's text, allows the
reports it matches in that test alone.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

CLIENT_ERROR_ANSWER = re.compile(
    r"^Failed to load resource: the server responded with a status of 4\d\d\b"
)
DROPPED_BY_THE_PAGE = "net::ERR_ABORTED"
# The site in maintenance: pages and API calls answer 503 and the page shows the maintenance notice.
MAINTENANCE_ANSWER = r"status of 503 \(Service Unavailable\)"


def console_report(kind: str, text: str) -> str | None:
    """The report a console message makes (None when it is not an error or is a 4xx answer)."""
    if kind != "error" or CLIENT_ERROR_ANSWER.match(text):
        return None
    return f"console.error {text}"


def failed_request_report(url: str, failure: str | None) -> str | None:
    """The report a failed request makes (None when the page itself dropped it)."""
    if failure == DROPPED_BY_THE_PAGE:
        return None
    return f"request failed ({failure or 'no reason given'}) {url}"


def unexpected(reports: Iterable[str], allowed: Iterable[str] = ()) -> list[str]:
    """The reports no allowed pattern matches."""
    patterns = [re.compile(p) for p in allowed]
    return [r for r in reports if not any(p.search(r) for p in patterns)]
