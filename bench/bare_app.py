"""The baseline: the smallest Flask JSON endpoint, served by the same gunicorn setup."""

from flask import Flask


def create_app() -> Flask:
    app = Flask("bare")

    @app.get("/json")
    def json_endpoint():
        return {"status": "ok"}

    return app
