"""POSTing outbox messages to other services (analytics collector, partner callbacks).

The standard library is enough for one JSON POST with a timeout. A 2xx answer is
success; 4xx answers other than 408/425/429 mean the receiver refuses this very
message, so retrying it is pointless (dead-lettered at once); anything else is retried.
"""

from __future__ import annotations

import urllib.error
import urllib.request

from core.domain.ports.messaging import DeliveryError

RETRYABLE_4XX = {408, 425, 429}


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(
        self, *args, **kwargs
    ):  # a redirected POST would arrive as a GET without body
        return None


class UrllibSender:
    def __init__(self, timeout: float = 5.0, user_agent: str = "Lumo-Jobs/1") -> None:
        self.timeout = timeout
        self.user_agent = user_agent
        self._opener = urllib.request.build_opener(_NoRedirects)

    def post(self, url: str, body: bytes, headers: dict[str, str]) -> None:
        request = urllib.request.Request(
            url,
            data=body,
            method="POST",
            headers={"Content-Type": "application/json", "User-Agent": self.user_agent, **headers},
        )
        try:
            with self._opener.open(request, timeout=self.timeout) as response:
                response.read(1024)
        except urllib.error.HTTPError as exc:
            permanent = 400 <= exc.code < 500 and exc.code not in RETRYABLE_4XX
            raise DeliveryError(f"HTTP {exc.code} from {_host(url)}", permanent=permanent) from None
        except (urllib.error.URLError, OSError) as exc:  # refused, unreachable, timed out
            reason = getattr(exc, "reason", exc)
            raise DeliveryError(f"{type(reason).__name__} calling {_host(url)}: {reason}") from None


def _host(url: str) -> str:
    """Errors are stored and shown to operators: keep the path (it may carry a token) out."""
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.hostname}{f':{parts.port}' if parts.port else ''}"
