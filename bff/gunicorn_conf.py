"""gunicorn's configuration (`gunicorn -c python:bff.gunicorn_conf 'bff:create_app()'`, used by `make run`
and the Procfile): its access and error logs go through the API's one logging setup (JSON, redacted:
an access line never shows `email=`, `token=` or `redirectKey=` values), and the answers gunicorn
writes itself before Flask sees a request (414 URI too long, 431 headers too large, 400 unparsable)
are the API's JSON error body instead of HTML.

Other options stay on the command line (bind, workers, reload)."""
from __future__ import annotations

import json

from gunicorn import util

from core.adapters.logs import logconfig_dict as _logconfig_dict

accesslog = "-"
access_log_format = '%(h)s "%(r)s" %(s)s %(b)s %(M)sms'  # + request_id (core.adapters.logs)
loglevel = "info"
logconfig_dict = _logconfig_dict(loglevel.upper())


def _json_error(sock, status_int: int, reason: str, _mesg: str) -> None:
    """gunicorn.util.write_error, with the API's error body (`{"code": 0, "message": …}`); the request
    line gunicorn would echo back is not repeated (it may carry a secret query)."""
    body = json.dumps({"code": 0, "message": "somethingWentWrong"}).encode()
    head = (f"HTTP/1.1 {status_int} {reason}\r\nConnection: close\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\n\r\n").encode("latin-1")
    util.write_nonblock(sock, head + body)


util.write_error = _json_error
