"""`make run`: the Procfile's processes (API, worker, beat, web app) under honcho; Ctrl-C stops all.

The process list is the Procfile's, read by honcho: nothing here names a command. This launcher only
sets the embedded defaults, then says what to open once everything answers:

- without REDIS_URL the worker's broker is a SQLite file under var/ (kombu's SQLAlchemy transport), so
  the embedded mode expires subscriptions and retries e-mails like production (docs/operations.md);
- mail goes to var/outbox/*.eml unless SMTP_URL is set; the database is SQLite unless DATABASE_URL is;
- the API reloads on code changes (GUNICORN_CMD_ARGS=--reload) and the web app runs `next dev`
  (WEB_MODE=production: `next build`, then `npm run start`).

Ports and hosts come from API_HOST/API_PORT and WEB_HOST/WEB_PORT. This is a developer launcher, not
application code, so it reads the environment itself. `scripts/run.py web worker` starts only the
Procfile processes named (web, worker, beat, webapp).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV_BIN = Path(sys.executable).parent  # the virtualenv that runs this launcher (make run: .venv)
PROCFILE = ROOT / "Procfile"
DEMO_FILE = ROOT / "core" / "adapters" / "db" / "seed" / "demo.json"
READY_TIMEOUT_S = 600  # the first `next dev` compile is slow on a small machine


def procfile_names(path: Path = PROCFILE) -> list[str]:
    """The process names of the Procfile, in its order (honcho starts these)."""
    names = []
    for line in path.read_text(encoding="utf-8").splitlines():
        name, sep, _ = line.partition(":")
        if sep and name.strip() and not name.lstrip().startswith("#"):
            names.append(name.strip())
    return names


def environment(base: dict[str, str]) -> dict[str, str]:
    """The Procfile's environment for a developer machine: the embedded defaults, as `make run` had."""
    env = dict(base)
    env.setdefault("API_HOST", "127.0.0.1")
    env.setdefault("API_PORT", "5000")
    # Next's proxy redirects /login to itself when bound to the literal 127.0.0.1; "localhost" serves
    # the same loopback address without that loop.
    if env.get("WEB_HOST", "localhost") == "127.0.0.1":
        env["WEB_HOST"] = "localhost"
    env.setdefault("WEB_HOST", "localhost")
    env.setdefault("WEB_PORT", "3000")
    env.setdefault("API_URL", f"http://{env['API_HOST']}:{env['API_PORT']}")
    env.setdefault("PUBLIC_URL", f"http://{env['WEB_HOST']}:{env['WEB_PORT']}")
    env.setdefault("NEXT_TELEMETRY_DISABLED", "1")
    env.setdefault("METRICS_PORT", "9100")  # Prometheus, loopback only (METRICS_HOST)
    env.setdefault("WORKER_METRICS_PORT", "9101")
    production = env.get("WEB_MODE") == "production"
    env.setdefault("WEB_SCRIPT", "start" if production else "dev")
    if not production:
        env.setdefault("GUNICORN_CMD_ARGS", "--reload")
    # On the SQLite broker one worker process is enough and keeps the file's writers few.
    env.setdefault("WORKER_CONCURRENCY", "2" if env.get("REDIS_URL") else "1")
    env["PATH"] = f"{VENV_BIN}{os.pathsep}{env.get('PATH', '')}"
    return env


def demo_lines(path: Path = DEMO_FILE) -> list[str]:
    """The demo parents (e-mail and password) and coupons that `make seed` loads."""
    demo = json.loads(path.read_text(encoding="utf-8"))
    lines = ["  Demo parent(s), to log in:"]
    lines += [f"    {a['email']}  password {a['password']}" for a in demo["accounts"]]
    lines.append("  Demo coupons:")
    lines += [
        f"    {c['code']:<18} {c['coupon_type']}, {c['duration_code']}, {c['product']}"
        for c in demo["coupons"]
    ]
    return lines


def banner(env: dict[str, str], names: list[str]) -> str:
    broker = env.get("CELERY_BROKER_URL") or (
        "Redis" if env.get("REDIS_URL") else "var/celery-broker.sqlite"
    )
    jobs = f"Celery worker + beat on {broker}" if "worker" in names else "not started"
    return "\n".join(
        [
            "",
            f"  Lumo is ready: open {env['PUBLIC_URL']}",
            f"    API      {env['API_URL']}  (OpenAPI: /docs)",
            f"    jobs     {jobs}",
            f"    mail     {env.get('SMTP_URL') or 'var/outbox/*.eml'}",
            f"    metrics  http://{env.get('METRICS_HOST', '127.0.0.1')}:{env['METRICS_PORT']}/metrics"
            f" (API), :{env['WORKER_METRICS_PORT']}/metrics (worker)",
            *demo_lines(),
            "  Ctrl-C stops everything.",
            "",
        ]
    )


def answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:  # noqa: S310 (our own URLs)
            return response.status < 500
    except Exception:
        return False


def wait_until_ready(env: dict[str, str], names: list[str], stop: threading.Event) -> None:
    urls = []
    if "web" in names:
        urls.append(f"{env['API_URL']}/readyz")
    if "webapp" in names:
        urls.append(f"{env['PUBLIC_URL']}/en")
    deadline = time.monotonic() + READY_TIMEOUT_S
    while not stop.is_set() and time.monotonic() < deadline:
        if all(answers(url) for url in urls):
            print(banner(env, names), flush=True)
            return
        stop.wait(2)
    if not stop.is_set():
        print(f"  not ready after {READY_TIMEOUT_S} s: see the processes' output above", flush=True)


def main(only: list[str] | None = None) -> int:
    names = procfile_names()
    if only:
        unknown = set(only) - set(names)
        if unknown:
            print(f"unknown process {', '.join(sorted(unknown))}; choose from {', '.join(names)}")
            return 2
        names = [n for n in names if n in only]
    env = environment(dict(os.environ))
    for folder in ("var/outbox", "var/metrics/api", "var/metrics/worker"):
        (ROOT / folder).mkdir(parents=True, exist_ok=True)
    if env["WEB_SCRIPT"] == "start" and "webapp" in names:
        subprocess.run(["npm", "run", "build"], cwd=ROOT / "webapp", env=env, check=True)
    honcho = subprocess.Popen(
        [str(VENV_BIN / "honcho"), "-f", str(PROCFILE), "-d", str(ROOT), "start", *names],
        cwd=ROOT,
        env=env,
    )
    stop = threading.Event()
    threading.Thread(target=wait_until_ready, args=(env, names, stop), daemon=True).start()
    signal.signal(signal.SIGTERM, lambda *_: honcho.send_signal(signal.SIGTERM))
    try:
        code = honcho.wait()
    except KeyboardInterrupt:  # honcho has the same Ctrl-C and stops its processes
        code = honcho.wait()
    stop.set()
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:] or None))
