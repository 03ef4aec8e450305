"""`make run` (scripts/run.py): the Procfile's processes under honcho, the embedded defaults, and what
it prints once everything answers."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("lumo_run", ROOT / "scripts" / "run.py")
run = importlib.util.module_from_spec(spec)
spec.loader.exec_module(run)


def test_the_process_list_is_the_procfiles():
    assert run.procfile_names() == ["web", "worker", "beat", "webapp"]
    assert "gunicorn" not in (ROOT / "scripts" / "run.py").read_text(encoding="utf-8")


def test_embedded_defaults_for_a_developer_machine():
    env = run.environment({"PATH": "/usr/bin", "WEB_HOST": "127.0.0.1"})
    assert env["WEB_HOST"] == "localhost"  # Next's proxy loops on the literal 127.0.0.1
    assert (
        env["API_URL"] == "http://127.0.0.1:5000" and env["PUBLIC_URL"] == "http://localhost:3000"
    )
    assert (env["WEB_SCRIPT"], env["GUNICORN_CMD_ARGS"]) == ("dev", "--reload")
    assert env["WORKER_CONCURRENCY"] == "1"  # one writer on the SQLite broker
    assert "REDIS_URL" not in env and "DATABASE_URL" not in env and "SMTP_URL" not in env
    assert env["PATH"].startswith(str(run.VENV_BIN))


def test_production_mode_and_redis():
    env = run.environment(
        {"WEB_MODE": "production", "REDIS_URL": "redis://x/1", "API_PORT": "5171"}
    )
    assert env["WEB_SCRIPT"] == "start" and "GUNICORN_CMD_ARGS" not in env
    assert env["WORKER_CONCURRENCY"] == "2" and env["API_URL"] == "http://127.0.0.1:5171"


def test_the_ready_banner_names_the_demo_parent_and_coupons():
    env = run.environment({})
    text = run.banner(env, run.procfile_names())
    demo = json.loads(run.DEMO_FILE.read_text(encoding="utf-8"))
    assert "Lumo is ready: open http://localhost:3000" in text
    assert "var/outbox/*.eml" in text and "var/celery-broker.sqlite" in text
    for account in demo["accounts"]:
        assert f"{account['email']}  password {account['password']}" in text
    for coupon in demo["coupons"]:
        assert coupon["code"] in text


def test_unknown_process_names_are_refused(capsys):
    assert run.main(["api"]) == 2
    assert "choose from web, worker, beat, webapp" in capsys.readouterr().out
