"""GET /v4/licenses, /v1/licenses and /v1/promotional-cards."""

import pytest

COLOURS = ["blue", "green", "orange", "red", "yellow", "purple"]
CALLS = ["/v4/licenses", "/v1/licenses", "/v1/promotional-cards"]


def items(response):
    assert response.status_code == 200, response.json
    body = response.json
    return body["cards"] if "cards" in body else body["licenses"]


def test_licenses_answer_shape(client):
    body = client.get("/v4/licenses?countryCode=FR&language=fr").json
    assert list(body) == ["licenses"]
    first = body["licenses"][0]
    assert first == {
        "id": "moon-bakers",
        "title": "Les Boulangers de la Lune",
        "nameKey": None,
        "image": "/images/licenses/moon-bakers.png",
        "apps": ["tv", "books"],
    }
    keyed = [lic for lic in body["licenses"] if lic["nameKey"]]
    assert keyed and all(lic["title"] is None for lic in keyed)


def test_count_defaults_to_20(client):
    assert len(items(client.get("/v4/licenses?countryCode=FR"))) == 20
    assert len(items(client.get("/v4/licenses?countryCode=FR&count=100"))) > 20


@pytest.mark.parametrize("path", CALLS)
def test_no_count_is_count_20(client, path):
    assert items(client.get(f"{path}?countryCode=US")) == items(
        client.get(f"{path}?countryCode=US&count=20")
    )


@pytest.mark.parametrize("path", CALLS)
@pytest.mark.parametrize("count", [1, 5, 100])
def test_count_limits_the_answer(client, path, count):
    answer = items(client.get(f"{path}?countryCode=FR&count={count}"))
    assert 1 <= len(answer) <= count
    if count == 1:
        assert len(answer) == 1


def test_the_whole_list_fits_in_100(client):
    assert len(items(client.get("/v4/licenses?countryCode=FR&count=100"))) > 20


@pytest.mark.parametrize("path", CALLS)
@pytest.mark.parametrize("count", ["0", "-1", "101", "1000", "abc", "1.5", ""])
def test_invalid_count_is_the_json_error_body(client, path, count):
    response = client.get(f"{path}?count={count}")
    assert response.status_code == 400
    assert response.json["code"] == 0 and response.json["message"] == "parameterRequired"
    assert "count" in response.json["errors"]


def test_titles_follow_the_language_with_english_as_fallback(client):
    def title(query):
        return next(
            lic["title"]
            for lic in items(client.get(f"/v4/licenses?{query}&count=100"))
            if lic["id"] == "captain-comet"
        )

    assert title("language=de") == "Kapitän Komet"
    assert title("language=AR") == "الكابتن مذنّب"
    assert title("language=pt-BR") == "Capitão Cometa"
    assert title("language=nl") == "Captain Comet"  # no Dutch title
    assert title("language=xx") == "Captain Comet"
    assert title("countryCode=FR") == "Captain Comet"
    response = client.get("/v4/licenses?count=100", headers={"Accept-Language": "es-ES,es;q=0.9"})
    assert (
        next(lic["title"] for lic in items(response) if lic["id"] == "captain-comet")
        == "Capitán Cometa"
    )


def test_licenses_follow_the_countrys_rights(client):
    def ids(country):
        return {
            lic["id"] for lic in items(client.get(f"/v4/licenses?countryCode={country}&count=100"))
        }

    assert "maple-mysteries" in ids("US") and "maple-mysteries" not in ids("FR")
    assert "coco-cocoa" in ids("fr") and "coco-cocoa" in ids("CH") and "coco-cocoa" not in ids("US")
    assert "sky-patrol" in ids("DE") and "sky-patrol" not in ids("CH")
    assert ids("") == ids("FR") == ids("XX")  # missing or invalid: the default country


def test_stories_service_lists_story_licenses_only(client):
    stories = items(client.get("/v1/licenses?countryCode=US&count=100"))
    assert stories and all("books" in lic["apps"] for lic in stories)
    everything = items(client.get("/v4/licenses?countryCode=US&count=100"))
    assert len(stories) < len(everything)


def test_promotional_cards_cycle_six_colours(client):
    cards = items(client.get("/v1/promotional-cards?countryCode=FR&count=100"))
    assert len(cards) > 6
    assert [c["color"] for c in cards] == [COLOURS[i % 6] for i in range(len(cards))]
    first = cards[0]
    assert set(first) == {"id", "image", "color", "licenses"} and first["image"].startswith(
        "/images/cards/"
    )
    assert all(c["licenses"] for c in cards)


def test_cards_follow_the_country(client):
    def card_ids(country):
        return [
            c["id"]
            for c in items(client.get(f"/v1/promotional-cards?countryCode={country}&count=100"))
        ]

    assert "card-desert" in card_ids("AE") and "card-desert" not in card_ids("FR")
    assert "card-chocolate" in card_ids("BE") and "card-chocolate" not in card_ids("US")
    animals = next(
        c
        for c in items(client.get("/v1/promotional-cards?countryCode=US&count=100"))
        if c["id"] == "card-animals"
    )
    assert "hamster-hotel" not in {lic["id"] for lic in animals["licenses"]}  # no rights in the US


def test_openapi_documents_the_license_calls(client):
    paths = client.get("/openapi.json").json["paths"]
    for path in CALLS:
        operation = paths[path]["get"]
        assert {"200", "400"} <= set(operation["responses"])
        assert {"countryCode", "language", "count"} <= {p["name"] for p in operation["parameters"]}
