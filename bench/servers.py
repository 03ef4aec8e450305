"""Starting gunicorn for a benchmark and waiting until it answers."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GUNICORN = str(Path(sys.executable).parent / "gunicorn")
WORKERS = os.environ.get(
    "BENCH_WORKERS", str(2 * (os.cpu_count() or 1) + 1)
)  # gunicorn's own advice for sync workers
WORKER_CLASS = os.environ.get("BENCH_WORKER_CLASS", "sync")  # or gthread (BENCH_THREADS each)
THREADS = os.environ.get("BENCH_THREADS", "4")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def gunicorn(app: str, env: dict, probe: str, root: Path = ROOT):
    """`app` served from `root` (another checkout for a before/after comparison: bench/ab.py)."""
    port = free_port()
    log = tempfile.TemporaryFile()  # not a pipe: a chatty server must never block on a full pipe
    process = subprocess.Popen(
        [
            GUNICORN,
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            WORKERS,
            "--worker-class",
            WORKER_CLASS,
            *(["--threads", THREADS] if WORKER_CLASS == "gthread" else []),
            "--log-level",
            "warning",
            "--chdir",
            str(root),
            app,
        ],
        cwd=root,
        env={**os.environ, **env},
        stdout=subprocess.DEVNULL,
        stderr=log,
    )

    def server_log() -> str:
        log.seek(0)
        return log.read().decode(errors="replace")[-3000:]

    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            try:
                urllib.request.urlopen(base + probe, timeout=1)
                break
            except Exception:
                if process.poll() is not None:
                    raise RuntimeError(f"{app} stopped:\n{server_log()}") from None
                time.sleep(0.1)
        else:
            raise RuntimeError(f"{app} did not answer {probe} within 30 s:\n{server_log()}")
        yield base
    except Exception:
        sys.stderr.write(f"--- {app} log ---\n{server_log()}\n")
        raise
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log.close()
