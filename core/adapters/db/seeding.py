"""Idempotent demo data for `make run`: running it twice changes nothing."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path

from sqlalchemy import select
from sqlalchemy.orm import Session

from core.adapters.db.models import AccountRow, CouponRow
from core.domain.accounts import client_password_hash
from core.domain.ports import PasswordHasher

DEMO_FILE = Path(__file__).parent / "seed" / "demo.json"


def seed_demo(
    engine, hasher: PasswordHasher, path: Path = DEMO_FILE, terms_version: str | None = None
) -> dict[str, int]:
    """`terms_version`: the terms the demo parent has accepted (TERMS_VERSION), so it is not asked again."""
    data = json.loads(path.read_text(encoding="utf-8"))
    now = datetime.now(UTC)
    added = {"accounts": 0, "coupons": 0}
    with Session(engine) as session:
        for item in data["accounts"]:
            if (
                session.scalar(select(AccountRow.id).where(AccountRow.email == item["email"]))
                is None
            ):
                fields = {k: v for k, v in item.items() if k != "password"}
                session.add(
                    AccountRow(
                        **fields,
                        password_hash=hasher.hash(client_password_hash(item["password"])),
                        utm={},
                        created_at=now,
                        terms_accepted_at=now,
                        terms_version=terms_version,
                    )
                )
                added["accounts"] += 1
        for item in data["coupons"]:
            if session.scalar(select(CouponRow.id).where(CouponRow.code == item["code"])) is None:
                if item.get("discount_price") is not None:
                    item = {**item, "discount_price": Decimal(item["discount_price"])}
                session.add(CouponRow(**item))
                added["coupons"] += 1
        session.commit()
    return added
