"""Idempotent demo data for `make run`: running it twice changes nothing."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from pathlib import Path

from sqlalchemy import select
from sqlalchemy.orm import Session

from core.adapters.db.mapping import to_row
from core.adapters.db.models.accounts import AccountRow
from core.adapters.db.models.coupons import CouponRow
from core.adapters.db.models.subscriptions import SubscriptionRow
from core.domain.accounts import client_password_hash
from core.domain.ports.security import PasswordHasher
from core.domain.subscriptions import Subscription

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
                fields = {k: v for k, v in item.items() if k not in ("password", "subscriptions")}
                account = AccountRow(
                    **fields,
                    password_hash=hasher.hash(client_password_hash(item["password"])),
                    utm={},
                    created_at=now,
                    terms_accepted_at=now,
                    terms_version=terms_version,
                )
                session.add(account)
                session.flush()
                for sub in item.get("subscriptions", []):
                    session.add(_store_subscription(account.id, sub, now))
                added["accounts"] += 1
        for item in data["coupons"]:
            if session.scalar(select(CouponRow.id).where(CouponRow.code == item["code"])) is None:
                if item.get("discount_price") is not None:
                    item = {**item, "discount_price": Decimal(item["discount_price"])}
                session.add(CouponRow(**item))
                added["coupons"] += 1
        session.commit()
    return added


def _store_subscription(account_id: int, item: dict, now: datetime) -> SubscriptionRow:
    """A partner store's renewing monthly subscription, as its notification would leave it: the demo
    accounts of the stores whose parents are asked for a real e-mail (docs/product.md#flows)."""
    running = Subscription.store_running(
        account_id,
        item["store_id"],
        item["subscription_type"],
        end_date=now + timedelta(days=item["days_left"]),
        at=now,
    )
    return to_row(running, SubscriptionRow())
