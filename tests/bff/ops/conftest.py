"""Staff members of each role, signed in with a real TOTP code (docs/operator-console.md)."""

from __future__ import annotations

from datetime import timedelta

import pyotp
import pytest

from core.services.ops import staff

STAFF_PASSWORD = "staff password 1234"


class Staff:
    def __init__(self, client, container, clock):
        self.client, self.container, self.clock = client, container, clock
        self.secrets: dict[str, str] = {}

    def create(self, email: str, role: str) -> str:
        member, uri = staff.create(
            self.container.services, self.container.services.totp, email, STAFF_PASSWORD, role
        )
        self.secrets[email] = pyotp.parse_uri(uri).secret
        return uri

    def code(self, email: str) -> str:
        return pyotp.TOTP(self.secrets[email]).at(self.clock.now())

    def login(
        self,
        email: str,
        role: str | None = None,
        password: str = STAFF_PASSWORD,
        code: str | None = None,
    ):
        if email not in self.secrets:
            self.create(email, role or "support")
        self.clock.advance(
            timedelta(seconds=30)
        )  # a TOTP code is accepted once: each login its own step
        return self.client.post(
            "/ops/v1/session",
            json={"email": email, "password": password, "code": code or self.code(email)},
        )

    def token(self, role: str) -> str:
        response = self.login(f"{role}@staff.lumo.example", role)
        assert response.status_code == 200, response.json
        return response.json["token"]

    def headers(self, role: str) -> dict:
        return {"Authorization": f"Bearer {self.token(role)}"}


@pytest.fixture
def staff_members(client, container, clock):
    return Staff(client, container, clock)
