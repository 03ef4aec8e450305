"""The plans and licenses use cases over the real catalogue file and in-memory fakes."""

from datetime import timedelta
from decimal import Decimal as D

import pytest

from core.adapters.catalogue_file import FileCatalogue
from core.domain.subscriptions import Subscription
from core.services import licenses, plans


@pytest.fixture(scope="module")
def catalogue():
    return FileCatalogue.load()


def _add(ctx, kind, end_in_days=30, state="Active", account_id=1):
    with ctx.uow() as uow:
        uow.subscriptions.add(
            Subscription(
                account_id=account_id,
                subscription_type=kind,
                duration_code="P1M",
                store_id="lumo",
                payment_state_id=state,
                end_date=ctx.clock.now() + timedelta(days=end_in_days),
                created_at=ctx.clock.now(),
            )
        )
        uow.commit()


def test_owned_types_leave_out_expired_and_unpaid_subscriptions(ctx):
    _add(ctx, "lumo_tv")
    _add(ctx, "lumo_books", end_in_days=-1)
    _add(ctx, "lumo_games", state="Pending")
    _add(ctx, "lumo_tv_books_games", account_id=2)
    assert plans.owned_types(ctx, 1) == {"lumo_tv"}
    assert plans.owned_types(ctx, 3) == frozenset()


def test_offer_groups_and_flags(catalogue):
    answer = plans.offer(catalogue, "DE", owned=frozenset({"lumo_tv_books"}))
    assert (answer.currency, answer.currency_symbol) == ("EUR", "€")
    assert len(answer.monthly_plan) == len(answer.annual_plan) == 7
    subscribed = {p.plan.product for p in answer.monthly_plan if p.subscribed}
    assert subscribed == {"lumo_tv", "lumo_books", "lumo_tv_books"}
    assert [g.product for g in answer.user_plan][:3] == ["lumo_tv", "lumo_books", "lumo_games"]
    assert all(len(g.plans) == 2 for g in answer.user_plan)
    assert (answer.register_price.price.monthly, answer.register_price.price.yearly) == (
        D("4.99"),
        D("34.90"),
    )


def test_offer_with_promotions(catalogue):
    answer = plans.offer(catalogue, "CH", show_all=True)
    promo = [p for p in answer.annual_plan if p.plan.is_promo]
    assert [(p.plan.plan_id, p.plan.price, p.monthly_price, p.yearly_savings) for p in promo][
        0
    ] == (
        "lumo_tv_yearly_chf_promo",
        D("29.90"),
        D("2.5"),
        D("16.90"),
    )
    assert len(answer.user_plan[0].plans) == 4  # monthly, yearly, promo monthly, promo yearly


def test_licenses_filtered_by_country_app_and_count(catalogue):
    everywhere = licenses.licenses_for(catalogue, "IT", "it", 100)
    assert all(lic.id != "maple-mysteries" for lic in everywhere)
    assert any(
        lic.id == "maple-mysteries" for lic in licenses.licenses_for(catalogue, "US", "en", 100)
    )
    assert all(
        "books" in lic.apps
        for lic in licenses.licenses_for(catalogue, "US", "en", 100, app="books")
    )
    assert len(licenses.licenses_for(catalogue, "US", "en", 3)) == 3
    assert len(licenses.licenses_for(catalogue, "US", "en", 1000)) <= 100


def test_cards_cycle_six_colours(catalogue):
    cards = licenses.promotional_cards(catalogue, "FR", "fr", 100)
    assert len(cards) > 6
    assert [c.color for c in cards[:7]] == [
        "blue",
        "green",
        "orange",
        "red",
        "yellow",
        "purple",
        "blue",
    ]
    assert all(c.licenses for c in cards)


class Shelf:
    """A shelf bigger than the seeded one, to see the default count bite on every call."""

    def __init__(self, n):
        from core.domain.licenses import License, PromoCard

        self._licenses = [
            License(f"l{i}", f"/l{i}.png", frozenset({"books"}), titles={"en": f"L{i}"})
            for i in range(n)
        ]
        self._cards = [PromoCard(f"c{i}", f"/c{i}.png", (f"l{i}",)) for i in range(n)]

    def licenses(self):
        return self._licenses

    def promotional_cards(self):
        return self._cards


def test_default_count_is_20_and_the_bound_is_100():
    shelf = Shelf(150)
    assert len(licenses.licenses_for(shelf, "FR", None)) == 20
    assert len(licenses.licenses_for(shelf, "FR", None, app="books")) == 20
    assert len(licenses.promotional_cards(shelf, "FR", None)) == 20
    assert len(licenses.licenses_for(shelf, "FR", None, 500)) == 100
    assert len(licenses.promotional_cards(shelf, "FR", None, 0)) == 1
    assert [c.color for c in licenses.promotional_cards(shelf, "FR", None, 13)][-1] == "blue"
