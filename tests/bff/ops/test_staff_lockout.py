"""The staff lockout says nothing about which addresses are staff: unknown, disabled and active
addresses get the same answers, after the same number of failures, with the same password-hash work
(docs/operator-console.md#staff-accounts-and-sessions)."""

from core.services.ops import staff
from tests.bff.ops.conftest import STAFF_PASSWORD


class CountingHasher:
    """The real hasher, counting its calls: a known and an unknown address must cost the same."""

    def __init__(self, inner):
        self.inner, self.hashes, self.verifies = inner, 0, 0

    def hash(self, secret):
        self.hashes += 1
        return self.inner.hash(secret)

    def verify(self, stored, secret):
        self.verifies += 1
        return self.inner.verify(stored, secret)


def _attempts(client, email, n=7):
    body = {"email": email, "password": "wrong password 12", "code": "123456"}
    answers = [client.post("/ops/v1/session", json=body) for _ in range(n)]
    return [(r.status_code, r.json["message"]) for r in answers], answers[-1]


def test_unknown_disabled_and_active_addresses_are_locked_out_alike(
    staff_members, client, container
):
    staff_members.create("active@staff.lumo.example", "support")
    staff_members.create("gone@staff.lumo.example", "support")
    staff_members.create("boss@staff.lumo.example", "admin")
    boss = container.services  # disable through the use case, as the Staff screen does
    with boss.read() as uow:
        admin = uow.staff.by_email("boss@staff.lumo.example")
        gone = uow.staff.by_email("gone@staff.lumo.example")
    staff.set_disabled(boss, admin, gone.id, True, "left")

    expected = [(401, "staffLoginFailed")] * 5 + [(429, "rateLimited")] * 2
    answers = {}
    for email in (
        "active@staff.lumo.example",
        "gone@staff.lumo.example",
        "nobody@staff.lumo.example",
    ):
        answers[email], last = _attempts(client, email)
        assert int(last.headers["Retry-After"]) >= 1
    assert answers == {email: expected for email in answers}, answers


def test_an_unknown_address_costs_the_same_hash_work_as_a_known_one(
    staff_members, client, container
):
    staff_members.create("active@staff.lumo.example", "support")
    counting = CountingHasher(container.services.hasher)
    container.services.hasher = counting
    body = {"email": "", "password": "wrong password 12", "code": "123456"}
    costs = {}
    for email in ("nobody@staff.lumo.example", "active@staff.lumo.example"):
        client.post("/ops/v1/session", json={**body, "email": email})  # warm-up
        counting.hashes = counting.verifies = 0
        client.post("/ops/v1/session", json={**body, "email": email})
        costs[email] = (counting.hashes, counting.verifies)
    assert costs["nobody@staff.lumo.example"] == costs["active@staff.lumo.example"] == (0, 1)


def test_a_right_sign_in_clears_the_count_and_the_table_holds_no_address(
    staff_members, client, container
):
    from sqlalchemy import select

    from core.adapters.db.models.console import StaffLoginThrottleRow

    staff_members.create("ana@staff.lumo.example", "support")
    _attempts(client, "ana@staff.lumo.example", n=3)
    _attempts(client, "nobody@staff.lumo.example", n=2)
    with container.engine.connect() as c:
        rows = c.execute(select(StaffLoginThrottleRow)).all()
    assert sorted(r.failures for r in rows) == [2, 3]
    assert all("@" not in r.email_hash and len(r.email_hash) == 64 for r in rows)
    assert staff_members.login("ana@staff.lumo.example", password=STAFF_PASSWORD).status_code == 200
    with container.engine.connect() as c:
        assert [r.failures for r in c.execute(select(StaffLoginThrottleRow)).all()] == [2]
