"""The start page says what each preset plays and puts every refusal next
to the box it is about."""

from __future__ import annotations

import html
import json
import re
from typing import Any

from flask.testing import FlaskClient

from scorekeeper.limits import PLAYER_NAME
from tests.conftest import PLAYERS
from tests.fixtures_app import words


def _start(client: FlaskClient, **data: Any) -> Any:
    form: dict[str, Any] = {"name": "Friday", "players": PLAYERS, "preset": "called-ace",
                            "stake_cents": "25"}
    form.update(data)
    return client.post("/", data=form)


def _after(page: str, anchor: str, length: int = 600) -> str:
    return html.unescape(page[page.index(anchor):page.index(anchor) + length])


def test_as_the_preset_says_the_presets_own_value(client: FlaskClient) -> None:
    page = words(client.get("/?preset=imsa"))
    assert "As the preset: under 30" in _after(page, 'name="opt-schneider_line"')
    page = words(client.get("/"))
    assert "As the preset: at 30" in _after(page, 'name="opt-schneider_line"')
    assert 'placeholder="As the preset: 1"' in _after(page, 'name="opt-base"', 200) \
        or "As the preset: 1" in page


def test_the_page_carries_every_presets_words_for_the_script(client: FlaskClient) -> None:
    page = client.get("/").get_data(as_text=True)
    found = re.search(r"data-preset-words='([^']+)'", page) or \
        re.search(r'data-preset-words="([^"]+)"', page)
    assert found
    said = json.loads(found.group(1).replace("&#34;", '"').replace("&quot;", '"')
                      .replace("&amp;", "&").replace("&#39;", "'"))
    assert said["imsa"]["schneider_line"] == "under 30"
    assert said["called-ace"]["schneider_line"] == "at 30"


def test_a_missing_stake_is_said_next_to_the_stake_box(client: FlaskClient) -> None:
    response = _start(client, stake_cents="")
    page = words(response)
    assert response.status_code == 400
    assert "This field is required" not in page
    said = _after(page, 'name="stake_cents"')
    assert "stake" in said.lower() and 'class="field-error"' in said
    top = _after(page, 'id="error-summary"', 200)
    assert "stake" in top.lower()


def test_a_negative_stake_is_refused_in_words(client: FlaskClient) -> None:
    response = _start(client, stake_cents="-5")
    page = words(response)
    assert response.status_code == 400
    assert "The stake can't be negative" in _after(page, 'name="stake_cents"')
    assert "digits 0 to 9" not in page
    assert "more below" not in page  # one problem, said once


def test_a_missing_table_name_names_the_box(client: FlaskClient) -> None:
    page = words(_start(client, name=""))
    assert "This field is required" not in page
    assert "Give the table a name" in _after(page, 'id="error-summary"', 200)


def test_a_long_name_marks_its_own_row_and_boxes_have_a_length_limit(
        client: FlaskClient) -> None:
    page = words(client.get("/"))
    boxes = re.findall(r'<input[^>]*name="players"[^>]*>', page)
    assert boxes and all(f'maxlength="{PLAYER_NAME}"' in box for box in boxes)
    long = "L" * (PLAYER_NAME + 1)
    response = _start(client, players=["Ann", "Bob", long, "Dan", "Eve"])
    page = words(response)
    assert response.status_code == 400
    rows = re.findall(r'<div class="player-row[^"]*"[^>]*>.*?</div>', page, re.S)
    marked = [row for row in rows if 'aria-invalid="true"' in row]
    assert len(marked) == 1 and long in marked[0]
    assert f"Keep names to {PLAYER_NAME} characters" in marked[0]
