"""The proof of a US parent's consent to a renewing purchase outlives an erasure of the account: three
years from the purchase, or a year after the contract ended if later (docs/consumer-law-renewal.md#consent-proof);
elsewhere the consent history goes with the account, as before."""

from __future__ import annotations

from datetime import timedelta

from core.domain.renewal_rules import months_before
from core.services.data_rights import erase_account
from core.services.retention import RetentionPolicy, purge_expired
from tests.helpers import pay, register


def consent_rows(container, account_id):
    with container.engine.connect() as c:
        return c.exec_driver_sql(
            f"SELECT count(*) FROM consent_records WHERE account_id = {int(account_id)}"
        ).scalar()


def bought_and_erased(client, container, country, email):
    token = register(client, email=email, countryCode=country).json["token"]
    assert pay(client, token).status_code == 200
    with container.services.uow() as uow:
        account = uow.accounts.by_email(email)
    assert consent_rows(container, account.id) >= 1  # the terms accepted at registration
    erase_account(container.services, account.id)
    return account.id


def test_a_us_consent_proof_is_kept_three_years_after_the_purchase_then_purged(
    client, container, clock
):
    bought = clock.now()
    us = bought_and_erased(client, container, "US", "us@example.com")
    fr = bought_and_erased(client, container, "FR", "fr@example.com")
    kept = consent_rows(container, us)
    assert kept >= 1 and consent_rows(container, fr) == 0  # erased with the French account
    ctx = container.services
    assert purge_expired(ctx, RetentionPolicy()).consent_proofs == 0
    clock.advance(months_before(bought, -36) - clock.now() - timedelta(minutes=1))
    assert purge_expired(ctx, RetentionPolicy()).consent_proofs == 0
    assert consent_rows(container, us) == kept
    clock.advance(timedelta(minutes=2))
    assert purge_expired(ctx, RetentionPolicy()).consent_proofs == kept
    assert consent_rows(container, us) == 0


def test_an_account_that_never_bought_keeps_no_consent_proof(client, container):
    register(client, email="nobuy@example.com", countryCode="US")
    with container.services.uow() as uow:
        account = uow.accounts.by_email("nobuy@example.com")
    erase_account(container.services, account.id)
    assert consent_rows(container, account.id) == 0
