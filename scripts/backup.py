"""`make backup` / `make restore FILE=…`: PostgreSQL dumps with the Alembic revision recorded.

    scripts/backup.py backup [--dir var/backups] [--keep 14]
    scripts/backup.py restore FILE [--database-url URL]

backup: `pg_dump --format=custom` of DATABASE_URL into BACKUP_DIR (default var/backups) as
lumo-<database>-<UTC time>-rev<alembic revision>.dump, with a manifest beside it (.json: the revision,
the row count of every table, the pg_dump version); then only the newest BACKUP_KEEP (14) dumps stay.
restore: `pg_restore` into an empty database (created when missing; a database that already has
tables is refused), then `alembic upgrade head` (a dump of an older revision is migrated forward),
then the restored row counts are compared with the manifest. Retention and the drill: docs/operations.md.

An operator's tool, not application code: it reads BACKUP_DIR/BACKUP_KEEP itself, and DATABASE_URL
through core.settings.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sqlalchemy import create_engine, inspect, text  # noqa: E402
from sqlalchemy.engine import make_url  # noqa: E402

from core.settings import from_environment  # noqa: E402


class BackupError(Exception):
    pass


def libpq_url(url: str) -> str:
    """postgresql+psycopg://… (SQLAlchemy) -> postgresql://… (pg_dump, pg_restore)."""
    parsed = make_url(url)
    if not parsed.drivername.startswith("postgresql"):
        raise BackupError(
            f"backups are for PostgreSQL; DATABASE_URL is {parsed.drivername} "
            "(the embedded SQLite database is the file var/lumo.db: copy it while `make run` is stopped)"
        )
    return parsed.set(drivername="postgresql").render_as_string(hide_password=False)


def _tool(name: str) -> str:
    path = shutil.which(name)
    if not path:
        raise BackupError(f"{name} is not installed (Debian: apt-get install postgresql-client)")
    return path


def revision_and_counts(url: str) -> tuple[str | None, dict[str, int]]:
    engine = create_engine(url)
    try:
        with engine.connect() as c:
            tables = sorted(inspect(c).get_table_names())
            revision = (
                c.execute(text("SELECT version_num FROM alembic_version")).scalar()
                if "alembic_version" in tables
                else None
            )
            counts = {
                t: c.execute(text(f'SELECT count(*) FROM "{t}"')).scalar()
                for t in tables
                if t != "alembic_version"
            }
    finally:
        engine.dispose()
    return revision, counts


def backup(url: str, folder: Path, keep: int, now: datetime | None = None) -> Path:
    pg_dump = _tool("pg_dump")
    target = libpq_url(url)
    revision, counts = revision_and_counts(url)
    if revision is None:
        raise BackupError("the database has no alembic_version: nothing migrated to back up")
    now = now or datetime.now(UTC)
    folder.mkdir(parents=True, exist_ok=True)
    database = make_url(url).database
    path = folder / f"lumo-{database}-{now:%Y%m%dT%H%M%SZ}-rev{revision}.dump"
    partial = path.with_suffix(".partial")
    subprocess.run(
        [
            pg_dump,
            "--format=custom",
            "--no-owner",
            "--no-privileges",
            "--file",
            str(partial),
            target,
        ],
        check=True,
    )
    partial.replace(path)  # a dump that stopped half-way never looks like a backup
    version = subprocess.run([pg_dump, "--version"], capture_output=True, text=True).stdout.strip()
    manifest = {
        "file": path.name,
        "database": database,
        "alembic_revision": revision,
        "created_at": now.isoformat(),
        "pg_dump": version,
        "row_counts": counts,
    }
    path.with_suffix(".json").write_text(json.dumps(manifest, indent=2) + "\n")
    prune(folder, keep)
    return path


def prune(folder: Path, keep: int) -> list[Path]:
    """Only the newest `keep` dumps (and their manifests) stay."""
    dumps = sorted(folder.glob("lumo-*.dump"), key=lambda p: p.stat().st_mtime, reverse=True)
    removed = dumps[keep:] if keep > 0 else []
    for old in removed:
        old.unlink()
        old.with_suffix(".json").unlink(missing_ok=True)
    return removed


def _ensure_empty_database(url: str) -> None:
    parsed = make_url(url)
    admin = create_engine(parsed.set(database="postgres"), isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as c:
            exists = c.execute(
                text("SELECT 1 FROM pg_database WHERE datname = :n"), {"n": parsed.database}
            ).scalar()
            if not exists:
                c.execute(text(f'CREATE DATABASE "{parsed.database}"'))
                return
    finally:
        admin.dispose()
    engine = create_engine(url)
    try:
        with engine.connect() as c:
            tables = inspect(c).get_table_names()
    finally:
        engine.dispose()
    if tables:
        raise BackupError(
            f"database {parsed.database!r} already has {len(tables)} table(s); restore into an "
            "empty one (e.g. DATABASE_URL=…/lumo_restored), then point the application at it"
        )


def restore(file: Path, url: str) -> dict:
    pg_restore = _tool("pg_restore")
    if not file.is_file():
        raise BackupError(f"no such backup: {file}")
    target = libpq_url(url)
    _ensure_empty_database(url)
    subprocess.run(
        [
            pg_restore,
            "--no-owner",
            "--no-privileges",
            "--exit-on-error",
            "--single-transaction",
            "--dbname",
            target,
            str(file),
        ],
        check=True,
    )
    restored_revision, _ = revision_and_counts(url)
    migrate(url)
    revision, counts = revision_and_counts(url)
    manifest_path = file.with_suffix(".json")
    manifest = json.loads(manifest_path.read_text()) if manifest_path.is_file() else {}
    differences = {
        t: (n, counts.get(t))
        for t, n in manifest.get("row_counts", {}).items()
        if counts.get(t) != n
    }
    return {
        "restored_revision": restored_revision,
        "revision": revision,
        "row_counts": counts,
        "differences": differences,
    }


def migrate(url: str) -> None:
    from alembic import command
    from alembic.config import Config

    config = Config(str(ROOT / "alembic.ini"))
    config.set_main_option("script_location", str(ROOT / "core/adapters/db/migrations"))
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    command.upgrade(config, "head")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    b = sub.add_parser("backup")
    b.add_argument("--dir", default=os.environ.get("BACKUP_DIR") or str(ROOT / "var" / "backups"))
    b.add_argument("--keep", type=int, default=int(os.environ.get("BACKUP_KEEP") or 14))
    r = sub.add_parser("restore")
    r.add_argument("file")
    r.add_argument("--database-url", default=None, help="target database (default DATABASE_URL)")
    args = parser.parse_args(argv)
    url = from_environment().database_url
    try:
        if args.command == "backup":
            path = backup(url, Path(args.dir), args.keep)
            print(f"backup: {path} (manifest {path.with_suffix('.json').name})")
            return 0
        report = restore(Path(args.file), args.database_url or url)
    except (BackupError, subprocess.CalledProcessError) as error:
        print(f"{args.command}: {error}", file=sys.stderr)
        return 1
    print(
        f"restore: revision {report['restored_revision']} restored, migrated to {report['revision']}; "
        f"{sum(report['row_counts'].values())} rows in {len(report['row_counts'])} tables"
    )
    for table, (expected, found) in report["differences"].items():
        print(f"restore: {table}: {found} rows, the manifest says {expected}", file=sys.stderr)
    return 1 if report["differences"] else 0


if __name__ == "__main__":
    sys.exit(main())
