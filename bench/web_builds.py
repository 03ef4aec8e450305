"""Building and serving the web app and the floor (bench/web/floor) for the web benchmarks
(bench/web_pages.py, bench/web_signed_in.py), and the scratch database a web part run alone uses."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path

from bench.servers import ROOT, free_port

FLOOR_ROUTE = "/en"


WEBAPP = ROOT / "webapp"
FLOOR = ROOT / "bench" / "web" / "floor"


DIST_DIR = ".next-bench"
TSCONFIG_DIR = WEBAPP / f"{DIST_DIR}-tsconfig"  # ignored by git (.next*/)


def build(env: dict, dist_dir: str = DIST_DIR) -> None:
    """A production build in a folder of its own, type-checked with a tsconfig of its own (as the
    browser tests do), so neither other builds' generated types nor a rewritten tsconfig.json get in."""
    tsconfig_dir = WEBAPP / f"{dist_dir}-tsconfig"  # ignored by git (.next*/)
    tsconfig_dir.mkdir(exist_ok=True)
    tsconfig = tsconfig_dir / "tsconfig.json"
    tsconfig.write_text(
        json.dumps(
            {
                "extends": "../tsconfig.json",
                "include": [
                    "../next-env.d.ts",
                    "../src/**/*.ts",
                    "../src/**/*.tsx",
                    f"../{dist_dir}/types/**/*.ts",
                    f"../{dist_dir}/dev/types/**/*.ts",
                ],
                "exclude": ["../node_modules"],
            },
            indent=1,
        )
    )
    shared = WEBAPP / "tsconfig.json"
    before = shared.read_bytes()
    try:
        _next_build(WEBAPP, {**env, "NEXT_TSCONFIG_PATH": str(tsconfig.relative_to(WEBAPP))})
    finally:
        if shared.read_bytes() != before:
            shared.write_bytes(before)


def build_floor(env: dict) -> None:
    """The floor app, with the web app's node_modules (the same next, react and next-intl)."""
    link = FLOOR / "node_modules"
    if not link.exists():
        link.symlink_to(WEBAPP / "node_modules")
    _next_build(FLOOR, {**env, "NEXT_DIST_DIR": ".next"})


def _next_build(cwd: Path, env: dict) -> None:
    done = subprocess.run(
        [str(WEBAPP / "node_modules" / ".bin" / "next"), "build"],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        raise RuntimeError(f"next build failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}")


@contextmanager
def next_server(cwd: Path, env: dict, probe: str):
    port = free_port()
    process = subprocess.Popen(
        [str(WEBAPP / "node_modules" / ".bin" / "next"), "start", "--hostname", "localhost"]
        + ["--port", str(port)],
        cwd=cwd,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    base = f"http://localhost:{port}"
    try:
        for _ in range(300):
            try:
                urllib.request.urlopen(base + probe, timeout=2)
                break
            except Exception:
                time.sleep(0.2)  # a server starting: there is no event to wait on
        yield base
    finally:
        os.killpg(process.pid, 15)
        process.wait(timeout=10)


@contextmanager
def web_app(api: str):
    env = {**os.environ, "NEXT_DIST_DIR": DIST_DIR, "API_URL": api, "NEXT_TELEMETRY_DISABLED": "1"}
    build(env)
    with next_server(WEBAPP, env, "/login") as base:
        yield base


@contextmanager
def floor_app():
    env = {**os.environ, "NEXT_TELEMETRY_DISABLED": "1"}
    env.pop("NEXT_DIST_DIR", None)
    build_floor(env)
    with next_server(FLOOR, env, FLOOR_ROUTE) as base:
        yield base


def cleanup() -> None:
    shutil.rmtree(WEBAPP / DIST_DIR, ignore_errors=True)
    shutil.rmtree(TSCONFIG_DIR, ignore_errors=True)
    shutil.rmtree(FLOOR / ".next", ignore_errors=True)


@contextmanager
def seeded_scratch(default_name: str, part: str):
    """For a web part run alone: the environment of an API on a scratch PostgreSQL database of its own
    (BENCH_WEB_DB, else `default_name`; never one `make bench` or another run uses), seeded with the demo
    data, dropped at the end."""
    from bench.scratch_db import scratch_database
    from core.adapters.db.seeding import seed_demo
    from core.adapters.passwords import Argon2Hasher

    admin = os.environ.get("BENCH_PG_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/postgres")
    with scratch_database(admin, os.environ.get("BENCH_WEB_DB", default_name)) as engine:
        seed_demo(engine, Argon2Hasher())
        yield {
            **os.environ,
            "DATABASE_URL": engine.url.render_as_string(hide_password=False),
            "REDIS_URL": os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/9"),
            "RATE_LIMIT_PER_MINUTE": "1000000000",
            "OUTBOX_DIR": f"/tmp/lumo-bench-{part}-outbox",
            "LUMO_ENV": "development",
        }
