"""Property tests (hypothesis): pricing, coupon rules, the subscription state machine and the
failed-login throttle hold for every input hypothesis can think of, not only the examples we wrote."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from core.domain import errors
from core.domain.catalogue import (
    APPS,
    PRODUCTS,
    AddOn,
    Plan,
    apps_of,
    charge_for,
    monthly_display_price,
    price_bundle,
    product_code,
    yearly_savings,
)
from core.domain.coupons import (
    SCOPE_ALL,
    SCOPE_ANY,
    SCOPE_BOOKS,
    SCOPE_TV,
    TYPES,
    Coupon,
    CouponContext,
    add_duration,
    check_for,
    check_usable,
)
from core.domain.errors import DomainError
from core.domain.login_throttle import FORGET_AFTER, LoginState, LoginThrottle
from core.domain.subscriptions import (
    HIDDEN_STATES,
    State,
    Subscription,
    visible,
)
from core.settings import MAX_LOGIN_FREE_FAILURES, MIN_LOGIN_MAX_DELAY_SECONDS

# No example database: nothing written into the work tree, every run the same (derandomize).
settings.register_profile("lumo", database=None, derandomize=True, deadline=None)
settings.load_profile("lumo")

EXAMPLES = 200  # hypothesis examples per property (the state machine: 100 runs of up to 30 steps)
PROPERTIES = settings(max_examples=EXAMPLES, deadline=None, database=None, derandomize=True)
ASVS_MAX_FAILURES_PER_HOUR = 100

T0 = datetime(2026, 1, 1, tzinfo=UTC)
moments = st.datetimes(
    min_value=datetime(2020, 1, 1),
    max_value=datetime(2040, 12, 31),
    timezones=st.just(UTC),
)
prices = st.decimals(min_value=Decimal("0.00"), max_value=Decimal("999.99"), places=2)
app_sets = st.sets(st.sampled_from(APPS), min_size=1)


# --- pricing --------------------------------------------------------------------------------------


@st.composite
def plans(draw):
    apps = draw(app_sets)
    add_ons = tuple(AddOn(f"addon{i}", draw(prices)) for i in range(len(APPS) - len(apps)))
    return Plan(
        plan_id="p",
        product=product_code(apps),
        duration_code=draw(st.sampled_from(["P1M", "P1Y"])),
        currency="EUR",
        price=draw(prices),
        add_ons=add_ons,
    )


@PROPERTIES
@given(app_sets)
def test_product_codes_round_trip(apps):
    assert apps_of(product_code(apps)) == apps
    assert product_code(apps) in PRODUCTS


@PROPERTIES
@given(plans(), st.lists(st.sampled_from(PRODUCTS), max_size=3))
def test_a_bundle_costs_the_base_plus_one_add_on_per_further_app(plan, extras):
    product, price = price_bundle(plan, extras)
    wanted = apps_of(product)
    assert plan.apps <= wanted and all(apps_of(e) <= wanted for e in extras)
    extra = len(wanted) - len(plan.apps)
    assert price == plan.price + sum((a.price for a in plan.add_ons[:extra]), Decimal("0"))
    assert price >= plan.price and price == price.quantize(
        Decimal("0.01")
    )  # never below the base, whole cents


@PROPERTIES
@given(plans(), app_sets, app_sets)
def test_more_apps_never_cost_less(plan, more, fewer):
    small, large = plan.apps | fewer, plan.apps | fewer | more
    assert charge_for(plan, [product_code(large)]) >= charge_for(plan, [product_code(small)])


@PROPERTIES
@given(prices)
def test_the_monthly_display_price_is_the_smallest_tenth_covering_a_twelfth(yearly):
    shown = monthly_display_price(yearly)
    assert shown == shown.quantize(Decimal("0.1"))
    assert shown * 12 >= yearly > (shown - Decimal("0.1")) * 12 or (yearly == 0 and shown == 0)


@PROPERTIES
@given(prices, prices)
def test_yearly_savings_are_exact_to_the_cent(monthly, yearly):
    assert yearly_savings(monthly, yearly) == 12 * monthly - yearly


# --- coupons --------------------------------------------------------------------------------------

durations = st.builds(lambda n, unit: f"P{n}{unit}", st.integers(1, 999), st.sampled_from("MD"))
coupons = st.builds(
    Coupon,
    code=st.just("CODE"),
    coupon_type=st.sampled_from(TYPES),
    duration_code=durations,
    product=st.sampled_from([SCOPE_ANY, SCOPE_TV, SCOPE_BOOKS, SCOPE_ALL]),
    plan_type=st.sampled_from([None, "P1M", "P1Y"]),
    is_bundle_discount=st.booleans(),
    partner=st.sampled_from([None, "acme"]),
    expires_at=st.one_of(st.none(), moments),
    redeemed_at=st.one_of(st.none(), moments),
)
contexts = st.builds(
    CouponContext,
    product=st.one_of(st.none(), st.sampled_from(PRODUCTS)),
    plan_type=st.sampled_from([None, "P1M", "P1Y"]),
    account_partner=st.sampled_from([None, "acme", "other"]),
    account_products_with_access=st.frozensets(st.sampled_from(APPS)),
    used_by_account=st.booleans(),
)


@PROPERTIES
@given(moments, durations)
def test_a_duration_moves_forward_by_whole_days_or_calendar_months(start, code):
    end = add_duration(start, code)
    n, unit = int(code[1:-1]), code[-1]
    assert end >= start and end.time() == start.time()
    if unit == "D":
        assert end - start == timedelta(days=n)
    else:
        assert (end.year - start.year) * 12 + end.month - start.month == n
        assert end.day <= start.day and (
            end.day == start.day or end.day >= 28
        )  # clamped to the month's end


@PROPERTIES
@given(coupons, moments)
def test_an_expired_or_spent_coupon_is_never_usable(coupon, now):
    spent = coupon.redeemed_at is not None
    expired = coupon.expires_at is not None and now >= coupon.expires_at
    try:
        assert check_usable(coupon, now) is coupon
        assert not (spent or expired)
    except DomainError as refused:
        assert refused.error in (errors.COUPON_EXPIRED, errors.COUPON_REDEEMED) and (
            spent or expired
        )


@PROPERTIES
@given(coupons, contexts)
def test_coupon_rules_refuse_with_a_catalogue_error_and_never_a_crash(coupon, context):
    try:
        check_for(coupon, context)
    except DomainError as refused:
        assert refused.error.kind == errors.Kind.INVALID and refused.error.code in (3, 4, 5, 6, 7)
    else:
        assert not context.used_by_account  # an account never uses a code twice
        if coupon.is_discount and context.plan_type and coupon.plan_type:
            assert context.plan_type.upper() == coupon.plan_type.upper()
        if context.product and not coupon.is_access and coupon.product == SCOPE_ALL:
            assert len(apps_of(context.product)) == 3


@PROPERTIES
@given(coupons)
def test_coupons_give_some_free_time_and_at_least_one_discounted_cycle(coupon):
    assert coupon.free_days(T0) >= 1
    assert coupon.discount_cycles() >= 1


@PROPERTIES
@given(st.sampled_from(["P0M", "P0D", "P00M", "P1000D", "P1Y", "1M", "P-1M", ""]))
def test_malformed_or_empty_durations_are_refused(code):
    with pytest.raises(ValueError):
        add_duration(T0, code)


# --- the subscription state machine ----------------------------------------------------------------


class SubscriptionLife(RuleBasedStateMachine):
    """A web subscription through trials, charges, cancellations, expiry and the passing of time."""

    def __init__(self) -> None:
        super().__init__()
        self.now = T0
        self.sub = Subscription(
            account_id=1,
            subscription_type="lumo_tv",
            duration_code="P1M",
            store_id="lumo",
            payment_state_id=State.TRIAL,
            end_date=T0 + timedelta(days=7),
            next_billing_date=T0 + timedelta(days=7),
            payment_plan_id="lumo_tv_monthly_eur",
            payment_plan_price=Decimal("4.99"),
        )

    @rule(days=st.integers(0, 60))
    def time_passes(self, days):
        self.now += timedelta(days=days)

    @precondition(lambda self: self.sub.payment_state_id != State.EXPIRED)
    @rule()
    def cancel(self):
        end = self.sub.end_date
        self.sub._cancel(self.now)
        assert self.sub.end_date == end  # cancelling never shortens paid time

    @precondition(lambda self: self.sub.is_renewing)
    @rule(months=st.integers(1, 12), change=st.booleans())
    def charged(self, months, change):
        if change:
            self.sub.pending_plan_id, self.sub.pending_price = (
                "lumo_tv_yearly_eur",
                Decimal("34.90"),
            )
        self.sub._charged(
            self.now + timedelta(days=30 * months), self.now + timedelta(days=30 * months)
        )
        assert self.sub.pending_plan_id is None

    @rule()
    def expire(self):
        self.sub._expire(self.now)

    @invariant()
    def states_and_flags_agree(self):
        sub = self.sub
        if sub.payment_state_id in (State.CANCELLED, State.EXPIRED):
            assert not sub.is_renewing and sub.next_billing_date is None and sub.is_cancelled()
        if sub.payment_state_id == State.EXPIRED:
            assert sub.is_expired(self.now)
            assert sub.end_date is not None and sub.end_date <= self.now
        if sub.payment_state_id in (State.TRIAL, State.ACTIVE, State.CANCELLED):
            # Access lasts exactly until the end date: open before it, not after.
            assert (not sub.is_expired(self.now)) == (
                sub.end_date is None or self.now < sub.end_date
            )
        assert sub.visible == (sub.payment_state_id not in HIDDEN_STATES) and visible([sub]) == [
            sub
        ]


SubscriptionLife.TestCase.settings = settings(
    max_examples=100, stateful_step_count=30, deadline=None, database=None, derandomize=True
)
test_subscription_state_machine = SubscriptionLife.TestCase


# --- the failed-login throttle (ASVS 2.2.1) ----------------------------------------------------------

throttles = st.builds(
    LoginThrottle,
    free_failures=st.integers(1, MAX_LOGIN_FREE_FAILURES),
    max_delay_seconds=st.integers(MIN_LOGIN_MAX_DELAY_SECONDS, 3600),
)
# An attacker's guesses: gaps in seconds between attempts, over up to two hours.
attacks = st.lists(st.integers(0, 400), min_size=1, max_size=400)


def run_attack(
    throttle: LoginThrottle, gaps: list[int]
) -> tuple[list[datetime], LoginState, datetime]:
    state, now, failures = LoginState(), T0, []
    for gap in gaps:
        now += timedelta(seconds=gap)
        if throttle.wait(state, now):
            continue  # refused without checking the password: nothing learnt, nothing counted
        state = throttle.next_state(state, now)
        failures.append(now)
    return failures, state, now


@settings(max_examples=EXAMPLES, deadline=None, database=None, derandomize=True)
@given(throttles, attacks)
def test_no_configuration_allows_100_failed_logins_in_an_hour(throttle, gaps):
    failures, _, _ = run_attack(throttle, gaps)
    for i, first in enumerate(failures):
        in_the_hour = sum(1 for t in failures[i:] if t - first < timedelta(hours=1))
        assert in_the_hour < ASVS_MAX_FAILURES_PER_HOUR


@PROPERTIES
@given(throttles, attacks)
def test_the_parent_is_never_locked_out_longer_than_one_capped_delay(throttle, gaps):
    _, state, now = run_attack(throttle, gaps)
    wait = throttle.wait(state, now)
    assert wait <= timedelta(seconds=throttle.max_delay_seconds)
    assert not throttle.wait(state, now + wait)  # once it has passed, the right password is checked


@PROPERTIES
@given(throttles, st.integers(0, 10_000))
def test_delays_grow_and_a_quiet_hour_forgets(throttle, failures):
    assert throttle.delay_after(failures + 1) >= throttle.delay_after(failures)
    state = LoginState(failures=failures, blocked_until=T0, last_attempt_at=T0)
    assert throttle.counted_failures(state, T0 + FORGET_AFTER) == 0


def test_the_default_schedule():
    throttle = LoginThrottle()
    assert [throttle.delay_after(n).seconds for n in range(1, 15)] == [
        0,
        0,
        0,
        0,
        2,
        4,
        8,
        16,
        32,
        64,
        128,
        256,
        300,
        300,
    ]


@pytest.mark.parametrize("free, cap", [(MAX_LOGIN_FREE_FAILURES, MIN_LOGIN_MAX_DELAY_SECONDS)])
def test_the_most_permissive_configuration_guessing_as_fast_as_allowed(free, cap):
    """The worst case by construction: a guess the instant each delay ends, for one hour."""
    throttle, state, now, failures = LoginThrottle(free, cap), LoginState(), T0, 0
    while now < T0 + timedelta(hours=1):
        state = throttle.next_state(state, now)
        failures += 1
        now += max(throttle.wait(state, now), timedelta(milliseconds=1))
    assert failures < ASVS_MAX_FAILURES_PER_HOUR
