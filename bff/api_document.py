"""flask-smorest's Api, writing the API document (OpenAPI) when it is first read instead of at start-up.

flask-smorest documents each blueprint as it is registered: a deep copy of every operation's notes, then
apispec's schema resolution, about 0.2 s of every `create_app` on our 23 blueprints, paid by each gunicorn
worker at boot and by every test that builds an app. The document is read far more rarely (/openapi.json,
/docs, `flask openapi write`, the API types' check), so the registration here only records each blueprint,
and the first read of `spec` documents them, in the order they were registered, exactly as flask-smorest
would have (`make lint` compares the written document with webapp/src/lib/api/schema.d.ts, and
tests/bff/test_api_document.py compares it with an eagerly documented one)."""

from __future__ import annotations

import threading
from typing import Any

from flask_smorest import Api as SmorestApi
from flask_smorest import Blueprint


class Api(SmorestApi):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self._undocumented: list[tuple[Blueprint, str, list | None]] = []
        self._documenting = threading.RLock()
        self._busy = False  # documenting now (a callback reading `spec` meanwhile gets it as it is)
        super().__init__(*args, **kwargs)

    @property
    def spec(self) -> Any:
        spec = self.__dict__.get("_spec")
        if spec is not None and self._undocumented:
            # A second thread waits for the whole document; each blueprint leaves the list once documented.
            with self._documenting:
                if self._busy:
                    return spec
                self._busy = True
                try:
                    while self._undocumented:
                        blueprint, name, parameters = self._undocumented[0]
                        blueprint.register_views_in_doc(
                            self, self._app, spec, name=name, parameters=parameters
                        )
                        spec.tag({"name": name, "description": blueprint.description})
                        self._undocumented.pop(0)
                finally:
                    self._busy = False
        return spec

    @spec.setter
    def spec(self, value: Any) -> None:
        self.__dict__["_spec"] = value

    def register_blueprint(
        self, blp: Blueprint, *, parameters: list | None = None, **options: Any
    ) -> None:
        """flask-smorest's own registration (flask_smorest.Api.register_blueprint) but for the document,
        which waits for the first read of `spec`."""
        name = options.get("name", blp.name)
        self._app.extensions["flask-smorest"]["blp_name_to_api"][name] = self
        self._app.register_blueprint(blp, **options)
        self._undocumented.append((blp, name, parameters))
