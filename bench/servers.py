"""Starting gunicorn for a benchmark and waiting until it answers."""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GUNICORN = str(Path(sys.executable).parent / "gunicorn")
WORKERS = str(2 * (os.cpu_count() or 1) + 1)  # gunicorn's own advice for sync workers


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def gunicorn(app: str, env: dict, probe: str):
    port = free_port()
    process = subprocess.Popen(
        [GUNICORN, "--bind", f"127.0.0.1:{port}", "--workers", WORKERS, "--worker-class", "sync",
         "--log-level", "warning", app],
        cwd=ROOT, env={**os.environ, **env}, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(200):
            try:
                urllib.request.urlopen(base + probe, timeout=1)
                break
            except Exception:
                if process.poll() is not None:
                    raise RuntimeError(process.stderr.read().decode()[-2000:])
                time.sleep(0.1)
        yield base
    finally:
        process.terminate()
        process.wait(timeout=10)
