"""`make run`: start the API, the web app and the Celery worker with beat; Ctrl-C stops all.

Without REDIS_URL the worker's broker is a SQLite file under var/ (kombu's SQLAlchemy transport),
so the embedded mode expires subscriptions and retries e-mails like production (docs/operations.md).
Ports and hosts come from API_HOST/API_PORT and WEB_HOST/WEB_PORT. This is a
developer launcher, not application code, so it reads the environment itself.

`scripts/run.py api worker` starts only the processes named (api, web, worker).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV_BIN = Path(sys.executable).parent  # the virtualenv that runs this launcher (make run: .venv)


def main(only: list[str] | None = None) -> int:
    env = dict(os.environ)
    api_host, api_port = env.get("API_HOST", "127.0.0.1"), env.get("API_PORT", "5000")
    web_host, web_port = env.get("WEB_HOST", "127.0.0.1"), env.get("WEB_PORT", "3000")
    env.setdefault("API_URL", f"http://{api_host}:{api_port}")
    env.setdefault("PUBLIC_URL", f"http://{web_host}:{web_port}")
    env.setdefault("NEXT_TELEMETRY_DISABLED", "1")
    env.setdefault("METRICS_PORT", "9100")  # Prometheus, loopback only (METRICS_HOST)
    env.setdefault("WORKER_METRICS_PORT", "9101")
    web_script = "start" if env.get("WEB_MODE") == "production" else "dev"
    commands = {
        "api": [
            str(VENV_BIN / "gunicorn"),
            "--bind",
            f"{api_host}:{api_port}",
            "--workers",
            "2",
            "--reload",
            "-c",
            "python:bff.gunicorn_conf",
            "bff:create_app()",
        ],  # JSON logs, redacted
        # Next's proxy redirects /login to itself when bound to the literal 127.0.0.1; binding to
        # "localhost" serves the same loopback address without that loop.
        "web": [
            "npm",
            "run",
            web_script,
            "--",
            "--hostname",
            "localhost" if web_host == "127.0.0.1" else web_host,
            "--port",
            web_port,
        ],
    }
    # One process runs beat here (a single machine); production runs beat once, apart (Procfile).
    # On the SQLite broker one worker process is enough and keeps the file's writers few.
    commands["worker"] = [
        str(VENV_BIN / "celery"),
        "-A",
        "tasks.worker",
        "worker",
        "--beat",
        "--loglevel=INFO",
        f"--concurrency={2 if env.get('REDIS_URL') else 1}",
        f"--schedule={env.get('BEAT_SCHEDULE_FILE', 'var/celerybeat-schedule')}",
    ]
    if only:
        unknown = set(only) - set(commands)
        if unknown:
            print(
                f"unknown process {', '.join(sorted(unknown))}; choose from {', '.join(commands)}"
            )
            return 2
        commands = {name: command for name, command in commands.items() if name in only}
    if web_script == "start" and "web" in commands:
        subprocess.run(["npm", "run", "build"], cwd=ROOT / "webapp", env=env, check=True)
    (ROOT / "var").mkdir(exist_ok=True)
    processes = {}
    for name, command in commands.items():
        cwd = ROOT / "webapp" if name == "web" else ROOT
        process_env = dict(env)
        if name in (
            "api",
            "worker",
        ):  # Prometheus multiprocess mode: one folder each (docs/operations.md)
            if not process_env.get(
                "PROMETHEUS_MULTIPROC_DIR"
            ):  # (set but empty would mean the current folder)
                process_env["PROMETHEUS_MULTIPROC_DIR"] = str(ROOT / "var" / "metrics" / name)
        processes[name] = subprocess.Popen(
            command, cwd=cwd, env=process_env, start_new_session=True
        )
    broker = env.get("CELERY_BROKER_URL") or (
        "Redis" if env.get("REDIS_URL") else "var/celery-broker.sqlite"
    )
    jobs = f"Celery worker + beat on {broker}" if "worker" in commands else "not started"
    print(
        f"\n  Lumo is starting:\n    web app  http://{web_host}:{web_port}\n"
        f"    API      http://{api_host}:{api_port}  (OpenAPI: /docs)\n    jobs     {jobs}\n"
        f"    mail     {env.get('SMTP_URL') or 'var/outbox/*.eml'}\n"
        f"    metrics  http://{env.get('METRICS_HOST', '127.0.0.1')}:{env['METRICS_PORT']}/metrics (API), "
        f":{env['WORKER_METRICS_PORT']}/metrics (worker)\n  Ctrl-C stops everything.\n",
        flush=True,
    )
    stopping = False

    def stop(*_):
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGTERM, stop)
    code = 0
    while not stopping:
        for name, process in processes.items():
            if process.poll() is not None:
                print(f"{name} exited with {process.returncode}; stopping the others", flush=True)
                code, stopping = process.returncode or 1, True
                break
        time.sleep(0.5)
    for process in processes.values():
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)
    deadline = time.time() + 10
    for process in processes.values():
        try:
            process.wait(timeout=max(0.1, deadline - time.time()))
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:] or None))
