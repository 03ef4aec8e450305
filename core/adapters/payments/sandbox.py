"""The embedded payment gateway: Braintree's documented test nonces, no network.

It answers like the real gateway does for each test nonce, so every payment path
(card, PayPal, Google Pay, declines, consumed or invalid nonces) runs locally.
Webhooks are signed with HMAC-SHA256 under a per-process secret.
Braintree's test nonces and amounts it answers to are in sandbox_nonces.py.
It stays one module of a little over 400 lines: the gateway is one class, one method per operation of the
payment gateway port, and it could be made shorter only by splitting that class.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import re
import secrets
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal

from core.adapters.payments.sandbox_nonces import (
    APPLE_PAY_NONCES,
    CARD_DETAILS,
    CARD_NONCES,
    DECLINED_AMOUNTS,
    FAILED_AMOUNTS,
    FAILURES,
    GOOGLE_PAY_NONCES,
    PAYPAL_NONCES,
    THREE_D_SECURE_NONCES,
    UNAVAILABLE_NONCE,
    _method_details,
    _method_of,
)
from core.domain import payments as p
from core.domain import three_d_secure as tds

_TRANSACTION_ID = re.compile(
    r"^sandbox_tx_(?P<at>[0-9]{1,12})_[0-9a-f]{6}_(?P<cents>[0-9]{1,9})(?P<currency>[A-Z]{3})$"
)


class SandboxGateway(p.PaymentGateway):
    def __init__(
        self, webhook_secret: str | None = None, clock=None, settle_after: int | None = None
    ) -> None:
        self._secret = (webhook_secret or secrets.token_hex(32)).encode()
        self._clock = clock
        # Seconds after which a charge counts as settled (SANDBOX_SETTLE_SECONDS); None: only settle() does it.
        self._settle_after = settle_after
        self.subscriptions: dict[str, dict] = {}
        self.deleted_customers: list[str] = []
        self.fail_continue_on_plan = False  # tests: the gateway times out on continue_on_plan
        # Charges, as the gateway keeps them: id -> {"status", "amount", "currency", "refunds": [amounts]}.
        # A charge is submitted for settlement (voidable) until settle() (refundable), as Braintree's
        # sandbox settles a few hours later.
        self.transactions: dict[str, dict] = {}
        self.refund_calls: list[
            tuple[str, Decimal | None]
        ] = []  # (transaction, amount; None = void)
        # Subscriptions whose renewals the card on file declines (decline_renewals), until the payment
        # method is updated; the methods removed from the vault, oldest first; every retry_charge call.
        self.declining: set[str] = set()
        self.removed_methods: list[
            tuple[str, str]
        ] = []  # (gateway id, the nonce it was vaulted from)
        self.retry_calls: list[tuple[str, Decimal]] = []

    def _now(self) -> datetime:
        return self._clock.now() if self._clock else datetime.now(UTC)

    def client_token(self, customer_id: str | None = None, currency: str | None = None) -> str:
        body = {
            "environment": "sandbox",
            "customerId": customer_id,
            "currency": currency,
            "nonce": secrets.token_hex(8),
        }
        return "sandbox_" + base64.b64encode(json.dumps(body).encode()).decode()

    def create_subscription(self, request: p.SubscriptionRequest) -> p.GatewayResult:
        if request.subscription_id in self.subscriptions:  # a retry finds the first one
            existing = self.subscriptions[request.subscription_id]
            return p.GatewayResult(
                ok=True,
                gateway_id=request.subscription_id,
                payment_method=existing["method"],
                **_method_details(existing["method"], existing["request"].nonce),
            )
        nonce = request.nonce
        if nonce == UNAVAILABLE_NONCE:
            raise p.GatewayUnavailable("sandbox: simulated timeout")
        if nonce in FAILURES:
            return p.GatewayResult(ok=False, error=FAILURES[nonce])
        if nonce in CARD_DETAILS and CARD_DETAILS[nonce][0] not in p.ACCEPTED_CARD_BRANDS:
            # Braintree: "Credit card type is not accepted by this merchant account" (81703).
            return p.GatewayResult(ok=False, error=p.BRAND_NOT_ACCEPTED)
        method = _method_of(nonce)
        if method is None:
            return p.GatewayResult(ok=False, error=p.INVALID_NONCE)
        self.subscriptions[request.subscription_id] = {
            "method": method,
            "request": request,
            "status": "Active",
            "plan_id": request.plan_id,
            "price": request.price,
            # Braintree's discount: taken off each billed cycle for its number_of_billing_cycles
            "discount_left": request.discount.cycles if request.discount else 0,
        }
        charge = None
        if not request.trial_days:  # no free days: the first cycle is charged now
            charge = self.renew(request.subscription_id)
        return p.GatewayResult(
            ok=True,
            gateway_id=request.subscription_id,
            payment_method=method,
            next_billing_date=self._now() + timedelta(days=request.trial_days),
            transaction_id=charge,
            amount=self.transactions[charge]["amount"] if charge else None,
            **_method_details(method, nonce),
        )

    def renew(self, gateway_id: str) -> str:
        """Bill the subscription's next cycle as Braintree does: its price, less the discount while the
        discount's billing cycles last; the transaction id (a test then sends the charged webhook)."""
        sub = self.subscriptions[gateway_id]
        request: p.SubscriptionRequest = sub["request"]
        amount = sub["price"]
        if request.discount is not None and sub["discount_left"] > 0:
            amount -= request.discount.amount
            sub["discount_left"] -= 1
        return self.charge(gateway_id, amount, request.currency)

    # Transactions ---------------------------------------------------------------
    def charge(self, gateway_id: str, amount: Decimal, currency: str) -> str:
        """A charge of the subscription (its first cycle, or a renewal a test plays); its transaction id."""
        # The id says when, how much and in which currency, so that every API process (gunicorn workers
        # each have their own sandbox) knows the charge, and ids never collide between processes.
        cents = int((Decimal(amount) * 100).to_integral_value())
        transaction_id = (
            f"sandbox_tx_{int(self._now().timestamp())}_{secrets.token_hex(3)}_{cents}{currency}"
        )
        self.transactions[transaction_id] = {
            "subscription": gateway_id,
            "status": "submitted_for_settlement",
            "amount": Decimal(amount),
            "currency": currency,
            "refunds": [],
            "at": self._now(),
        }
        return transaction_id

    def _transaction(self, transaction_id: str) -> dict | None:
        tx = self.transactions.get(transaction_id)
        if tx is None:
            match = _TRANSACTION_ID.match(transaction_id or "")
            if match is None:
                return None
            tx = self.transactions[transaction_id] = {
                "subscription": None,
                "status": "submitted_for_settlement",
                "refunds": [],
                "amount": Decimal(match["cents"]) / 100,
                "currency": match["currency"],
                "at": datetime.fromtimestamp(int(match["at"]), UTC),
            }
        if (
            tx["status"] == "submitted_for_settlement"
            and self._settle_after is not None
            and self._now() - tx["at"] >= timedelta(seconds=self._settle_after)
        ):
            tx["status"] = "settled"
        return tx

    def settle(self, transaction_id: str) -> None:
        self.transactions[transaction_id]["status"] = "settled"

    def find_transaction(self, transaction_id: str) -> p.TransactionInfo | None:
        tx = self._transaction(transaction_id)
        if tx is None:
            return None
        status = {
            "submitted_for_settlement": p.UNSETTLED,
            "settled": p.SETTLED,
            "voided": p.VOIDED,
        }[tx["status"]]
        return p.TransactionInfo(
            transaction_id=transaction_id,
            status=status,
            amount=tx["amount"],
            currency=tx["currency"],
            refunded=sum(tx["refunds"], Decimal(0)),
        )

    def refund(self, transaction_id: str, amount: Decimal) -> p.GatewayResult:
        self.refund_calls.append((transaction_id, amount))
        tx = self._transaction(transaction_id)
        if (
            tx is None
            or tx["status"] != "settled"
            or sum(tx["refunds"], Decimal(0)) + amount > tx["amount"]
        ):
            return p.GatewayResult(
                ok=False, error=p.GATEWAY_REJECTED
            )  # as Braintree refuses (91506, 91521)
        tx["refunds"].append(Decimal(amount))
        return p.GatewayResult(
            ok=True, gateway_id=f"{transaction_id}_refund_{len(tx['refunds'])}", amount=amount
        )

    def void(self, transaction_id: str) -> p.GatewayResult:
        self.refund_calls.append((transaction_id, None))
        tx = self._transaction(transaction_id)
        if tx is None or tx["status"] != "submitted_for_settlement":
            return p.GatewayResult(
                ok=False, error=p.GATEWAY_REJECTED
            )  # settled: refund it instead (91504)
        tx["status"] = "voided"
        return p.GatewayResult(ok=True, gateway_id=transaction_id, amount=tx["amount"])

    # Payment method updates and retries (docs/billing.md#fixing-a-failed-payment) ----------------
    def decline_renewals(self, gateway_id: str) -> None:
        """From now on the card on file declines this subscription's charges (as a card that expired or
        ran out of funds), until update_payment_method puts another method in place."""
        self.declining.add(gateway_id)

    def update_payment_method(
        self,
        gateway_id: str,
        customer_id: str | None,
        nonce: str,
        *,
        device_data: str | None = None,
        currency: str | None = None,
        billing_name: str = "",
    ) -> p.GatewayResult:
        if nonce == UNAVAILABLE_NONCE:
            raise p.GatewayUnavailable("sandbox: simulated timeout")
        if nonce in FAILURES:  # the card verification declines: nothing on the subscription changes
            return p.GatewayResult(ok=False, gateway_id=gateway_id, error=FAILURES[nonce])
        if nonce in CARD_DETAILS and CARD_DETAILS[nonce][0] not in p.ACCEPTED_CARD_BRANDS:
            return p.GatewayResult(ok=False, gateway_id=gateway_id, error=p.BRAND_NOT_ACCEPTED)
        method = _method_of(nonce)
        if method is None:
            return p.GatewayResult(ok=False, gateway_id=gateway_id, error=p.INVALID_NONCE)
        # Another process of the sandbox may have created the subscription: this one learns it now.
        existing = self.subscriptions.setdefault(
            gateway_id, {"method": method, "request": None, "status": "Active"}
        )
        old_nonce = existing.get("nonce") or (
            existing["request"].nonce if existing.get("request") else None
        )
        existing.update(method=method, nonce=nonce)  # the subscription uses the new method...
        if old_nonce is not None and old_nonce != nonce:  # ...and only then is the old one removed
            self.removed_methods.append((gateway_id, old_nonce))
        self.declining.discard(gateway_id)
        return p.GatewayResult(
            ok=True,
            gateway_id=gateway_id,
            payment_method=method,
            **_method_details(method, nonce),
        )

    def retry_charge(self, gateway_id: str, amount: Decimal) -> p.GatewayResult:
        self.retry_calls.append((gateway_id, Decimal(amount)))
        amount = Decimal(amount)
        if FAILED_AMOUNTS[0] <= amount < FAILED_AMOUNTS[1]:
            return p.GatewayResult(ok=False, gateway_id=gateway_id, error=p.UNAVAILABLE)
        if gateway_id in self.declining or DECLINED_AMOUNTS[0] <= amount < DECLINED_AMOUNTS[1]:
            return p.GatewayResult(ok=False, gateway_id=gateway_id, error=p.DECLINED)
        known = self.subscriptions.get(gateway_id)
        request = known.get("request") if known else None
        currency = request.currency if request is not None else "EUR"
        transaction_id = self.charge(gateway_id, amount, currency)
        if known is not None:
            known["status"] = "Active"
        return p.GatewayResult(
            ok=True,
            gateway_id=gateway_id,
            transaction_id=transaction_id,
            amount=amount,
            payment_method=known["method"] if known else None,
        )

    def find_subscription(self, subscription_id: str) -> p.GatewayResult | None:
        existing = self.subscriptions.get(subscription_id)
        if existing is None:
            return None
        return p.GatewayResult(
            ok=True, gateway_id=subscription_id, payment_method=existing["method"]
        )

    def inspect_nonce(self, nonce: str) -> tds.NonceFacts | None:
        """As PaymentMethodNonce.find: the kind, and the 3-D Secure information of a 3-D Secure test nonce.
        Braintree's Google Pay test nonces stand for network-tokenized cards (CRYPTOGRAM_3DS)."""
        if nonce in THREE_D_SECURE_NONCES:
            status, shifted, possible = THREE_D_SECURE_NONCES[nonce]
            return tds.NonceFacts(
                kind=tds.CARD, authentication=tds.Authentication(status, shifted, possible)
            )
        if (
            nonce in CARD_NONCES or nonce in FAILURES or nonce == UNAVAILABLE_NONCE
        ):  # that one times out later
            return tds.NonceFacts(kind=tds.CARD)
        if nonce in PAYPAL_NONCES:
            return tds.NonceFacts(kind=tds.PAYPAL)
        if nonce in GOOGLE_PAY_NONCES:
            return tds.NonceFacts(kind=tds.GOOGLE_PAY, network_tokenized=True)
        if nonce in APPLE_PAY_NONCES:
            return tds.NonceFacts(kind=tds.APPLE_PAY, network_tokenized=True)
        return None

    def cancel_subscription(self, gateway_id: str) -> p.GatewayResult:
        if gateway_id in self.subscriptions:
            self.subscriptions[gateway_id]["status"] = "Canceled"
        return p.GatewayResult(ok=True, gateway_id=gateway_id)

    def change_plan(self, gateway_id: str, plan_id: str, price: Decimal) -> p.GatewayResult:
        existing = self.subscriptions.get(gateway_id)
        if existing is not None:
            if _frequency(existing["plan_id"]) != _frequency(plan_id):
                # As Braintree: "Cannot update subscription to a plan with a different billing frequency" (91922).
                return p.GatewayResult(ok=False, gateway_id=gateway_id, error=p.GATEWAY_REJECTED)
            existing.update(plan_id=plan_id, price=price)
        return p.GatewayResult(ok=True, gateway_id=gateway_id)

    def continue_on_plan(
        self, gateway_id: str, next_id: str, plan_id: str, price: Decimal, starts_on: date
    ) -> p.GatewayResult:
        """As the Braintree adapter: the current one runs out after its paid cycle (one that billed nothing
        yet is cancelled), `next_id` starts on its payment method on `starts_on`; a retry finds `next_id`."""
        if self.fail_continue_on_plan:
            raise p.GatewayUnavailable("sandbox: simulated timeout")
        current = self.subscriptions.get(gateway_id)
        if current is None:
            return p.GatewayResult(ok=False, gateway_id=gateway_id, error=p.GATEWAY_REJECTED)
        billed = any(tx["subscription"] == gateway_id for tx in self.transactions.values())
        if current["status"] in ("Active", "Pending") and not billed:
            current["status"] = "Canceled"  # in its trial, or not started: nothing to run out
        elif current["status"] == "Active":
            current["runs_out"] = True  # number_of_billing_cycles = the current cycle
        if next_id not in self.subscriptions:
            self.subscriptions[next_id] = {
                **current,
                "plan_id": plan_id,
                "price": price,
                "status": "Pending",
                "runs_out": False,
                "continues": gateway_id,
                "first_billing_date": starts_on,
            }
        continuing = self.subscriptions[next_id]
        return p.GatewayResult(
            ok=True,
            gateway_id=next_id,
            payment_method=continuing["method"],
            **_method_details(continuing["method"], continuing["request"].nonce),
        )

    def delete_customer(self, customer_id: str) -> p.GatewayResult:
        self.deleted_customers.append(customer_id)
        return p.GatewayResult(ok=True)

    # Webhooks -----------------------------------------------------------------
    def sample_notification(
        self,
        kind: str,
        gateway_id: str,
        occurred_at: datetime | None = None,
        paid_through: datetime | None = None,
        transaction_id: str | None = None,
        amount: Decimal | None = None,
        currency: str | None = None,
    ) -> tuple[str, str]:
        """(bt_signature, bt_payload) for a sandbox webhook, as the SDK's webhook_testing does. For
        dispute_opened/won/lost, `gateway_id` is the dispute's id and `transaction_id` the disputed charge."""
        body = {
            "kind": kind,
            "id": gateway_id,
            "timestamp": (occurred_at or self._now()).isoformat(),
            "paid_through": paid_through.isoformat() if paid_through else None,
            "transaction_id": transaction_id,
            "amount": str(amount) if amount is not None else None,
            "currency": currency,
        }
        payload = base64.b64encode(json.dumps(body).encode()).decode()
        return self._sign(payload), payload

    def _sign(self, payload: str) -> str:
        return hmac.new(self._secret, payload.encode(), hashlib.sha256).hexdigest()

    def parse_webhook(self, signature: str, payload: str) -> p.WebhookEvent:
        # As bytes: compare_digest refuses str with non-ASCII characters (a garbage signature).
        if not hmac.compare_digest(
            self._sign(payload or "").encode(), (signature or "").encode("utf-8", "replace")
        ):
            raise p.InvalidWebhookSignature("bad sandbox signature")
        try:
            body = json.loads(base64.b64decode(payload))
            paid_through = _aware(body["paid_through"]) if body.get("paid_through") else None
            return p.WebhookEvent(
                kind=str(body["kind"]),
                gateway_id=str(body["id"]),
                occurred_at=_aware(body["timestamp"]),
                paid_through=paid_through,
                next_billing_date=paid_through,
                transaction_id=str(body["transaction_id"]) if body.get("transaction_id") else None,
                amount=Decimal(body["amount"]) if body.get("amount") else None,
                currency=str(body["currency"]) if body.get("currency") else None,
            )
        except (ValueError, KeyError, TypeError, ArithmeticError) as exc:
            raise p.InvalidWebhookSignature("malformed sandbox payload") from exc


def _frequency(plan_id: str) -> str:
    """A plan's billing frequency, which the catalogue's plan ids carry (core.domain.catalogue.plan_id):
    "lumo_tv_yearly_eur" -> "yearly"."""
    return next((word for word in ("monthly", "yearly") if f"_{word}" in plan_id), "")


def _aware(value: str) -> datetime:
    """An ISO 8601 time with its offset (a naive one is a malformed payload, not a 500)."""
    at = datetime.fromisoformat(value)
    if at.tzinfo is None:
        raise ValueError("a webhook time needs its offset")
    return at
