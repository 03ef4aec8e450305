"""The web's Jest tests render real API answers: the fixtures under
webapp/src/test/fixtures/api/ are this API's answers, and this test fails when they are not.

Refresh them with `make web-fixtures` (UPDATE_WEB_FIXTURES=1 .venv/bin/pytest tests/bff/test_web_fixtures.py).
"""

import json
import os
from pathlib import Path

import pytest

FIXTURES = Path(__file__).resolve().parents[2] / "webapp" / "src" / "test" / "fixtures" / "api"
# fixture file -> the anonymous request whose answer it holds
ANSWERS = {
    "plans-FR.json": "/v5/plans?countryCode=FR&showAll=true",
    "plans-CH.json": "/v5/plans?countryCode=CH",
}


@pytest.mark.parametrize("name", ANSWERS)
def test_web_fixture_is_the_api_answer(client, name):
    response = client.get(ANSWERS[name])
    assert response.status_code == 200
    text = json.dumps(response.json, indent=2, ensure_ascii=False) + "\n"
    path = FIXTURES / name
    if os.environ.get("UPDATE_WEB_FIXTURES") == "1":
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.read_text(encoding="utf-8") == text, f"{name} is stale: run make web-fixtures"
