"""The restore drill (docs/operations.md): seed, dump, drop, restore into a fresh database, migrate,
then compare row counts and the invariants of subscriptions, redemptions and the outbox."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import uuid

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import IntegrityError

from core.adapters.db.seeding import seed_demo
from core.adapters.jobs import InlineJobQueue
from core.bootstrap import bootstrap
from core.settings import ROOT
from tests.helpers import RecordingMailer, bearer, pay, signed_up

SCRIPT = str(ROOT / "scripts" / "backup.py")


def run(*args: str, database_url: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, DATABASE_URL=database_url)
    return subprocess.run(
        [sys.executable, SCRIPT, *args], env=env, capture_output=True, text=True, timeout=120
    )


def test_backup_refuses_sqlite_with_a_clear_reason(tmp_path):
    result = run("backup", "--dir", str(tmp_path), database_url=f"sqlite:///{tmp_path / 'x.db'}")
    assert result.returncode == 1
    assert "backups are for PostgreSQL" in result.stderr and "var/lumo.db" in result.stderr


def test_prune_keeps_the_newest_dumps(tmp_path):
    sys.path.insert(0, str(ROOT / "scripts"))
    from backup import prune

    for i in range(5):
        dump = tmp_path / f"lumo-db-2026010{i}T000000Z-rev0005.dump"
        dump.write_bytes(b"x")
        dump.with_suffix(".json").write_text("{}")
        os.utime(dump, (1_700_000_000 + i, 1_700_000_000 + i))
    removed = prune(tmp_path, keep=2)
    assert sorted(p.name[8:16] for p in removed) == ["20260100", "20260101", "20260102"]
    assert sorted(p.name for p in tmp_path.glob("*.dump")) == [
        "lumo-db-20260103T000000Z-rev0005.dump",
        "lumo-db-20260104T000000Z-rev0005.dump",
    ]
    assert len(list(tmp_path.glob("*.json"))) == 2


@pytest.fixture
def scratch_databases(database_url):
    if not database_url.startswith("postgresql"):
        pytest.skip(
            "the restore drill needs PostgreSQL (pg_dump/pg_restore); the embedded SQLite database "
            "is one file, backed up by copying var/lumo.db (docs/operations.md). CI runs it in its "
            "PostgreSQL pass"
        )
    base = make_url(database_url)
    suffix = f"{int(time.time())}_{uuid.uuid4().hex[:6]}"
    names = [f"{base.database}_drill_src_{suffix}", f"{base.database}_drill_dst_{suffix}"]
    admin = create_engine(base.set(database="postgres"), isolation_level="AUTOCOMMIT")
    with admin.connect() as c:
        c.execute(text(f'CREATE DATABASE "{names[0]}"'))
    yield [base.set(database=n).render_as_string(hide_password=False) for n in names], admin
    with admin.connect() as c:
        for name in names:
            c.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    admin.dispose()


def snapshot(url: str) -> dict:
    engine = create_engine(url)
    with engine.connect() as c:
        tables = [
            r[0]
            for r in c.execute(
                text(
                    "SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'alembic_version'"
                )
            )
        ]
        facts = {
            "counts": {
                t: c.execute(text(f'SELECT count(*) FROM "{t}"')).scalar() for t in sorted(tables)
            },
            "revision": c.execute(text("SELECT version_num FROM alembic_version")).scalar(),
            "subscriptions": sorted(
                tuple(r)
                for r in c.execute(
                    text(
                        "SELECT a.email, s.subscription_type, s.payment_state_id, s.end_date, s.coupon, s.gateway_id "
                        "FROM subscriptions s JOIN accounts a ON a.id = s.account_id"
                    )
                )
            ),
            "redemptions": sorted(
                tuple(r)
                for r in c.execute(
                    text(
                        "SELECT c.code, a.email FROM coupon_redemptions r JOIN coupons c ON c.id = r.coupon_id "
                        "JOIN accounts a ON a.id = r.account_id"
                    )
                )
            ),
            "outbox": sorted(
                tuple(r)
                for r in c.execute(
                    text(
                        "SELECT kind, topic, delivered_at IS NOT NULL, dead_at IS NOT NULL, attempts FROM outbox"
                    )
                )
            ),
            "orphans": c.execute(
                text(
                    "SELECT (SELECT count(*) FROM subscriptions s LEFT JOIN accounts a ON a.id = s.account_id "
                    "WHERE a.id IS NULL) + (SELECT count(*) FROM coupon_redemptions r LEFT JOIN coupons c "
                    "ON c.id = r.coupon_id WHERE c.id IS NULL)"
                )
            ).scalar(),
        }
    engine.dispose()
    return facts


def test_restore_drill(settings, scratch_databases, tmp_path):
    (source, target), admin = scratch_databases
    sys.path.insert(0, str(ROOT / "scripts"))
    from backup import migrate

    migrate(source)
    from bff import create_app

    mailbox = RecordingMailer()
    container = bootstrap(settings.replace(database_url=source), mailer=mailbox)
    container.services.jobs = InlineJobQueue(
        container.deliver_outbox
    )  # these e-mails go out at once
    try:
        seed_demo(container.engine, container.services.hasher)
        client = create_app(container=container).test_client()
        payer = signed_up(client, "payer@example.com")
        assert pay(client, payer).status_code == 200
        redeemer = signed_up(client, "coupon@example.com")
        assert (
            client.post(
                "/v5/coupon/redeem", json={"coupon": "LUMO-TV-0003"}, headers=bearer(redeemer)
            ).status_code
            == 200
        )
        container.services.jobs = InlineJobQueue(lambda: None)  # this one's e-mails stay pending
        signed_up(client, "pending@example.com")
    finally:
        container.close()
    before = snapshot(source)
    assert before["counts"]["subscriptions"] >= 2 and before["counts"]["coupon_redemptions"] >= 1
    assert any(not delivered for _, _, delivered, _, _ in before["outbox"])
    assert any(delivered for _, _, delivered, _, _ in before["outbox"])

    result = run("backup", "--dir", str(tmp_path), database_url=source)
    assert result.returncode == 0, result.stderr
    dump = next(tmp_path.glob("lumo-*.dump"))
    manifest = json.loads(dump.with_suffix(".json").read_text())
    assert (
        manifest["alembic_revision"] == before["revision"]
        and f"-rev{before['revision']}.dump" in dump.name
    )
    assert manifest["row_counts"] == before["counts"]

    with admin.connect() as c:  # the disaster
        c.execute(text(f'DROP DATABASE "{make_url(source).database}" WITH (FORCE)'))

    result = run("restore", str(dump), "--database-url", target, database_url=source)
    assert result.returncode == 0, result.stderr
    assert "migrated to" in result.stdout
    after = snapshot(target)
    assert after == before
    assert after["orphans"] == 0

    engine = create_engine(target)
    try:
        with engine.begin() as c:  # the unique claim rows came back with the data
            row = c.execute(
                text("SELECT coupon_id, account_id FROM coupon_redemptions LIMIT 1")
            ).one()
            with pytest.raises(IntegrityError):
                with c.begin_nested():
                    c.execute(
                        text(
                            "INSERT INTO coupon_redemptions (coupon_id, account_id, redeemed_at) "
                            "VALUES (:c, :a, now())"
                        ),
                        {"c": row[0], "a": row[1]},
                    )
            # and the sequences: a new outbox row does not collide with a restored one
            new_id = c.execute(
                text(
                    "INSERT INTO outbox (kind, topic, payload, created_at, attempts) "
                    "VALUES ('email', 'drill', '{}', now(), 0) RETURNING id"
                )
            ).scalar()
            assert new_id > max(
                c.execute(text("SELECT id FROM outbox WHERE topic <> 'drill'")).scalars()
            )
    finally:
        engine.dispose()

    again = run("restore", str(dump), "--database-url", target, database_url=source)
    assert again.returncode == 1 and "already has" in again.stderr  # never over a live database
