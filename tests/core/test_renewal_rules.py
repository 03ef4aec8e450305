"""The renewal rules per country (core/domain/renewal_rules.py), with a fixed clock: Germany and the
Netherlands continue a yearly plan month by month, France sends the L215-1 notice in its window, the US
sends the yearly reminder and keeps the consent proof."""

from datetime import UTC, datetime, timedelta

import pytest

from core.domain.catalogue import MONTHLY, YEARLY
from core.domain.renewal_rules import (
    DEFAULT_RULE,
    RULES,
    ReminderKind,
    consent_proof_until,
    continues_monthly,
    due_renewal_reminder,
    free_to_leave,
    months_before,
    must_keep_consent_proof,
    refusal_deadline,
    rule_for,
)

RENEWAL = datetime(2027, 6, 15, 9, 30, tzinfo=UTC)
DEADLINE = datetime(2027, 6, 14, 9, 30, tzinfo=UTC)  # 24 hours before


def test_the_deadline_is_24_hours_before_the_renewal():
    assert refusal_deadline(RENEWAL) == DEADLINE


@pytest.mark.parametrize("country", ["DE", "NL", "de", "nl"])
def test_germany_and_the_netherlands_continue_a_yearly_plan_month_by_month(country):
    rule = rule_for(country)
    assert continues_monthly(rule, YEARLY) is True
    assert continues_monthly(rule, MONTHLY) is False  # already cancellable month by month
    assert rule.late_notice_frees is False and rule.consent_proof_years == 0


@pytest.mark.parametrize("country", ["FR", "US", "IT", "ES", "PT", "CH", "", None])
def test_elsewhere_a_yearly_plan_renews_as_agreed(country):
    assert continues_monthly(rule_for(country), YEARLY) is False


@pytest.mark.parametrize("country", ["DE", "NL"])
def test_the_switch_is_announced_30_days_before_the_renewal(country):
    rule = rule_for(country)
    assert due_renewal_reminder(rule, YEARLY, RENEWAL, DEADLINE - timedelta(days=31)) is None
    due = due_renewal_reminder(rule, YEARLY, RENEWAL, DEADLINE - timedelta(days=30))
    assert due is not None and due.kind == ReminderKind.CONTINUES_MONTHLY
    assert due.period == RENEWAL.date() and due.deadline == DEADLINE and due.on_time
    late = due_renewal_reminder(rule, YEARLY, RENEWAL, DEADLINE - timedelta(days=2))
    assert late is not None and not late.on_time  # still switched, recorded as late
    assert due_renewal_reminder(rule, YEARLY, RENEWAL, DEADLINE) is None  # the gateway bills now
    assert due_renewal_reminder(rule, MONTHLY, RENEWAL, DEADLINE - timedelta(days=20)) is None


def test_france_sends_the_l215_1_notice_between_three_months_and_one_month_before_the_deadline():
    rule = rule_for("FR")
    timing = rule.renewal_timing
    assert timing is not None and timing.legal_earliest is not None
    # our sending day lies inside the law's window
    assert timing.legal_earliest.of(DEADLINE) <= timing.send_from.of(DEADLINE)
    assert timing.send_from.of(DEADLINE) < timing.on_time_until.of(DEADLINE)
    assert timing.legal_earliest.of(DEADLINE) == datetime(2027, 3, 14, 9, 30, tzinfo=UTC)
    assert timing.on_time_until.of(DEADLINE) == datetime(2027, 5, 14, 9, 30, tzinfo=UTC)

    two_months = datetime(2027, 4, 14, 9, 30, tzinfo=UTC)
    assert due_renewal_reminder(rule, YEARLY, RENEWAL, two_months - timedelta(seconds=1)) is None
    due = due_renewal_reminder(rule, YEARLY, RENEWAL, two_months)
    assert due is not None and due.kind == ReminderKind.RENEWAL_NOTICE and due.on_time
    assert due.deadline == DEADLINE
    last_day = due_renewal_reminder(rule, YEARLY, RENEWAL, datetime(2027, 5, 14, 9, 30, tzinfo=UTC))
    assert last_day is not None and last_day.on_time
    late = due_renewal_reminder(rule, YEARLY, RENEWAL, datetime(2027, 5, 14, 9, 31, tzinfo=UTC))
    assert late is not None and not late.on_time
    assert due_renewal_reminder(rule, MONTHLY, RENEWAL, two_months) is None  # yearly plans only


def test_france_without_the_notice_in_time_the_parent_may_leave_at_any_time_after_renewal():
    rule = rule_for("FR")
    after = RENEWAL + timedelta(days=40)
    assert free_to_leave(rule, YEARLY, RENEWAL, notice_on_time=False, now=after) is True
    assert free_to_leave(rule, YEARLY, RENEWAL, notice_on_time=True, now=after) is False
    assert (
        free_to_leave(rule, YEARLY, RENEWAL, notice_on_time=False, now=RENEWAL - timedelta(days=1))
        is False
    )  # before the renewal the ordinary cancellation applies
    assert free_to_leave(rule, MONTHLY, RENEWAL, notice_on_time=False, now=after) is False
    assert free_to_leave(rule_for("DE"), YEARLY, RENEWAL, notice_on_time=False, now=after) is False


def test_the_us_yearly_reminder_goes_out_15_to_45_days_before_the_renewal():
    rule = rule_for("US")
    timing = rule.renewal_timing
    assert timing is not None and timing.legal_earliest is not None
    assert timing.legal_earliest.of(DEADLINE) <= timing.send_from.of(DEADLINE)
    assert due_renewal_reminder(rule, YEARLY, RENEWAL, DEADLINE - timedelta(days=31)) is None
    due = due_renewal_reminder(rule, YEARLY, RENEWAL, DEADLINE - timedelta(days=30))
    assert due is not None and due.kind == ReminderKind.YEARLY_REMINDER and due.on_time
    late = due_renewal_reminder(rule, YEARLY, RENEWAL, DEADLINE - timedelta(days=14))
    assert late is not None and not late.on_time
    assert rule.terms_acknowledgement is True
    assert continues_monthly(rule, YEARLY) is False


def test_the_us_keeps_the_consent_proof_three_years_or_a_year_after_the_end_if_later():
    rule = rule_for("US")
    bought = datetime(2026, 2, 28, tzinfo=UTC)
    # ended after four months: three years from the purchase is later
    assert consent_proof_until(rule, bought, datetime(2026, 6, 28, tzinfo=UTC)) == datetime(
        2029, 2, 28, tzinfo=UTC
    )
    # ended after three years and a half: a year after the end is later
    ended = datetime(2029, 8, 31, tzinfo=UTC)
    assert consent_proof_until(rule, bought, ended) == datetime(2030, 8, 31, tzinfo=UTC)
    now = datetime(2030, 8, 30, tzinfo=UTC)
    assert must_keep_consent_proof(rule, bought, ended, now) is True
    assert must_keep_consent_proof(rule, bought, ended, now + timedelta(days=2)) is False
    assert must_keep_consent_proof(rule, bought, None, datetime(2040, 1, 1, tzinfo=UTC)) is True
    assert must_keep_consent_proof(rule_for("DE"), bought, None, now) is False


def test_one_table_holds_every_rule_and_names_its_sources():
    assert set(RULES) == {"DE", "NL", "FR", "US"}
    assert all(rule.sources for rule in RULES.values())
    assert rule_for("IT") is DEFAULT_RULE and DEFAULT_RULE.renewal_timing is None


def test_months_before_keeps_the_day_or_takes_the_months_last():
    assert months_before(datetime(2027, 5, 31, tzinfo=UTC), 3) == datetime(2027, 2, 28, tzinfo=UTC)
    assert months_before(datetime(2027, 1, 15, tzinfo=UTC), 2) == datetime(2026, 11, 15, tzinfo=UTC)
    assert months_before(datetime(2028, 2, 29, tzinfo=UTC), -12) == datetime(
        2029, 2, 28, tzinfo=UTC
    )
