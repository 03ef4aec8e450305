"""The dunning schedule (core/domain/dunning.py) read on a fake clock: retries on days 3 and 7, e-mails on
days 0, 3 and 7, the last notice three days before the grace ends, nothing at or after the lapse
(docs/billing.md#failed-payments-and-dunning)."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest

from core.domain.clock import FixedClock
from core.domain.dunning import (
    DueStep,
    Schedule,
    StepKind,
    expiring_next_month,
)
from core.settings import Settings

FAILED = datetime(2026, 11, 2, 9, 30, tzinfo=UTC)
DEFAULT = Schedule(retry_days=(3, 7), email_days=(0, 3, 7), last_notice_days=3, grace_days=14)


def test_the_defaults_are_that_schedule():
    from core.domain.dunning import DEFAULT_SCHEDULE

    assert DEFAULT_SCHEDULE == DEFAULT


def walk(schedule: Schedule, hours: int = 1):
    """Every step the schedule names, tick by tick from the failure to past the lapse, each once (as the
    once-only rows make it): {day reached: [step names]}."""
    clock = FixedClock(FAILED)
    seen: set[str] = set()
    done: dict[int, list[str]] = {}
    while clock.now() < FAILED + timedelta(days=schedule.grace_days + 2):
        for step in schedule.due(FAILED, clock.now()):
            if step is not None and step.name not in seen:
                seen.add(step.name)
                done.setdefault((clock.now() - FAILED).days, []).append(step.name)
        clock.advance(timedelta(hours=hours))
    return done


def test_the_default_schedule_day_by_day():
    assert walk(DEFAULT) == {
        0: ["email_0"],
        3: ["retry_3", "email_3"],
        7: ["retry_7", "email_7"],
        11: ["last_notice"],
    }


def test_the_settings_defaults_are_that_schedule():
    s = Settings(env="test")
    assert (s.dunning_retry_days, s.dunning_email_days, s.dunning_last_notice_days) == (
        (3, 7),
        (0, 3, 7),
        3,
    )
    assert Settings(env="test", DUNNING_RETRY_DAYS="5, 2,5").dunning_retry_days == (2, 5)


def test_nothing_is_due_once_the_grace_period_is_over():
    assert DEFAULT.due(FAILED, FAILED + timedelta(days=14)) == (None, None)
    assert DEFAULT.due(FAILED, FAILED + timedelta(days=14) - timedelta(seconds=1)) == (
        DueStep(StepKind.RETRY, 7),  # done on day 7: its row keeps it from running again
        DueStep(StepKind.LAST_NOTICE, 11),
    )
    assert DEFAULT.access_ends(FAILED) == FAILED + timedelta(days=14)


def test_a_day_starts_at_the_hour_of_the_failure():
    retry, email = DEFAULT.due(FAILED, FAILED + timedelta(days=3) - timedelta(minutes=1))
    assert (retry, email) == (None, DueStep(StepKind.EMAIL, 0))
    retry, email = DEFAULT.due(FAILED, FAILED + timedelta(days=3))
    assert (retry, email) == (DueStep(StepKind.RETRY, 3), DueStep(StepKind.EMAIL, 3))


def test_a_worker_that_was_down_catches_up_with_the_latest_step_only():
    retry, email = DEFAULT.due(FAILED, FAILED + timedelta(days=9))
    assert (retry.name, email.name) == ("retry_7", "email_7")


def test_a_short_grace_drops_the_steps_after_it_and_the_last_notice_wins_a_shared_day():
    short = Schedule(retry_days=(3, 7), email_days=(0, 3, 7), last_notice_days=3, grace_days=6)
    assert walk(short) == {0: ["email_0"], 3: ["retry_3", "last_notice"]}


def test_the_e_mails_topics():
    assert DueStep(StepKind.EMAIL, 0).topic == "payment_failed"  # the existing e-mail is day 0
    assert DueStep(StepKind.EMAIL, 3).topic == "payment_reminder"
    assert DueStep(StepKind.LAST_NOTICE, 11).topic == "payment_last_notice"


@pytest.mark.parametrize(
    ("today", "expiry", "month"),
    [
        (date(2026, 11, 27), "12/2026", date(2026, 12, 1)),
        (date(2026, 12, 1), "01/2027", date(2027, 1, 1)),
        (date(2026, 12, 31), "01/2027", date(2027, 1, 1)),
    ],
)
def test_the_card_expiry_that_falls_next_month(today, expiry, month):
    assert expiring_next_month(today) == (expiry, month)
