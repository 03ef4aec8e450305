"""What moves a subscription (core/domain/subscriptions.py `Subscription.apply`) and what a transition
asks of the outside world."""

from __future__ import annotations

from enum import StrEnum


class Event(StrEnum):
    """What happens to a subscription: the gateway's events (payments.WebhookEvent.kind), the purchase's
    outcome, the parent's cancellation, refunds, the operator console and the clock."""

    CHARGED = "charged"
    CHARGE_FAILED = "charge_failed"
    PAST_DUE = "past_due"
    CANCELED = "canceled"  # the gateway cancelled it
    EXPIRED = "expired"  # the gateway let it expire
    WENT_ACTIVE = "went_active"
    PARENT_CANCELLED = (
        "parent_cancelled"  # the parent stopped renewal (or a carrier's in-app unsubscribe)
    )
    TIME_UP = "time_up"  # the subscription clock: its end date has passed
    PURCHASE_FAILED = "purchase_failed"  # the gateway refused the pending purchase
    TRIAL_STARTED = "trial_started"  # the purchase went through; free days before the first charge
    ACTIVATED = (
        "activated"  # the purchase went through and is paid (or billed when older time ends)
    )
    ACCESS_ENDED = "access_ended"  # a refund that ends access, a lost dispute, the console's "now"
    GRACE_OVER = "grace_over"  # the clock: still past due when the grace days ran out
    ACCOUNT_CLOSED = "account_closed"  # the parent deleted the account: renewal stops
    FREE_TIME_GRANTED = "free_time_granted"  # the console moved a non-renewing end date on
    WITHDRAWN = (
        "withdrawn"  # the parent withdrew from the contract (docs/consumer-law-withdrawal.md)
    )


GATEWAY_EVENTS = frozenset(
    {
        Event.CHARGED,
        Event.CHARGE_FAILED,
        Event.PAST_DUE,
        Event.CANCELED,
        Event.EXPIRED,
        Event.WENT_ACTIVE,
    }
)


class Effect(StrEnum):
    """What a transition asks of the outside world; the use case carries it out in the same transaction."""

    RECORD_CHARGE = "record_charge"  # the charge goes into the payment history
    RECEIPT_EMAIL = "receipt_email"
    PAYMENT_FAILED_EMAIL = "payment_failed_email"
    CANCELLATION_EMAIL = "cancellation_email"
    UNSUBSCRIBED = "unsubscribed"  # a carrier store or partner is told (callbacks.UNSUBSCRIBED)
    SUBSCRIBED = "subscribed"  # a partner is told its user subscribed (callbacks.SUBSCRIBED)
    RELEASE_COUPON = "release_coupon"  # a failed purchase gives its coupon back
    CANCEL_AT_GATEWAY = (
        "cancel_at_gateway"  # through the outbox, retried until the gateway confirms
    )
