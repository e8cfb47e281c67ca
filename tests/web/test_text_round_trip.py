"""Whatever text the app keeps, its own export imports again: a player's
name, a table's name and an other payment's note, however odd (any Unicode
category, controls, direction marks, variation selectors, emoji), are either
refused when entered, with a reason that is true of that text, or carried
through export and import unchanged."""

from __future__ import annotations

import unicodedata
from collections import Counter
from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import event, given
from hypothesis import strategies as st

from scorekeeper.names import hidden, look_alike
from tests.conftest import PLAYERS

pytestmark = pytest.mark.slow

#: Text from every Unicode category but surrogates (no JSON encoder writes one),
#: weighted towards the characters that are drawn as nothing or change direction.
ODD = st.characters(exclude_categories=["Cs"]) | st.sampled_from(
    "\x00\t\n\u00ad\u034f\u061c\u115f\u17b4\u180b\u200b\u200d\u200e\u202e\u2066\u2800"
    "\u3164\ufe0f\ufeff\uffa0\U000e0041\U000e0100")
TEXT = st.text(ODD, min_size=1, max_size=12) | st.builds(
    lambda a, odd, b: a + odd + b,
    st.sampled_from(["Ann", "Zoë", "אבי", " ", "Hal ♠️", "Ida 👨‍👩‍👧"]), ODD,
    st.sampled_from(["", "x", " 2"]))

#: Unicode's Bidi_Control characters: the marks that turn text around.
BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
                          "\u2066\u2067\u2068\u2069")
#: Where each text goes, the field a refusal of it names, and the plain text
#: that stands in for it once refused.
FIELDS = {"table": "name", "player": "players", "note": "note"}
PLAIN = {"table": "Friday", "player": PLAYERS[0]}


def seen(reason: str, char: str) -> bool:
    """Whether ``char`` is one the refusal's words describe (whether a joiner
    or a selector belongs to an emoji, this test doesn't tell)."""
    if "turns the text right to left" in reason:
        return char in BIDI_CONTROLS
    if "control character" in reason:
        return unicodedata.category(char) in ("Cc", "Zl", "Zp")
    return "invisible character" in reason and hidden(char)


def true_of(reason: str, text: str) -> bool:
    """Whether a refusal's reason is true of the text it refused (False for a
    reason this test doesn't know)."""
    kept = " ".join(unicodedata.normalize("NFKC", text).split())
    if reason.endswith(": type it again without it"):
        return any(seen(reason, c) for c in text + unicodedata.normalize("NFKC", text))
    if reason.endswith("needs at least one letter or digit"):
        return not any(unicodedata.category(c)[0] in "LNPS" for c in kept)
    if reason.startswith(("Every player needs a name", "Give the table a name",
                          "Say what the payment is for")):
        return not text.strip()
    if reason.startswith("Two players are called"):
        return kept.casefold() in {p.casefold() for p in PLAYERS[1:]}
    if "looks just like" in reason:
        return look_alike(kept, PLAYERS[1:]) is not None
    return False


def assert_refused(response: Any, place: str, text: str) -> None:
    """The app said no to ``text`` (in ``place``) with a 400 naming the field
    and a reason that is true of the text."""
    error = response.get_json()
    assert response.status_code == 400, error
    assert error["field"] == FIELDS[place], error
    assert true_of(error["error"], text), error
    event(f"refused {place}")


def test_text_the_app_accepts_comes_back_from_its_own_export(client: FlaskClient) -> None:
    outcomes: Counter[str] = Counter()

    @given(name=TEXT, table=TEXT, note=TEXT)
    def round_trip(name: str, table: str, note: str) -> None:
        # a refusal names one field: that text is replaced by a plain one and the
        # table tried again, so a refused text hides none of the others
        texts = {"table": table, "player": name}
        refused: set[str] = set()
        while (made := client.post("/api/v1/tables", json={
                "name": texts["table"], "players": [texts["player"], *PLAYERS[1:]],
                "preset": "called-ace"})).status_code != 201:
            place = "table" if made.get_json().get("field") == "name" else "player"
            assert place not in refused, made.get_json()
            assert_refused(made, place, texts[place])
            refused.add(place)
            texts[place] = PLAIN[place]
        body = made.get_json()
        auth = {"Authorization": f"Bearer {body['edit_token']}"}
        players = client.get(f"/api/v1/tables/{body['id']}", headers=auth).get_json()["players"]
        paid = client.post(f"/api/v1/tables/{body['id']}/hands", headers=auth, json={
            "kind": "adjustment", "payouts": {players[0]: 5, "Bob": -5}, "note": note})
        if paid.status_code != 201:
            assert_refused(paid, "note", note)
            refused.add("note")
        for place in FIELDS:
            outcomes[f"{'refused' if place in refused else 'kept'} {place}"] += 1
        export = client.get(f"/api/v1/tables/{body['id']}/export", headers=auth)
        again = client.post("/api/v1/tables/import", data=export.data,
                            content_type="application/json")
        assert again.status_code == 201, again.get_json()
        copy = again.get_json()
        mine = client.get(f"/api/v1/tables/{copy['id']}/export",
                          headers={"Authorization": f"Bearer {copy['edit_token']}"}).get_json()
        assert mine["name"] == export.get_json()["name"]
        assert mine["players"] == export.get_json()["players"]
        assert mine["hands"] == export.get_json()["hands"]
        # a note is kept with its runs of spaces made one, as a name is
        assert [h.get("note") for h in mine["hands"]] == (
            [] if "note" in refused else [" ".join(note.split())])

    round_trip()
    # the examples reached both sides in every place: odd text refused, and text kept
    assert all(outcomes[f"{side} {place}"] for side in ("kept", "refused")
               for place in FIELDS), outcomes
