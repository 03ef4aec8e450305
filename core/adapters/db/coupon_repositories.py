"""Coupons; a redemption is one row a unique constraint guards."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import bindparam, delete, select, update

from core.adapters.db.mapping import rowcount, to_domain, to_row
from core.adapters.db.models.coupons import CouponRedemptionRow, CouponRow
from core.adapters.db.prepared_read import PreparedRead
from core.adapters.db.repository_base import _insert_once, _OnConnection, _OnSession
from core.domain.coupons import Coupon


class SqlCoupons(_OnSession):
    def by_code(self, code: str) -> Coupon | None:
        row = self.session.scalar(select(CouponRow).where(CouponRow.code == code))
        return to_domain(row, Coupon) if row else None

    def add(self, coupon: Coupon) -> Coupon:
        row = to_row(coupon, CouponRow())
        self.session.add(row)
        self.session.flush()
        coupon.id = row.id
        return coupon

    def used_by(self, coupon: Coupon, account_id: int) -> bool:
        return (
            self.session.scalar(
                select(CouponRedemptionRow.id).where(
                    CouponRedemptionRow.coupon_id == coupon.id,
                    CouponRedemptionRow.account_id == account_id,
                )
            )
            is not None
        )

    def redeem(self, coupon: Coupon, account_id: int, now: datetime) -> bool:
        if coupon.single_use:
            result = self.session.execute(
                update(CouponRow)
                .where(CouponRow.id == coupon.id, CouponRow.redeemed_at.is_(None))
                .values(redeemed_at=now, redeemed_by=account_id)
                .execution_options(synchronize_session=False)
            )
            if rowcount(result) != 1:
                return False
        return _insert_once(
            self.session,
            CouponRedemptionRow(coupon_id=coupon.id, account_id=account_id, redeemed_at=now),
        )

    def release(self, coupon: Coupon, account_id: int) -> None:
        self.session.execute(
            delete(CouponRedemptionRow).where(
                CouponRedemptionRow.coupon_id == coupon.id,
                CouponRedemptionRow.account_id == account_id,
            )
        )
        if coupon.single_use:
            self.session.execute(
                update(CouponRow)
                .where(CouponRow.id == coupon.id, CouponRow.redeemed_by == account_id)
                .values(redeemed_at=None, redeemed_by=None)
            )


class ReadCoupons(_OnConnection, SqlCoupons):
    """For read-only units of work: the coupon check as a Core statement on the unit's connection."""

    _BY_CODE = PreparedRead(select(CouponRow.__table__).where(CouponRow.code == bindparam("code")))

    def by_code(self, code: str) -> Coupon | None:
        rows = self.uow.rows(self._BY_CODE, {"code": code})
        return to_domain(rows[0], Coupon) if rows else None
