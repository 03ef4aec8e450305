"""3-D Secure: which payments need a verified card, and what a nonce's authentication means.

The rule per currency (setting THREE_D_SECURE, docs/taking-real-money.md):
- `required`: a card must come with a 3-D Secure authentication that shifted liability to the issuer;
- `optional`: a card without 3-D Secure, or whose bank could not authenticate, is accepted; a card whose
  holder *failed* authentication is refused (the card brands ask merchants to request another method);
- `off`: nothing is checked.
Wallets follow Braintree's documentation: PayPal has no 3-D Secure; Apple Pay and Google Pay cards tokenized by
the network (CRYPTOGRAM_3DS) are authenticated by the device; a Google Pay card given as PAN_ONLY is a card.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

REQUIRED, OPTIONAL, OFF = "required", "optional", "off"
LEVELS = (REQUIRED, OPTIONAL, OFF)

# What production uses when THREE_D_SECURE is not set: PSD2 strong customer authentication for the euro
# (EEA) cards, the issuers' choice elsewhere. Currencies not named are `optional`.
PRODUCTION_DEFAULT = {"EUR": REQUIRED}
DEVELOPMENT_DEFAULT: dict[
    str, str
] = {}  # every currency `optional`: Braintree's plain test nonces still pay

# The amount authenticated when nothing is charged at once (a trial, free coupon time): the card
# verification's. Braintree verifies cards for 0 or 1 unit depending on the processor; its 3-D Secure needs
# a non-zero amount (webapp/src/components/payment/threeDSecure.ts holds the same value; a test compares).
CARD_VERIFICATION_AMOUNT = Decimal("1.00")

# Nonce kinds as the gateway reports them.
CARD, PAYPAL, GOOGLE_PAY, APPLE_PAY, OTHER = "card", "paypal", "google_pay", "apple_pay", "other"

# Braintree's 3-D Secure statuses where the cardholder took part and failed (docs: "3DS status codes").
FAILED_STATUSES = frozenset(
    {
        "authenticate_failed",
        "authenticate_frictionless_failed",
        "authenticate_rejected",
        "authenticate_signature_verification_failed",
        "challenge_required",
    }
)

# Outcomes of one nonce.
AUTHENTICATED = "authenticated"  # liability shifted to the issuer
AUTHENTICATION_FAILED = "failed"  # the cardholder failed authentication
UNAVAILABLE = (
    "unavailable"  # authentication could not be done (lookup error, timeout, issuer unavailable, …)
)
NOT_VERIFIED = "not_verified"  # a card nonce that never went through 3-D Secure
EXEMPT = "exempt"  # a wallet that 3-D Secure does not apply to

# Message keys (locales, namespace Errors) of a refused payment.
MESSAGE_KEYS = {
    AUTHENTICATION_FAILED: "threeDSecureFailed",
    UNAVAILABLE: "threeDSecureUnavailable",
    NOT_VERIFIED: "threeDSecureRequired",
}


def parse_setting(raw: str | None) -> dict[str, str]:
    """THREE_D_SECURE="EUR=required,CHF=optional,USD=optional" -> {"EUR": "required", …}; ValueError if malformed."""
    levels: dict[str, str] = {}
    for entry in filter(None, (part.strip() for part in (raw or "").split(","))):
        currency, _, level = entry.partition("=")
        currency, level = currency.strip().upper(), level.strip().lower()
        if len(currency) != 3 or not currency.isalpha() or level not in LEVELS:
            raise ValueError(
                f"THREE_D_SECURE entry {entry!r} must be CUR=required|optional|off, e.g. EUR=required"
            )
        levels[currency] = level
    return levels


@dataclass(frozen=True)
class ThreeDSecurePolicy:
    levels: tuple[tuple[str, str], ...] = ()  # (currency, level); others are `optional`

    @classmethod
    def of(cls, levels: dict[str, str]) -> ThreeDSecurePolicy:
        return cls(tuple(sorted(levels.items())))

    def level_for(self, currency: str) -> str:
        return dict(self.levels).get((currency or "").upper(), OPTIONAL)


@dataclass(frozen=True)
class Authentication:
    """A nonce's three_d_secure_info, as Braintree's PaymentMethodNonce.find gives it."""

    status: str
    liability_shifted: bool
    liability_shift_possible: bool


@dataclass(frozen=True)
class NonceFacts:
    kind: str  # CARD, PAYPAL, GOOGLE_PAY, APPLE_PAY or OTHER
    authentication: Authentication | None = None
    network_tokenized: bool = (
        False  # Google Pay CRYPTOGRAM_3DS (or Apple Pay): authenticated by the device
    )


def outcome(facts: NonceFacts) -> str:
    if facts.kind in (PAYPAL, APPLE_PAY, OTHER) or (
        facts.kind == GOOGLE_PAY and facts.network_tokenized
    ):
        return EXEMPT
    auth = facts.authentication
    if auth is None:
        return NOT_VERIFIED
    if auth.liability_shifted:
        return AUTHENTICATED
    if auth.status in FAILED_STATUSES:
        return AUTHENTICATION_FAILED
    return UNAVAILABLE


@dataclass(frozen=True)
class Decision:
    accepted: bool
    outcome: str | None = None  # None: not checked (off, or a nonce the gateway does not know)
    status: str | None = None  # Braintree's 3-D Secure status, recorded on the subscription
    liability_shifted: bool | None = None  # None: 3-D Secure did not apply

    @property
    def message_key(self) -> str | None:
        return None if self.accepted or self.outcome is None else MESSAGE_KEYS[self.outcome]


def decide(level: str, facts: NonceFacts | None) -> Decision:
    if level == OFF or facts is None:
        return Decision(accepted=True)
    result = outcome(facts)
    auth = facts.authentication
    status = auth.status if auth else None
    shifted = auth.liability_shifted if auth else None
    if result == EXEMPT:
        return Decision(accepted=True, outcome=result, status=status, liability_shifted=shifted)
    accepted = result == AUTHENTICATED or (
        level == OPTIONAL and result in (UNAVAILABLE, NOT_VERIFIED)
    )
    return Decision(accepted=accepted, outcome=result, status=status, liability_shifted=shifted)
