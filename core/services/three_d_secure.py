"""The 3-D Secure check of a payment, before anything is recorded or charged (core/domain/three_d_secure.py)."""

from __future__ import annotations

import logging

from core.domain import errors
from core.domain.errors import DomainError
from core.domain.payments import GatewayUnavailable, PaymentGateway
from core.domain.three_d_secure import (
    AUTHENTICATION_FAILED,
    NOT_VERIFIED,
    OFF,
    UNAVAILABLE,
    Decision,
    ThreeDSecurePolicy,
    decide,
)

log = logging.getLogger(__name__)

_REFUSALS = {
    AUTHENTICATION_FAILED: errors.THREE_D_SECURE_FAILED,
    UNAVAILABLE: errors.THREE_D_SECURE_UNAVAILABLE,
    NOT_VERIFIED: errors.THREE_D_SECURE_REQUIRED,
}


def check_nonce(
    policy: ThreeDSecurePolicy, gateway: PaymentGateway, nonce: str, currency: str
) -> Decision:
    """The decision for this nonce under the currency's rule; DomainError (400) when the payment must not go on."""
    level = policy.level_for(currency)
    if level == OFF:
        return Decision(accepted=True)
    try:
        facts = gateway.inspect_nonce(nonce)
    except GatewayUnavailable as exc:
        raise DomainError(errors.PAYMENT_UNAVAILABLE) from exc
    decision = decide(level, facts)
    if not decision.accepted:
        assert decision.outcome is not None  # decide() names why it refuses
        # The nonce is a single-use secret of the parent's card: never logged.
        log.info(
            "3-D Secure refused a %s payment: %s (status %s)",
            currency,
            decision.outcome,
            decision.status,
        )
        error = _REFUSALS[decision.outcome]
        raise DomainError(error, error_message=error.message)
    return decision
