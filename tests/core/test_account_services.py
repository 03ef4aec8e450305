"""Use cases over in-memory fakes: no database, no framework."""

from datetime import timedelta
from decimal import Decimal

import pytest

from core.domain import errors
from core.domain.coupons import Coupon, DiscountTerms
from core.domain.errors import DomainError
from core.services import accounts, passwords, profile, redirect_keys, sessions


def reg(email="p@lumo.example", coupon=None, **kw):
    return accounts.Registration(
        email=email, password="h" * 64, is_tc_accepted=True, coupon=coupon, **kw
    )


def raises(error, fn, *args):
    with pytest.raises(DomainError) as caught:
        fn(*args)
    assert caught.value.error == error


def test_register_creates_account_session_and_two_emails(ctx, store):
    result = accounts.register(
        ctx, reg(email=" P@Lumo.Example ", language="de-AT", country_code="ch")
    )
    account = next(iter(store.accounts.values()))
    assert (account.email, account.language, account.country_code) == ("p@lumo.example", "de", "CH")
    assert account.password_hash == "plain$" + "h" * 64
    assert sessions.authenticate(ctx, result.token) == account.id
    assert sorted(m.topic for m in store.outbox.values()) == ["confirm_email", "welcome"]
    assert ctx.jobs.pings == 1
    assert (result.user_coupon, result.has_subscription) == (None, False)


def test_register_rejects_bad_email_taken_email_and_bad_coupon(ctx, store):
    raises(errors.INVALID_EMAIL, accounts.register, ctx, reg(email="nope"))
    accounts.register(ctx, reg())
    raises(errors.EMAIL_TAKEN, accounts.register, ctx, reg(email="P@lumo.example"))
    raises(
        errors.INVALID_COUPON, accounts.register, ctx, reg(email="q@lumo.example", coupon="NOPE")
    )
    assert len(store.accounts) == 1  # nothing half-written


def test_register_with_access_coupon_gives_free_campaign_subscription(ctx, store):
    with ctx.uow() as uow:
        uow.coupons.add(
            Coupon(code="FREE1", coupon_type="UNIQUE_ACCESS_COUPON", duration_code="P2M")
        )
        uow.commit()
    result = accounts.register(ctx, reg(coupon="free1"))
    assert result.has_subscription is True
    assert result.user_coupon.coupon_type == "UNIQUE_ACCESS_COUPON"
    sub = next(iter(store.subscriptions.values()))
    assert (sub.payment_state_id, sub.subscription_type, sub.coupon) == (
        "Free_Campaign",
        "lumo_tv_books_games",
        "FREE1",
    )
    assert sub.end_date == ctx.clock.now().replace(month=3, day=31)
    raises(
        errors.COUPON_REDEEMED, accounts.register, ctx, reg(email="b@lumo.example", coupon="FREE1")
    )


def test_register_with_discount_coupon_does_not_redeem_it(ctx, store):
    with ctx.uow() as uow:
        uow.coupons.add(
            Coupon(
                code="HALF",
                coupon_type="DISCOUNT_COUPON",
                duration_code="P3M",
                discount_price=Decimal("2.99"),
                plan_type="P1M",
            )
        )
        uow.commit()
    result = accounts.register(ctx, reg(coupon="HALF"))
    assert result.has_subscription is False
    assert result.user_coupon.discount_terms == DiscountTerms(Decimal("2.99"), False, "P1M")
    assert next(iter(store.coupons.values())).redeemed_at is None


def test_login_paths(ctx):
    accounts.register(ctx, reg())
    raises(errors.EMAIL_NOT_FOUND, accounts.login, ctx, "x@lumo.example", "h" * 64)
    raises(errors.WRONG_PASSWORD, accounts.login, ctx, "p@lumo.example", "g" * 64)
    token = accounts.login(ctx, "P@LUMO.example", "h" * 64, "de")
    assert sessions.authenticate(ctx, token)


def test_session_expires_and_logout_revokes(ctx):
    token = accounts.register(ctx, reg()).token
    sessions.logout(ctx, token)
    raises(errors.LOGIN_NEEDED, sessions.authenticate, ctx, token)
    token = accounts.login(ctx, "p@lumo.example", "h" * 64)
    ctx.clock.advance(timedelta(days=ctx.policy.session_days))
    raises(errors.LOGIN_NEEDED, sessions.authenticate, ctx, token)
    raises(errors.LOGIN_NEEDED, sessions.authenticate, ctx, None)


def test_forgotten_password_errors(ctx, store):
    raises(errors.FORGOT_EMPTY_EMAIL, passwords.request_reset, ctx, "  ")
    raises(errors.FORGOT_INVALID_EMAIL, passwords.request_reset, ctx, "bad")
    raises(errors.NO_SUCH_USER, passwords.request_reset, ctx, "x@lumo.example")
    accounts.register(ctx, reg())
    passwords.request_reset(ctx, "p@lumo.example")
    assert [m.topic for m in store.outbox.values()][-1] == "reset_password"
    account = next(iter(store.accounts.values()))
    account.is_email_fake = True
    raises(errors.FORGOT_UPDATE_FAILED, passwords.request_reset, ctx, "p@lumo.example")


def test_change_password_keeps_current_session_only(ctx):
    first = accounts.register(ctx, reg()).token
    second = accounts.login(ctx, "p@lumo.example", "h" * 64)
    account_id = sessions.authenticate(ctx, first)
    raises(errors.WRONG_OLD_PASSWORD, passwords.change, ctx, account_id, first, "x" * 64, "n" * 64)
    passwords.change(ctx, account_id, first, "h" * 64, "n" * 64)
    assert sessions.authenticate(ctx, first) == account_id
    raises(errors.LOGIN_NEEDED, sessions.authenticate, ctx, second)
    accounts.login(ctx, "p@lumo.example", "n" * 64)


def test_change_email_and_name(ctx, store):
    account_id = sessions.authenticate(ctx, accounts.register(ctx, reg()).token)
    accounts.register(ctx, reg(email="other@lumo.example"))
    raises(errors.INVALID_EMAIL, profile.change_email, ctx, account_id, "bad")
    raises(errors.EMAIL_TAKEN, profile.change_email, ctx, account_id, "other@lumo.example")
    profile.change_email(ctx, account_id, "New@Lumo.example")
    view = profile.account_view(ctx, account_id).account
    assert (view.email, view.is_email_confirmed) == ("new@lumo.example", False)
    changed = [m for m in store.outbox.values() if m.topic == "email_changed"]
    assert changed[0].payload["to"] == "p@lumo.example"
    raises(errors.PARAMETER_REQUIRED, profile.change_name, ctx, account_id, "   ")
    profile.change_name(ctx, account_id, "  Mia  ")
    assert profile.account_view(ctx, account_id).account.name == "Mia"


def test_redirect_key_is_single_use_and_short_lived(ctx):
    account_id = sessions.authenticate(ctx, accounts.register(ctx, reg()).token)
    key = redirect_keys.generate(ctx, account_id)
    token = redirect_keys.verify(ctx, key)
    assert sessions.authenticate(ctx, token) == account_id
    raises(errors.REDIRECT_KEY_INVALID, redirect_keys.verify, ctx, key)
    late = redirect_keys.generate(ctx, account_id)
    ctx.clock.advance(timedelta(seconds=ctx.policy.redirect_key_seconds))
    raises(errors.REDIRECT_KEY_INVALID, redirect_keys.verify, ctx, late)
    raises(errors.REDIRECT_KEY_INVALID, redirect_keys.verify, ctx, None)
