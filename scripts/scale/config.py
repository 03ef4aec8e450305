"""The scale test's settings, read from SCALE_* environment variables (a test tool, not application code:
it reads them itself), its output folder and its log line."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

from core.domain.accounts import client_password_hash

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent  # the virtualenv running this script
OUT = ROOT / "var" / "scale"
PG = os.environ.get("SCALE_DATABASE_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/postgres")
REDIS = os.environ.get("SCALE_REDIS_URL", "redis://127.0.0.1:6379/5")
API_PORTS = [int(p) for p in os.environ.get("SCALE_API_PORTS", "5501,5502").split(",")]
LB_PORT = int(os.environ.get("SCALE_LB_PORT", "8500"))
SMTP_PORT = int(os.environ.get("SCALE_SMTP_PORT", "5525"))
USERS = int(os.environ.get("SCALE_USERS", "80"))
WORKERS_KILLED = 1  # worker 1 is SIGKILLed once mid-load
THREADS = int(os.environ.get("SCALE_THREADS", "6"))
DEADLINE = float(os.environ.get("SCALE_DEADLINE_SECONDS", "240"))
CLOCK_SECONDS = 5
RATE_LIMIT = 20
PASSWORD = client_password_hash("scale test password 42")


def log(message: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {message}", flush=True)
