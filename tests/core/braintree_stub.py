"""A loopback stand-in for Braintree's XML gateway API: just the calls our adapter makes.

Requests are read with the standard library (not with the SDK), answers are written the
way the gateway writes them (dasherized tags, typed nodes, `api-error-response` with 422).
It behaves by nonce, like the sandbox's test nonces, plus a few stub-only ones:
  fake-cvv-failure-nonce          gateway rejects the card verification (reason cvv)
  fake-gateway-unavailable-nonce  503;   fake-gateway-error-nonce  500
  fake-gateway-timeout-nonce      answers only after `release` is set (or 3 s)
  single-use-*                    a real nonce: consumed by its first use
Every request is kept in `received` as (method, path, body as a dict).
"""

from __future__ import annotations

import base64
import itertools
import re
import threading
import xml.etree.ElementTree as ET
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from xml.sax.saxutils import escape

MERCHANT_ID, PUBLIC_KEY, PRIVATE_KEY = "lumo_stub_merchant", "stub_public_key", "stub_private_key"
PLANS = {"lumo_monthly", "lumo_monthly_family", "lumo_yearly"}


def frequency(plan_id: str) -> str:
    """The billing frequency the control panel gives each stub plan."""
    return "yearly" if "yearly" in plan_id else "monthly"


_METHODS = {
    "fake-valid-nonce": (
        "credit_card",
        {
            "card_type": "Visa",
            "bin": "401288",
            "last_4": "1881",
            "expiration_month": "12",
            "expiration_year": "2030",
            "expired": False,
        },
    ),
    "fake-paypal-billing-agreement-nonce": ("paypal_account", {"email": "payer@example.com"}),
    "fake-android-pay-nonce": (
        "android_pay_card",
        {
            "virtual_card_type": "Visa",
            "virtual_card_last_4": "1111",
            "source_card_type": "Visa",
            "expiration_month": "12",
            "expiration_year": "2030",
            "expired": False,
        },
    ),
    "fake-android-pay-pan-only-nonce": (
        "android_pay_card",
        {
            "virtual_card_type": "Visa",
            "virtual_card_last_4": "1111",
            "source_card_type": "Visa",
            "expiration_month": "12",
            "expiration_year": "2030",
            "expired": False,
        },
    ),
    **{
        nonce: (
            "credit_card",
            {
                "card_type": "Visa",
                "bin": "400000",
                "last_4": "1091",
                "expiration_month": "01",
                "expiration_year": "2030",
                "expired": False,
            },
        )
        for nonce in (
            "fake-three-d-secure-visa-full-authentication-nonce",
            "fake-three-d-secure-visa-failed-authentication-nonce",
        )
    },
    "fake-apple-pay-visa-nonce": (
        "apple_pay_card",
        {
            "card_type": "Apple Pay - Visa",
            "last_4": "1111",
            "expiration_month": "12",
            "expiration_year": "2030",
            "expired": False,
        },
    ),
}


# Stub-only (the stub answers PaymentMethodNonce.find): the 3-D Secure information of two test nonces.
THREE_D_SECURE_INFO = {
    "fake-three-d-secure-visa-full-authentication-nonce": {
        "enrolled": "Y",
        "status": "authenticate_successful",
        "liability_shifted": True,
        "liability_shift_possible": True,
        "cavv": "cavv_value",
        "eci_flag": "05",
        "three_d_secure_version": "2.2.0",
    },
    "fake-three-d-secure-visa-failed-authentication-nonce": {
        "enrolled": "Y",
        "status": "authenticate_failed",
        "liability_shifted": False,
        "liability_shift_possible": True,
        "eci_flag": "07",
        "three_d_secure_version": "2.2.0",
    },
}


def node(tag: str, value) -> str:
    """One XML element as the gateway writes it; a list holds (child tag, value) pairs."""
    tag = tag.replace("_", "-")
    if value is None:
        return f'<{tag} nil="true"/>'
    if isinstance(value, bool):
        return f'<{tag} type="boolean">{str(value).lower()}</{tag}>'
    if isinstance(value, int):
        return f'<{tag} type="integer">{value}</{tag}>'
    if isinstance(value, datetime):
        return f'<{tag} type="datetime">{value.strftime("%Y-%m-%dT%H:%M:%SZ")}</{tag}>'
    if isinstance(value, date):
        return f'<{tag} type="date">{value.isoformat()}</{tag}>'
    if isinstance(value, dict):
        return f"<{tag}>{''.join(node(k, v) for k, v in value.items())}</{tag}>"
    if isinstance(value, list):
        return f'<{tag} type="array">{"".join(node(k, v) for k, v in value)}</{tag}>'
    return f"<{tag}>{escape(str(value))}</{tag}>"


def api_error(message: str, errors: dict | None = None, verification: dict | None = None):
    """(422, api-error-response); `errors` maps an object key to [(code, attribute)]."""
    tree = {"errors": []} | {
        key: {
            "errors": [
                ("error", {"code": code, "attribute": attribute, "message": message})
                for code, attribute in items
            ]
        }
        for key, items in (errors or {}).items()
    }
    body = {"errors": tree, "message": message}
    if verification:
        body["verification"] = {
            "id": "verification1",
            "amount": "0.00",
            "currency_iso_code": "EUR",
        } | verification
    return 422, node("api_error_response", body)


def parse_request(text: str) -> dict:
    if not text.strip():
        return {}
    root = ET.fromstring(text)
    return {root.tag: _value(root)}


def _value(element):
    kind, children = element.get("type"), list(element)
    if kind == "array":
        return [_value(child) for child in children]
    if children:
        return {child.tag: _value(child) for child in children}
    text = element.text or ""
    return int(text) if kind == "integer" else text == "true" if kind == "boolean" else text


class BraintreeStub:
    def __init__(self) -> None:
        self.release = threading.Event()
        self._lock = threading.Lock()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler_class())
        self._server.daemon_threads = True
        self._server.handle_error = lambda request, address: (
            None
        )  # a client that gave up is not a failure
        self.port = self._server.server_address[1]
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )
        self.reset()

    def start(self) -> BraintreeStub:
        self._thread.start()
        return self

    def stop(self) -> None:
        self.release.set()
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)

    def reset(self) -> None:
        self.customers, self.payment_methods, self.subscriptions, self.transactions = {}, {}, {}, {}
        self.received: list[tuple[str, str, dict]] = []
        self.used_nonces: set[str] = set()
        self._tokens = itertools.count(1)
        self.release.clear()

    def bodies(self, method: str, path: str) -> list[dict]:
        """Bodies received for `path` (relative to the merchant)."""
        full = f"/merchants/{MERCHANT_ID}{path}"
        return [body for m, p, body in self.received if m == method and p == full]

    # -- HTTP ------------------------------------------------------------------------------
    def _handler_class(self):
        stub = self

        class Handler(BaseHTTPRequestHandler):
            def _serve(self):
                length = int(self.headers.get("Content-Length") or 0)
                text = self.rfile.read(length).decode() if length else ""
                status, xml = stub.answer(
                    self.command, self.path, self.headers.get("Authorization", ""), text
                )
                data = xml.encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/xml; charset=utf-8")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            do_GET = do_POST = do_PUT = do_DELETE = _serve

            def log_message(self, *args):
                pass

        return Handler

    def answer(self, method: str, path: str, authorization: str, text: str) -> tuple[int, str]:
        body = parse_request(text)
        expected = "Basic " + base64.b64encode(f"{PUBLIC_KEY}:{PRIVATE_KEY}".encode()).decode()
        if authorization != expected:
            return 401, ""
        nonce = body.get("payment_method", {}).get("payment_method_nonce")
        if nonce == "fake-gateway-timeout-nonce":
            self.release.wait(3)
        with self._lock:
            self.received.append((method, path, body))
            match = re.fullmatch(rf"/merchants/{MERCHANT_ID}(/[\w/-]*)", path)
            return self._route(method, match.group(1), body) if match else (404, "")

    def _route(self, method: str, path: str, body: dict) -> tuple[int, str]:
        parts = path.strip("/").split("/")
        if method == "GET" and parts[0] == "payment_method_nonces" and len(parts) == 2:
            return self._nonce(parts[1])
        if (method, path) == ("POST", "/client_token"):
            return self._client_token(body["client_token"])
        if (method, path) == ("POST", "/customers"):
            return self._create_customer(body["customer"])
        if method == "GET" and parts[0] == "customers" and len(parts) == 2:
            found = self.customers.get(parts[1])
            return (200, node("customer", found)) if found else (404, "")
        if method == "DELETE" and parts[0] == "customers" and len(parts) == 2:
            return (200, "") if self.customers.pop(parts[1], None) else (404, "")
        if (method, path) == ("POST", "/payment_methods"):
            return self._vault(body["payment_method"])
        if method == "GET" and parts[:2] == ["payment_methods", "any"]:
            found = self.payment_methods.get(parts[2])
            return (200, node(*found)) if found else (404, "")
        if method == "DELETE" and parts[:2] == ["payment_methods", "any"]:
            return (200, "") if self.payment_methods.pop(parts[2], None) else (404, "")
        if (method, path) == ("POST", "/subscriptions"):
            return self._create_subscription(body["subscription"])
        if (method, path) == ("POST", "/transactions"):
            return self._retry_charge(body["transaction"])
        if parts[0] == "transactions" and len(parts) >= 2:
            found = self.transactions.get(parts[1])
            if not found:
                return 404, ""
            if method == "GET" and len(parts) == 2:
                return 200, node("transaction", found)
            if method == "POST" and parts[2:] == ["refund"]:
                return self._refund(found, body.get("transaction") or {})
            if method == "PUT" and parts[2:] == ["void"]:
                return self._void(found)
        if parts[0] == "subscriptions" and len(parts) >= 2:
            found = self.subscriptions.get(parts[1])
            if not found:
                return 404, ""
            if method == "GET" and len(parts) == 2:
                return 200, node("subscription", found)
            if method == "PUT" and parts[2:] == ["cancel"]:
                return self._cancel(found)
            if method == "PUT" and len(parts) == 2:
                return self._update(found, body["subscription"])
        return 404, ""

    # -- resources -------------------------------------------------------------------------
    def _nonce(self, nonce: str):
        """PaymentMethodNonce.find: the nonce's type, details and 3-D Secure information."""
        if nonce in THREE_D_SECURE_INFO:
            return 200, node(
                "payment_method_nonce",
                {
                    "nonce": nonce,
                    "type": "CreditCard",
                    "default": False,
                    "details": {"bin": "400000", "last_two": "91"},
                    "three_d_secure_info": THREE_D_SECURE_INFO[nonce],
                },
            )
        kinds = {
            "credit_card": "CreditCard",
            "paypal_account": "PayPalAccount",
            "android_pay_card": "AndroidPayCard",
            "apple_pay_card": "ApplePayCard",
        }
        kind, _ = _METHODS.get(nonce, (None, None))
        if kind is None:
            return 404, ""
        details = (
            {"is_network_tokenized": nonce != "fake-android-pay-pan-only-nonce"}
            if kind == "android_pay_card"
            else {}
        )
        return 200, node(
            "payment_method_nonce",
            {
                "nonce": nonce,
                "type": kinds[kind],
                "default": False,
                "details": details,
                "three_d_secure_info": None,
            },
        )

    def _client_token(self, params: dict):
        customer_id = params.get("customer_id")
        if customer_id and customer_id not in self.customers:
            return api_error(
                "Customer specified by customer_id does not exist",
                {"client_token": [("92804", "customer_id")]},
            )
        return 201, node(
            "client_token", {"value": f"stub-client-token-{customer_id or 'anonymous'}"}
        )

    def _create_customer(self, params: dict):
        if params["id"] in self.customers:
            return api_error("Customer ID has already been taken.", {"customer": [("91609", "id")]})
        self.customers[params["id"]] = {
            "id": params["id"],
            "email": params.get("email"),
            "credit_cards": [],
            "paypal_accounts": [],
            "addresses": [],
        }
        return 201, node("customer", self.customers[params["id"]])

    def _vault(self, params: dict):
        nonce = params.get("payment_method_nonce", "")
        if nonce == "fake-gateway-unavailable-nonce":
            return 503, ""
        if nonce == "fake-gateway-error-nonce":
            return 500, ""
        if nonce == "fake-processor-declined-visa-nonce":
            return api_error(
                "Do Not Honor",
                verification={
                    "status": "processor_declined",
                    "processor_response_code": "2000",
                    "processor_response_text": "Do Not Honor",
                    "gateway_rejection_reason": None,
                },
            )
        if nonce == "fake-cvv-failure-nonce":
            return api_error(
                "Gateway Rejected: cvv",
                verification={
                    "status": "gateway_rejected",
                    "processor_response_code": "1000",
                    "processor_response_text": "Approved",
                    "gateway_rejection_reason": "cvv",
                },
            )
        if nonce == "fake-consumed-nonce" or nonce in self.used_nonces:
            return api_error(
                "Cannot use a payment_method_nonce more than once.",
                {"payment_method": [("93107", "payment_method_nonce")]},
            )
        if nonce == "fake-luhn-invalid-nonce":
            return api_error(
                "Credit card number is invalid.", {"credit_card": [("81715", "number")]}
            )
        kind, details = _METHODS.get(nonce.removeprefix("single-use-"), (None, None))
        if kind is None:
            return api_error(
                "Unknown payment_method_nonce.",
                {"payment_method": [("93108", "payment_method_nonce")]},
            )
        if params.get("customer_id") not in self.customers:
            return api_error(
                "Customer ID is invalid.", {"payment_method": [("93105", "customer_id")]}
            )
        if nonce.startswith("single-use-"):
            self.used_nonces.add(nonce)
        token = f"pm{next(self._tokens)}"
        self.payment_methods[token] = (
            kind,
            {
                "token": token,
                "customer_id": params["customer_id"],
                "default": True,
                "image_url": "https://stub.invalid/card.png",
                "subscriptions": [],
            }
            | details
            | (
                {"cardholder_name": params["cardholder_name"]}
                if kind == "credit_card" and "cardholder_name" in params
                else {}
            ),
        )
        return 201, node(kind, self.payment_methods[token][1])

    def _create_subscription(self, params: dict):
        if params.get("id") in self.subscriptions:
            return api_error("ID has already been taken.", {"subscription": [("81902", "id")]})
        if params.get("payment_method_token") not in self.payment_methods:
            return api_error(
                "Payment method token is invalid.",
                {"subscription": [("91903", "payment_method_token")]},
            )
        if params.get("plan_id") not in PLANS:
            return api_error("Plan ID is invalid.", {"subscription": [("91904", "plan_id")]})
        today = datetime.now(UTC).date()
        trial = params.get("trial_period") is True
        starts = today + timedelta(days=params["trial_duration"]) if trial else today
        later = params.get("first_billing_date")
        if later:  # Braintree: Pending until its first billing date, nothing charged now
            later = date.fromisoformat(str(later)[:10])  # the SDK sends a date as a datetime
            if later < today:
                return api_error(
                    "First Billing Date cannot be in the past.",
                    {"subscription": [("91916", "first_billing_date")]},
                )
            starts = later
        modifications = {
            key: [
                (
                    key.rstrip("s").replace("_", "-"),
                    {
                        "id": item["inherited_from_id"],
                        "amount": item["amount"],
                        "quantity": 1,
                        "number_of_billing_cycles": int(item["number_of_billing_cycles"])
                        if item.get("number_of_billing_cycles")
                        else None,
                        "never_expires": not item.get("number_of_billing_cycles"),
                    },
                )
                for item in params.get(key, {}).get("add", [])
            ]
            for key in ("add_ons", "discounts")
        }
        total = (
            Decimal(params["price"])
            + sum(Decimal(a["amount"]) for _, a in modifications["add_ons"])
            - sum(Decimal(d["amount"]) for _, d in modifications["discounts"])
        )
        self.subscriptions[params["id"]] = {
            "id": params["id"],
            "status": "Pending" if later else "Active",
            "plan_id": params["plan_id"],
            "price": params["price"],
            "payment_method_token": params["payment_method_token"],
            "merchant_account_id": params.get("merchant_account_id", "lumo_default"),
            "trial_period": trial,
            "trial_duration": params.get("trial_duration") if trial else None,
            "trial_duration_unit": params.get("trial_duration_unit") if trial else None,
            "first_billing_date": starts,
            "next_billing_date": starts if trial or later else today + timedelta(days=30),
            "paid_through_date": None if trial or later else today + timedelta(days=29),
            "current_billing_cycle": 0 if trial or later else 1,
            "number_of_billing_cycles": None,
            "balance": "0.00",
            "next_billing_period_amount": str(total),
            "failure_count": 0,
            "days_past_due": None,
            "never_expires": True,
            **modifications,
            "transactions": [],
            "status_history": [],
            "created_at": datetime.now(UTC).replace(tzinfo=None),
        }
        if not trial and not later:  # charged at once, through the subscription's merchant account
            charge = self._transaction(
                "sale",
                str(total),
                self.subscriptions[params["id"]]["merchant_account_id"],
                subscription_id=params["id"],
            )
            self.subscriptions[params["id"]]["transactions"] = [("transaction", charge)]
        return 201, node("subscription", self.subscriptions[params["id"]])

    # -- transactions (status: submitted_for_settlement until a test sets it "settled") ------
    def _transaction(self, kind: str, amount: str, merchant_account_id: str, **extra) -> dict:
        tx = {
            "id": f"tx{len(self.transactions) + 1}",
            "type": kind,
            "status": "submitted_for_settlement",
            "amount": amount,
            "currency_iso_code": {"lumo_eur": "EUR", "lumo_chf": "CHF", "lumo_usd": "USD"}.get(
                merchant_account_id, "USD"
            ),
            "merchant_account_id": merchant_account_id,
            "refund_ids": [],
            "created_at": datetime.now(UTC).replace(tzinfo=None),
            **extra,
        }
        self.transactions[tx["id"]] = tx
        return tx

    def _refund(self, tx: dict, params: dict):
        if tx["status"] not in ("settled", "settling"):
            return api_error(
                "Cannot refund transaction unless it is settled.",
                {"transaction": [("91506", "base")]},
            )
        amount = Decimal(params.get("amount") or tx["amount"])
        given = sum(
            (Decimal(self.transactions[r]["amount"]) for _, r in tx["refund_ids"]), Decimal(0)
        )
        if given + amount > Decimal(tx["amount"]):
            return api_error("Refund amount is too large.", {"transaction": [("91521", "amount")]})
        refund = self._transaction(
            "credit", str(amount), tx["merchant_account_id"], refunded_transaction_id=tx["id"]
        )
        tx["refund_ids"] = tx["refund_ids"] + [("item", refund["id"])]
        return 201, node("transaction", refund)

    def _void(self, tx: dict):
        if tx["status"] not in ("authorized", "submitted_for_settlement"):
            return api_error(
                "Transaction can only be voided if status is authorized, submitted_for_settlement, "
                "or - for PayPal - settlement_pending.",
                {"transaction": [("91504", "base")]},
            )
        tx["status"] = "voided"
        return 200, node("transaction", tx)

    def _cancel(self, subscription: dict):
        if subscription["status"] == "Canceled":
            return api_error(
                "Subscription has already been canceled.", {"subscription": [("81905", "status")]}
            )
        subscription["status"] = "Canceled"
        return 200, node("subscription", subscription)

    def _update(self, subscription: dict, params: dict):
        if params.get("plan_id") and params["plan_id"] not in PLANS:
            return api_error("Plan ID is invalid.", {"subscription": [("91904", "plan_id")]})
        if params.get("plan_id") and frequency(params["plan_id"]) != frequency(
            subscription["plan_id"]
        ):
            return api_error(
                "Cannot update subscription to a plan with a different billing frequency.",
                {"subscription": [("91922", "plan_id")]},
            )
        if "number_of_billing_cycles" in params:
            if params.get("never_expires") is not False:
                return api_error(
                    "Number of billing cycles and never expires are inconsistent.",
                    {"subscription": [("91908", "number_of_billing_cycles")]},
                )
            if int(params["number_of_billing_cycles"]) < subscription["current_billing_cycle"]:
                return api_error(
                    "Number of billing cycles is too small.",
                    {"subscription": [("91909", "number_of_billing_cycles")]},
                )
            subscription.update(
                never_expires=False,
                number_of_billing_cycles=int(params["number_of_billing_cycles"]),
            )
        token = params.get("payment_method_token")
        if token is not None and token not in self.payment_methods:
            return api_error(
                "Payment method token is invalid.",
                {"subscription": [("91903", "payment_method_token")]},
            )
        subscription.update(
            {k: params[k] for k in ("plan_id", "price", "payment_method_token") if k in params}
        )
        return 200, node("subscription", subscription)

    def _retry_charge(self, params: dict):
        """Subscription.retry_charge: a sale of a past-due subscription (Braintree refuses any other), declined
        for the test amounts 2000.00-2999.99 as Braintree's sandbox does."""
        subscription = self.subscriptions.get(params.get("subscription_id") or "")
        if subscription is None:
            return 404, ""
        if subscription["status"] != "Past Due":
            return api_error(
                "Subscription status must be Past Due in order to retry.",
                {"subscription": [("91531", "status")]},
            )
        amount = Decimal(params.get("amount") or subscription["price"])
        if Decimal(2000) <= amount < Decimal(3000):
            return (
                422,
                node(
                    "api_error_response",
                    {
                        "errors": {"errors": []},
                        "message": "Do Not Honor",
                        "transaction": {
                            "id": "declined1",
                            "status": "processor_declined",
                            "amount": str(amount),
                            "processor_response_code": "2000",
                            "processor_response_text": "Do Not Honor",
                            "gateway_rejection_reason": None,
                        },
                    },
                ),
            )
        charge = self._transaction(
            "sale",
            str(amount),
            subscription["merchant_account_id"],
            subscription_id=subscription["id"],
            status="submitted_for_settlement"
            if params.get("options", {}).get("submit_for_settlement")
            else "authorized",
        )
        subscription.update(status="Active", balance="0.00")
        subscription["transactions"] = [("transaction", charge), *subscription["transactions"]]
        return 201, node("transaction", charge)
