"""Real servers on loopback for the job tests: an HTTP receiver (stdlib http.server in a
thread) and an SMTP server (aiosmtpd). Each records what it received."""

from __future__ import annotations

import json
import socket
import threading
import time
from email import message_from_bytes, policy
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(condition, timeout: float = 10.0, every: float = 0.05) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(every)
    return condition()


class HttpReceiver:
    """Answers each POST with the next status of `statuses` (the last one repeats)."""

    def __init__(self, statuses=(200,), check=None) -> None:
        self.requests: list[dict] = []
        self.statuses = list(statuses)
        self.check = check  # (headers, raw body) -> status to answer instead, or None
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                raw = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                status = receiver.check(self.headers, raw) if receiver.check else None
                if status is None:
                    status = (
                        receiver.statuses.pop(0)
                        if len(receiver.statuses) > 1
                        else receiver.statuses[0]
                    )
                receiver.requests.append(
                    {
                        "path": self.path,
                        "headers": dict(self.headers),
                        "raw": raw,
                        "json": json.loads(raw or b"null"),
                        "status": status,
                    }
                )
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_port}"
        self._thread = threading.Thread(
            target=self.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )

    @property
    def accepted(self) -> list[dict]:
        return [r for r in self.requests if 200 <= r["status"] < 300]

    def __enter__(self) -> HttpReceiver:
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.server.shutdown()
        self.server.server_close()


class SmtpSink:
    """A real SMTP server (aiosmtpd) on a free loopback port; parsed messages in `messages`."""

    def __init__(self) -> None:
        from aiosmtpd.controller import Controller

        self.messages = []
        sink = self

        class Handler:
            async def handle_DATA(self, server, session, envelope):
                sink.messages.append(message_from_bytes(envelope.content, policy=policy.default))
                return "250 OK"

        self.port = free_port()
        self.url = f"smtp://127.0.0.1:{self.port}"
        self._controller = Controller(Handler(), hostname="127.0.0.1", port=self.port)

    def subjects(self, to: str | None = None) -> list[str]:
        return [str(m["Subject"]) for m in self.messages if to is None or m["To"] == to]

    def __enter__(self) -> SmtpSink:
        self._controller.start()
        return self

    def __exit__(self, *exc) -> None:
        self._controller.stop()
