"""Child profiles and parental settings through HTTP: limits, ownership, validation, defaults."""

import pytest

from tests.helpers import bearer, signed_up

SETTINGS = {
    "ageFilter": "3-8",
    "timeLimitMinutes": 45,
    "contentType": "educational",
    "language": "fr",
    "sound": False,
    "fullscreen": True,
}


@pytest.fixture
def auth(client):
    return bearer(signed_up(client))


def add_child(client, auth, name="Léa", band="3-5"):
    return client.post("/v5/children", json={"name": name, "ageBand": band}, headers=auth)


def test_create_list_rename_delete(client, auth):
    created = add_child(client, auth, name="  Léa  ")
    assert created.status_code == 201
    child = created.json
    assert (child["name"], child["ageBand"]) == ("Léa", "3-5") and set(child) == {
        "id",
        "name",
        "ageBand",
        "createdAt",
    }
    listed = client.get("/v5/children", headers=auth).json
    assert listed == {"children": [child], "max": 6}
    renamed = client.patch(f"/v5/children/{child['id']}", json={"name": "Lili"}, headers=auth)
    assert (renamed.status_code, renamed.json["name"], renamed.json["ageBand"]) == (
        200,
        "Lili",
        "3-5",
    )
    moved = client.patch(f"/v5/children/{child['id']}", json={"ageBand": "6-8"}, headers=auth)
    assert (moved.json["name"], moved.json["ageBand"]) == ("Lili", "6-8")
    assert client.delete(f"/v5/children/{child['id']}", headers=auth).status_code == 204
    assert client.get("/v5/children", headers=auth).json["children"] == []
    gone = client.delete(f"/v5/children/{child['id']}", headers=auth)
    assert (gone.status_code, gone.json["message"]) == (404, "childNotFound")


def test_six_profiles_at_most_and_a_freed_slot_is_reused(client, auth):
    ids = [add_child(client, auth, name=f"Kid {'ABCDEF'[i]}").json["id"] for i in range(6)]
    seventh = add_child(client, auth, name="Kid G")
    assert (seventh.status_code, seventh.json) == (
        400,
        {"code": 0, "message": "childLimitReached", "max": 6},
    )
    client.delete(f"/v5/children/{ids[2]}", headers=auth)
    assert add_child(client, auth, name="Kid G").status_code == 201
    assert len(client.get("/v5/children", headers=auth).json["children"]) == 6


def test_the_database_refuses_a_seventh_profile(client, auth, container):
    from sqlalchemy.exc import IntegrityError

    add_child(client, auth)
    with pytest.raises(IntegrityError):
        with container.engine.begin() as c:
            c.exec_driver_sql(
                "INSERT INTO child_profiles (account_id, slot, name, age_band, created_at) "
                "SELECT account_id, 7, 'Seventh', '3-5', created_at FROM child_profiles"
            )


@pytest.mark.parametrize(
    "body,fields",
    [
        ({"name": "", "ageBand": "3-5"}, {"name"}),
        ({"name": "   ", "ageBand": "3-5"}, {"name"}),
        ({"name": "x" * 31, "ageBand": "3-5"}, {"name"}),
        ({"name": "Léa", "ageBand": "2-4"}, {"ageBand"}),
        ({"name": "Léa"}, {"ageBand"}),
        ({"ageBand": "3-5"}, {"name"}),
    ],
)
def test_profile_validation(client, auth, body, fields):
    response = client.post("/v5/children", json=body, headers=auth)
    assert (response.status_code, response.json["code"], response.json["message"]) == (
        400,
        0,
        "parameterRequired",
    )
    assert set(response.json["errors"]) == fields


def test_nothing_but_a_name_and_an_age_band_is_kept(client, auth, container):
    add_child(client, auth, name="Léa")
    client.post(
        "/v5/children",
        json={
            "name": "Tom",
            "ageBand": "9-10",
            "birthDate": "2017-03-02",
            "photo": "data:image/png;base64,AAAA",
            "school": "Jules Ferry",
        },
        headers=auth,
    )
    with container.engine.connect() as c:
        columns = [col for col in c.exec_driver_sql("SELECT * FROM child_profiles").keys()]
        rows = c.exec_driver_sql("SELECT * FROM child_profiles").all()
    assert set(columns) == {"id", "account_id", "slot", "name", "age_band", "created_at"}
    assert "2017" not in str(rows) and "Jules" not in str(rows)


def test_another_parent_can_never_read_or_change_a_profile(client, auth):
    child = add_child(client, auth).json
    other = bearer(signed_up(client, email="other@example.com"))
    calls = [
        client.patch(f"/v5/children/{child['id']}", json={"name": "Hacked"}, headers=other),
        client.delete(f"/v5/children/{child['id']}", headers=other),
        client.get(f"/v5/children/{child['id']}/settings", headers=other),
        client.put(f"/v5/children/{child['id']}/settings/tv", json=SETTINGS, headers=other),
    ]
    assert [(r.status_code, r.json["message"]) for r in calls] == [(404, "childNotFound")] * 4
    unknown = client.patch("/v5/children/999999", json={"name": "X"}, headers=other)
    assert unknown.json == calls[0].json  # an existing id answers exactly as an unknown one
    assert client.get("/v5/children", headers=other).json["children"] == []
    assert client.get("/v5/children/settings", headers=other).json == {"children": []}
    assert client.get("/v5/children", headers=auth).json["children"][0]["name"] == "Léa"
    assert (
        client.get(f"/v5/children/{child['id']}/settings", headers=auth).json["tv"]["updatedAt"]
        is None
    )


def test_profiles_need_a_bearer(client):
    for response in (
        client.get("/v5/children"),
        client.post("/v5/children", json={"name": "A", "ageBand": "3-5"}),
        client.get("/v5/children/settings"),
        client.get("/v5/children/1/settings"),
    ):
        assert (response.status_code, response.json["message"]) == (401, "loginNeeded")


def test_settings_are_the_defaults_until_saved(client, auth):
    child = add_child(client, auth, band="6-8").json
    settings = client.get(f"/v5/children/{child['id']}/settings", headers=auth).json
    assert settings["tv"] == {
        "ageFilter": "6-8",
        "timeLimitMinutes": None,
        "contentType": "mix",
        "language": "en",
        "sound": True,
        "fullscreen": False,
        "updatedAt": None,
    }
    assert settings["books"]["ageFilter"] == settings["games"]["ageFilter"] == "7-10"
    assert settings["books"]["categories"] == [
        "adventure",
        "fairy_tales",
        "learning",
        "night_stories",
    ]
    assert settings["games"]["categories"] == [
        "creativity",
        "logic",
        "memory",
        "casual",
        "multiplayer",
        "music",
    ]


def test_save_settings_per_app(client, auth):
    child = add_child(client, auth).json
    saved = client.put(f"/v5/children/{child['id']}/settings/tv", json=SETTINGS, headers=auth)
    assert saved.status_code == 200
    assert {k: v for k, v in saved.json.items() if k != "updatedAt"} == SETTINGS and saved.json[
        "updatedAt"
    ]
    games = {
        **SETTINGS,
        "ageFilter": "3-10",
        "timeLimitMinutes": None,
        "categories": ["memory", "logic"],
    }
    assert client.put(f"/v5/children/{child['id']}/settings/games", json=games, headers=auth).json[
        "categories"
    ] == ["logic", "memory"]
    again = client.put(
        f"/v5/children/{child['id']}/settings/tv",
        json={**SETTINGS, "timeLimitMinutes": 30},
        headers=auth,
    )
    assert again.json["timeLimitMinutes"] == 30
    settings = client.get(f"/v5/children/{child['id']}/settings", headers=auth).json
    assert settings["tv"]["timeLimitMinutes"] == 30 and settings["games"]["ageFilter"] == "3-10"
    assert settings["books"]["updatedAt"] is None  # never saved: still the defaults


@pytest.mark.parametrize(
    "which,changes,fields",
    [
        ("tv", {"ageFilter": "7-10"}, {"ageFilter"}),
        ("books", {"ageFilter": "3-8", "categories": []}, {"ageFilter"}),
        ("tv", {"timeLimitMinutes": 4}, {"timeLimitMinutes"}),
        ("tv", {"timeLimitMinutes": 241}, {"timeLimitMinutes"}),
        ("tv", {"timeLimitMinutes": "30"}, {"timeLimitMinutes"}),
        ("tv", {"contentType": "violence"}, {"contentType"}),
        ("tv", {"language": "xx", "sound": "maybe"}, {"language", "sound"}),
        ("games", {"ageFilter": "3-6", "categories": ["logic", "poker"]}, {"categories"}),
        ("books", {"ageFilter": "3-6"}, {"categories"}),
        ("tv", {"fullscreen": None}, {"fullscreen"}),
    ],
)
def test_settings_validation_names_every_bad_field(client, auth, which, changes, fields):
    child = add_child(client, auth).json
    response = client.put(
        f"/v5/children/{child['id']}/settings/{which}", json={**SETTINGS, **changes}, headers=auth
    )
    assert (response.status_code, response.json["message"]) == (400, "parameterRequired")
    assert set(response.json["errors"]) == fields, response.json


def test_a_missing_field_is_refused_and_an_unknown_app_is_404(client, auth):
    child = add_child(client, auth).json
    partial = client.put(
        f"/v5/children/{child['id']}/settings/tv", json={"sound": False}, headers=auth
    )
    assert partial.status_code == 400 and {"ageFilter", "timeLimitMinutes", "contentType"} <= set(
        partial.json["errors"]
    )
    assert (
        client.put(
            f"/v5/children/{child['id']}/settings/radio", json=SETTINGS, headers=auth
        ).status_code
        == 404
    )


def test_the_apps_read_every_profile_and_setting_in_one_call(client, auth):
    lea = add_child(client, auth, name="Léa", band="3-5").json
    tom = add_child(client, auth, name="Tom", band="9-10").json
    client.put(f"/v5/children/{tom['id']}/settings/tv", json=SETTINGS, headers=auth)
    family = client.get("/v5/children/settings", headers=auth).json["children"]
    assert [(c["id"], c["name"], c["ageBand"]) for c in family] == [
        (lea["id"], "Léa", "3-5"),
        (tom["id"], "Tom", "9-10"),
    ]
    assert (
        family[0]["settings"]["tv"]["ageFilter"] == "3-5"
        and family[1]["settings"]["tv"]["ageFilter"] == "3-8"
    )
    assert set(family[1]["settings"]) == {"tv", "books", "games"}


def test_deleting_a_profile_deletes_its_settings(client, auth, container):
    child = add_child(client, auth).json
    client.put(f"/v5/children/{child['id']}/settings/tv", json=SETTINGS, headers=auth)
    client.delete(f"/v5/children/{child['id']}", headers=auth)
    with container.engine.connect() as c:
        assert c.exec_driver_sql("SELECT count(*) FROM parental_settings").scalar() == 0


def test_openapi_documents_the_children_endpoints(client):
    paths = client.get("/openapi.json").json["paths"]
    assert {"200", "401", "403"} <= set(paths["/v5/children"]["get"]["responses"])
    assert {"201", "400", "401"} <= set(paths["/v5/children"]["post"]["responses"])
    assert "childLimitReached" in paths["/v5/children"]["post"]["responses"]["400"]["description"]
    assert {"200", "400", "404"} <= set(
        paths["/v5/children/{child_id}/settings/books"]["put"]["responses"]
    )
    spec = client.get("/openapi.json").json["components"]["schemas"]
    assert spec["TvSettingsInput"]["properties"]["ageFilter"]["enum"] == ["3-5", "6-8", "3-8"]
    assert spec["BooksSettingsInput"]["properties"]["ageFilter"]["enum"] == ["3-6", "7-10", "3-10"]
