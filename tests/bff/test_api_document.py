"""The API document is written on its first read (bff/api_document.py), exactly as flask-smorest writes it
at start-up."""

from __future__ import annotations

import threading

import flask_smorest

import bff


def _api(app):
    return app.extensions["flask-smorest"]["apis"][""]["ext_obj"]


def test_the_app_starts_without_writing_the_document_and_its_first_read_writes_it(container):
    app = bff.create_app(container=container)
    api = _api(app)
    assert len(api._undocumented) == len(app.blueprints) - 1  # every blueprint of ours waits
    paths = app.test_client().get("/openapi.json").json["paths"]
    assert api._undocumented == [] and "/v5/subscriptions" in paths


def test_the_document_is_the_one_flask_smorest_writes_at_start_up(container, monkeypatch):
    written_late = _api(bff.create_app(container=container)).spec.to_dict()
    monkeypatch.setattr(bff, "Api", flask_smorest.Api)
    eager = _api(bff.create_app(container=container))
    assert type(eager) is flask_smorest.Api
    assert written_late == eager.spec.to_dict()


def test_readers_at_the_same_moment_all_get_the_whole_document(container):
    api = _api(bff.create_app(container=container))
    seen: list[int] = []
    start = threading.Barrier(4)

    def read() -> None:
        start.wait()
        seen.append(len(api.spec.to_dict()["paths"]))

    threads = [threading.Thread(target=read) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    complete = len(api.spec.to_dict()["paths"])
    assert complete > 50 and seen == [complete] * 4
    assert len(api.spec.to_dict()["tags"]) == len(
        set(t["name"] for t in api.spec.to_dict()["tags"])
    )
