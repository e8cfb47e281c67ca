"""The rulings page answers a question the table's rules don't cover by
saying so, with the rulings nearest to it at most, instead of a list of
rulings that share a word with it; a question a ruling answers shows it."""

from __future__ import annotations

import html
import re

import pytest
from flask.testing import FlaskClient

from tests.fixtures_app import start_table
from tests.web.test_rulings_pages import page, shown_rulings


def _said(body: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", body)).split())


@pytest.mark.parametrize("htmx", [False, True])
def test_playing_out_of_turn_is_said_to_be_up_to_the_table(client: FlaskClient,
                                                            htmx: bool) -> None:
    table_id = start_table(client)
    headers = {"HX-Request": "true"} if htmx else {}
    body = page(client, f"/t/{table_id}/rulings?q=someone played out of turn", **headers)
    assert "The rules here don't cover playing out of turn" in _said(body)
    assert set(shown_rulings(body)) <= {"follow-suit", "void"}
    assert "What the rules here do say nearby" in _said(body)


def test_a_question_about_something_else_lists_no_ruling(client: FlaskClient) -> None:
    table_id = start_table(client)
    body = page(client, f"/t/{table_id}/rulings?q=how do I play chess")
    assert shown_rulings(body) == {}
    assert "The rules here don't cover “how do I play chess”." in _said(body)
    assert f'href="/t/{table_id}/rulings">show all' in body


def test_a_tied_leaster_at_a_throw_in_table_shows_what_happens_when_all_pass(
        client: FlaskClient) -> None:
    table_id = start_table(client, preset="imsa")
    body = page(client, f"/t/{table_id}/rulings?q=tie in the leaster")
    assert "This table plays no leasters." in _said(body)
    assert list(shown_rulings(body)) == ["nobody-picks"]


@pytest.mark.parametrize(("question", "ruling"), [
    ("who wins a 60-60 tie", "winning-line"), ("dealer misdealt", "misdeal"),
    ("what if someone reneged", "renege")])
def test_a_question_a_ruling_answers_shows_that_ruling(client: FlaskClient, question: str,
                                                       ruling: str) -> None:
    table_id = start_table(client)
    body = page(client, f"/t/{table_id}/rulings?q={question}")
    assert list(shown_rulings(body)) == [ruling]
    assert "don't cover" not in body
