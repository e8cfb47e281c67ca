"""Saves sent from the phone's queue of hands kept while offline
(static/js/waiting.js): the same form post as a tap on Save, answered in JSON
instead of with a page: 201 landed, 200 already landed (saying what it paid),
409 the night changed on another phone, 400 refused in words, with the
problems the form's page would list (each at the id of its field's control:
the record form names them by their fields' names; none for the form's own).
"""

from __future__ import annotations

from typing import Any

from flask import jsonify, request
from werkzeug.wrappers import Response

from scorekeeper.services.nights.hands import Saved
from scorekeeper.services.nights.state import TableState
from scorekeeper.services.nights.words import said
from scorekeeper.views.forms import HandForm
from scorekeeper.views.pages.nights.hand_form import landed
from scorekeeper.views.problems import words as problems_words


def is_waiting() -> bool:
    """The save comes from the phone's queue of hands kept while offline
    (static/js/waiting.js): it is answered in JSON, not with a page."""
    return request.headers.get("X-Waiting-Save") == "1"


def answer(status: int, **body: Any) -> Response:
    """The JSON answer a waiting save gets."""
    response: Response = jsonify(body)
    response.status_code = status
    return response


def saved_answer(state: TableState, saved: Saved | None) -> Response:
    """A kept hand landed (201), or had already landed under its key (200):
    its number and the night's version its recording made, so the next kept
    hand, made right after it on the phone, can say it saw that version."""
    if saved is not None:
        return answer(201, number=saved.result.number, version=state.table.version,
                      said=said(state.rules, saved.result))
    done = landed(state.table.id)
    if done is None:
        return answer(200, number=None, version=None, said="Already saved")
    # What it paid as the night stands now ("Already saved" if it was deleted since).
    words = "Already saved" if done.result is None else \
        f"{said(done.state.rules, done.result)} (it had already reached the server)"
    return answer(200, number=done.number, version=done.version, said=words)


def refused(form: HandForm) -> Response:
    """A kept hand the form or the engine refused: every message, in words."""
    words = [str(e) for field in form for e in field.errors] + form.form_errors
    problems = [{"target": field.name, "message": said}
                for field in form for said in problems_words(field.errors)]
    problems += [{"target": None, "message": said} for said in form.form_errors]
    return answer(400, error=" ".join(words) or "The hand was refused", problems=problems)
