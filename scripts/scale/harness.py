"""The scale test's harness: the SMTP stand-in that records every e-mail, the processes it starts and kills
(`Node`), and the topology (two API nodes, two workers, one beat, HAProxy in front)."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import threading

from scripts.scale.config import API_PORTS, BIN, LB_PORT, OUT, ROOT

# --- the SMTP stand-in -------------------------------------------------------------------------------


class Inbox:
    def __init__(self) -> None:
        self.message_ids: list[str] = []
        self.lock = threading.Lock()

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 (aiosmtpd's name)
        match = re.search(rb"^Message-ID:\s*(\S+)", envelope.content, re.MULTILINE | re.IGNORECASE)
        with self.lock:
            self.message_ids.append(match.group(1).decode() if match else "?")
        return "250 OK"


# --- processes ---------------------------------------------------------------------------------------


class Node:
    def __init__(self, name: str, command: list[str], env: dict) -> None:
        self.name, self.command, self.env = name, command, env
        self.process: subprocess.Popen | None = None
        self.log_path = OUT / f"{name}.log"

    def start(self) -> None:
        log_file = open(self.log_path, "ab")
        self.process = subprocess.Popen(
            self.command,
            cwd=ROOT,
            env=self.env,
            stdout=log_file,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        log_file.close()

    def kill(self) -> None:
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.kill()


# --- the topology ------------------------------------------------------------------------------------


def cluster(env: dict, run: str) -> tuple[list[Node], list[Node], Node, Node]:
    """The API nodes, the workers, the beat and the balancer (its haproxy.cfg written), not started."""
    apis = [
        Node(
            f"api{n + 1}",
            [
                str(BIN / "gunicorn"),
                "-c",
                "python:bff.gunicorn_conf",
                "--bind",
                f"127.0.0.1:{port}",
                "--workers",
                "2",
                "bff:create_app()",
            ],
            {**env, "PROMETHEUS_MULTIPROC_DIR": str(OUT / f"prom-api{n + 1}")},
        )
        for n, port in enumerate(API_PORTS)
    ]
    workers = [
        Node(
            f"worker{n}",
            [
                str(BIN / "celery"),
                "-A",
                "tasks.worker",
                "worker",
                "-n",
                f"w{n}-{run}@%h",
                "--concurrency=2",
                "--loglevel=INFO",
            ],
            {**env, "PROMETHEUS_MULTIPROC_DIR": str(OUT / f"prom-worker{n}")},
        )
        for n in (1, 2)
    ]
    beat = Node(
        "beat",
        [
            str(BIN / "celery"),
            "-A",
            "tasks.worker",
            "beat",
            "--loglevel=INFO",
            f"--schedule={OUT / 'beat-schedule'}",
        ],
        env,
    )
    haproxy_cfg = OUT / "haproxy.cfg"
    haproxy_cfg.write_text(
        f"""global
    maxconn 256
defaults
    mode http
    timeout connect 2s
    timeout client 60s
    timeout server 60s
    retries 3
    option redispatch
    retry-on conn-failure
frontend lumo
    bind 127.0.0.1:{LB_PORT}
    option forwardfor
    default_backend api
backend api
    balance roundrobin
    option httpchk GET /readyz
    http-check expect status 200
    default-server inter 1s fall 2 rise 2
"""
        + "".join(
            f"    server api{n + 1} 127.0.0.1:{port} check\n" for n, port in enumerate(API_PORTS)
        )
    )
    lb = Node("haproxy", ["haproxy", "-db", "-f", str(haproxy_cfg)], env)
    return apis, workers, beat, lb
