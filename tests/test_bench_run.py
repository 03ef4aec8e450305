"""`make bench`'s command line (bench/run.py): parts and aliases, a database of each run's own, and
results kept out of the repository's tracked files. The benchmarks themselves never run in tests."""

import os
import subprocess

import pytest

from bench import run


def test_the_api_alias_is_the_load_part_and_parts_run_in_their_order():
    assert run.chosen_parts(["api"], {}) == ["load"]
    assert run.chosen_parts([], {"BENCH_PARTS": "growth,api"}) == ["load", "growth"]
    assert run.chosen_parts(["web,hashing"], {"BENCH_PARTS": "load"}) == ["hashing", "web"]
    assert run.chosen_parts([], {}) == list(run.PARTS)
    assert "web" not in run.chosen_parts([], {"BENCH_WEB": "0"})


def test_an_unknown_part_is_refused_with_the_choices():
    with pytest.raises(SystemExit, match="unknown part 'lod'.*api"):
        run.chosen_parts(["lod"], {})


def test_each_run_has_a_database_of_its_own_unless_named():
    assert run.database_name({}) == f"lumo_bench_{run.os.getpid()}"
    assert run.database_name({"BENCH_DATABASE": "lumo_bench_mine"}) == "lumo_bench_mine"
    with pytest.raises(SystemExit):
        run.database_name({"BENCH_DATABASE": "x; DROP DATABASE main"})


def test_results_go_under_var_which_git_ignores():
    assert run.OUT == run.ROOT / "var" / "bench"
    ignored = subprocess.run(
        ["git", "check-ignore", "-q", str(run.OUT / "latest.json")], cwd=run.ROOT
    )
    assert ignored.returncode == 0
    tracked = subprocess.run(
        ["git", "ls-files", "bench"], cwd=run.ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    assert not [f for f in tracked if f.endswith((".png", ".json")) and "package" not in f]


WRK_REPORT = """Running 5s test @ http://127.0.0.1:5130/json
  Latency Distribution
     50%    1.50ms
     75%    2.00ms
     90%    3.00ms
     99%    1.20s
  1000 requests in 5.00s, 100.00KB read
  Socket errors: connect 0, read 3, write 0, timeout 7
  Non-2xx or 3xx responses: 2
Requests/sec:    200.50
"""


def test_wrk_reports_are_read_with_their_errors_and_the_ratios_are_medians_of_rounds():
    from bench import load

    figures = load.parse(WRK_REPORT)
    assert figures == {
        "rps": 200.5,
        "p50_ms": 1.5,
        "p99_ms": 1200.0,
        "non_2xx": 2,
        "socket_errors": 10,
    }
    runs = [dict(figures, rps=r, p99_ms=10.0) for r in (100, 300, 200)]
    bare = [dict(figures, rps=r, p99_ms=5.0) for r in (200, 300, 1000)]
    summary = load.summary(runs, bare)
    assert summary["rps"] == 200 and summary["ratio_to_bare"] == 0.5  # of 0.5, 1.0, 0.2
    assert summary["p99_to_bare"] == 2.0 and summary["socket_errors"] == 30


def test_the_web_part_without_lighthouse_measures_the_pages_only(monkeypatch):
    from bench import web_pages

    loads = {"first_load_kb": 150.0}
    monkeypatch.setattr(
        web_pages, "page_loads", lambda base, routes: {r: dict(loads) for r in routes}
    )

    def no_lighthouse(*args, **kwargs):
        raise AssertionError("Lighthouse ran")

    monkeypatch.setattr(web_pages, "lighthouse", no_lighthouse)
    monkeypatch.setattr(
        web_pages,
        "ttfb_against_floor",
        lambda base, floor, routes: ({r: 2.0 for r in routes}, 1.5),
    )
    results = web_pages.measure("http://lumo", "http://floor", lighthouse_runs=0)
    assert results["lighthouse_runs"] == 0
    assert results["floor"] == {"first_load_kb": 150.0, "ttfb_ms": 1.5, "lighthouse": None}
    assert results["pages"]["/ACEF"] == {"first_load_kb": 150.0, "ttfb_ms": 2.0, "lighthouse": None}
    assert "Lighthouse" not in web_pages.table(results)


def test_ttfb_interleaves_the_floor_with_each_page_and_drops_the_warm_up(monkeypatch):
    from bench import web_pages

    asked: list[str] = []

    def fake(url: str) -> float:
        asked.append(url)
        return {"http://floor/en": 1.0, "http://lumo/a": 2.0}.get(url, 3.0) + len(asked) / 10_000

    monkeypatch.setattr(web_pages, "first_byte_ms", fake)
    pages, floor = web_pages.ttfb_against_floor(
        "http://lumo", "http://floor", ("/a", "/b"), samples=5
    )
    assert asked[:4] == ["http://floor/en", "http://lumo/a", "http://floor/en", "http://lumo/b"]
    assert len(asked) == 4 * (web_pages.TTFB_WARM_UP + 5)
    assert round(floor) == 1 and round(pages["/a"]) == 2 and round(pages["/b"]) == 3


def test_the_web_table_shows_lighthouse_with_the_layout_shift_to_three_places():
    from bench import web_pages

    lighthouse = {"score": 98, "tbt_ms": 104.0, "lcp_ms": 2168.6, "cls": 0.002}
    results = {
        "floor": {"first_load_kb": 133.5, "lighthouse": dict(lighthouse, tbt_ms=74.0, cls=0)},
        "pages": {"/homePage": {"first_load_kb": 184.4, "lighthouse": lighthouse}},
    }
    rows = {
        line[20:45].strip(): line[45:].split() for line in web_pages.table(results).splitlines()[2:]
    }
    assert rows["first-load bytes, KB"] == ["184.4", "133.5", "1.38"]
    assert rows["TBT ms"] == ["104.0", "74.0", "1.41"]
    assert rows["CLS"] == ["0.002", "0.000", "—"]  # no ratio to a floor of 0


def test_the_reference_endpoints_make_their_one_round_trip_each():
    """bench/bare_app.py's floors of a database read: one PostgreSQL statement, then one Redis command
    as well (the CI's PostgreSQL + Redis pass; the SQLite pass has no server to reach)."""
    database, redis_url = os.environ.get("DATABASE_URL", ""), os.environ.get("REDIS_URL", "")
    if not database.startswith("postgresql") or not redis_url:
        pytest.skip(
            "needs PostgreSQL and Redis: the CI's second pass sets DATABASE_URL and REDIS_URL"
        )
    import redis

    from bench import bare_app, load

    client = bare_app.create_app().test_client()
    assert set(load.references("http://bare")) == {
        "reference: bare + 1 SQL",
        "reference: bare + 1 SQL + 1 Redis",
    }
    assert client.get("/one-query").get_json() == {"status": "ok", "value": 1}
    before = int(redis.Redis.from_url(redis_url).get("bench:bare:calls") or 0)
    answer = client.get("/one-query-redis").get_json()
    assert answer["value"] == 1 and answer["count"] > before  # another run may count too


def test_the_signed_in_part_answers_the_braintree_shaped_client_token_and_passes_the_rest_on(
    monkeypatch,
):
    import base64
    import json

    from bench import standin_api

    seen: list[str] = []

    def api(environ, start_response):
        seen.append(environ["PATH_INFO"])
        start_response("204 No Content", [])
        return [b""]

    monkeypatch.setattr(standin_api, "create_api", lambda: api)
    app = standin_api.create_app()
    statuses: list[str] = []
    body = b"".join(
        app({"PATH_INFO": standin_api.CLIENT_TOKEN_PATH}, lambda s, h: statuses.append(s))
    )
    token = json.loads(base64.b64decode(json.loads(body)["clientToken"]))
    assert token["authorizationFingerprint"] and not body.startswith(b"sandbox_")
    b"".join(app({"PATH_INFO": "/v5/subscriptions"}, lambda s, h: statuses.append(s)))
    assert statuses == ["200 OK", "204 No Content"] and seen == ["/v5/subscriptions"]


def test_the_signed_in_table_names_the_payment_modules_loaded_and_the_card_field_ratio():
    from bench import web_signed_in

    page = {"first_load_kb": 210.0, "scripts": 14, "requests_after_idle": 20}
    result = {
        "pages": {
            "/subscribe": {
                **page,
                "payment_modules": ["hosted-fields", "paypal-checkout"],
                "lighthouse": {"score": 91, "tbt_ms": 240.0, "lcp_ms": 2500.0},
            },
            "/": {**page, "payment_modules": [], "lighthouse": None},
        },
        "card_fields": {"card_fields_ms": 3000, "plain_form_ms": 2000, "ratio": 1.5, "runs": 5},
    }
    lines = web_signed_in.table(result).splitlines()
    assert any(
        line.startswith("/subscribe") and "91" in line and "hosted-fields, paypal-checkout" in line
        for line in lines
    )
    assert any(line.startswith("/ ") and line.endswith("none") for line in lines)
    assert "3000 ms" in lines[-1] and "ratio 1.5" in lines[-1]


def test_each_payment_module_marker_is_in_its_stand_in_module_only_and_not_in_the_web_app():
    from bench import web_signed_in
    from bench.servers import ROOT

    standin = ROOT / "tests" / "e2e" / "braintree_standin"
    sources = [
        path.read_text()
        for path in (ROOT / "webapp" / "src").rglob("*.ts*")
        if ".test." not in path.name
    ]
    for module, marker in web_signed_in.PAYMENT_MODULES.items():
        holders = [p.stem for p in standin.glob("*.js") if marker in p.read_text()]
        assert holders == [module], (marker, holders)
        assert not any(marker in source for source in sources), marker


def test_the_signed_in_bench_refuses_to_measure_a_page_the_parent_was_sent_away_from():
    from bench import web_signed_in

    web_signed_in._check_landed("http://localhost:3000/products", "/products")
    web_signed_in._check_landed("http://localhost:3000/en", "/")
    web_signed_in._check_landed("http://localhost:3000/", "/")
    with pytest.raises(RuntimeError, match="sent on"):
        web_signed_in._check_landed("http://localhost:3000/subscribe", "/products")
    with pytest.raises(RuntimeError, match="sent on"):
        web_signed_in._check_landed("http://localhost:3000/login?next=/", "/")


def test_each_hot_read_is_compared_with_the_bare_endpoint_making_its_round_trips():
    from bench import load

    names = set(load.cases("http://api", "t", "p", "s")) | set(load.references("http://bare"))
    assert load.SUBSCRIBER in names and load.SUBSCRIBER not in load.cases("http://api", "t", "p")
    for read, floor in load.OWN_FLOOR.items():
        assert read in names and (floor == load.BARE or floor in names), (read, floor)
    figures = {"rps": 100.0, "p50_ms": 1.0, "p99_ms": 2.0, "non_2xx": 0, "socket_errors": 0}
    result = {
        "baseline": {32: figures},
        "endpoints": {
            "GET /v5/subscriptions": {
                32: {
                    **figures,
                    "ratio_to_bare": 0.3,
                    "own_floor": "reference: bare + 1 SQL",
                    "ratio_to_floor": 0.45,
                    "p99_to_floor": 1.5,
                }
            }
        },
    }
    row = next(line for line in load.table(result) if line.startswith("GET /v5/subscriptions / "))
    assert "bare + 1 SQL" in row and row.split()[-2:] == ["0.45", "1.50"]


def test_the_revenue_part_times_every_query_of_the_revenue_screen():
    """bench/ops_revenue.py fills a scratch PostgreSQL database with generate_series and runs the revenue
    screen's service functions through the unit of work's own repositories (a hand-kept copy of them once
    lacked one the overview had come to need, and the part failed only when `make bench` reached it)."""
    database = os.environ.get("DATABASE_URL", "")
    if not database.startswith("postgresql"):
        pytest.skip("needs PostgreSQL: the CI's second pass sets DATABASE_URL")
    import uuid

    from bench import ops_revenue

    result = ops_revenue.run(database, accounts=300, name=f"lumo_rev_{uuid.uuid4().hex[:8]}")
    timed = [k for k, v in result.items() if isinstance(v, dict) and "median_ms" in v]
    assert set(timed) == {
        "funnel_30_days",
        "funnel_92_days",
        "funnel_30_days_rolled_up",
        "funnel_92_days_rolled_up",
        "trial_cohorts_12_weeks",
        "overview",
    }
    assert result["overview"]["rows"] > 0 and result["funnel_rollup_days"] > 0
