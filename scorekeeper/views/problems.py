"""A refused form's problems, gathered while its page is drawn.

Every error a page shows goes through ``templates/_errors.html``: its macros
note each one here (the id of the field it belongs to, or of the message
itself, and its words), and ``base.html`` draws the page's content first, so
that what was noted says the page's title ("Error: …") and its summary of
problems at the top, one link to each field, in the page's own order.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from flask import Flask, g
from markupsafe import Markup


class Problem(NamedTuple):
    """One error on the page: where it is (an element's id) and what it says."""

    target: str
    message: str


def begin() -> str:
    """A page starts to be drawn: nothing noted yet (a fragment drawn before it
    for the same answer says nothing of this page)."""
    g.problems = []
    return ""


def note(target: str, message: str) -> str:
    """The error ``message`` at the element with id ``target`` (nothing drawn)."""
    noted: list[Problem] = g.setdefault("problems", [])
    if all(p != (target, message) for p in noted):
        noted.append(Problem(target, message))
    return ""


def taken() -> list[Problem]:
    """What the page noted, in its order; the list starts again empty."""
    noted: list[Problem] = g.pop("problems", [])
    return noted


def words(messages: str | Iterable[object] | None) -> list[str]:
    """The messages of a field, as its error says them: a form's own list of
    them, one sentence, or none (an entry's own errors, not words, are left out)."""
    if isinstance(messages, str):
        messages = [messages]
    return [m for m in messages or () if isinstance(m, str) and m]


def error_id(target: str) -> str:
    """The id of the error of the control (or group) with id ``target``."""
    return f"{target}-error"


def marks(target: str, messages: str | Iterable[object] | None, also: str = "",
          group: bool = False) -> dict[str, str]:
    """The attributes of the control ``target`` (its own describedby ids in
    ``also``): when it has an error, aria-invalid (not on a group's fieldset,
    whose controls each have it) and the error's id in aria-describedby."""
    wrong = bool(words(messages))
    ids = [*also.split(), *([error_id(target)] if wrong else [])]
    out = {"aria-invalid": "true"} if wrong and not group else {}
    return {**out, **({"aria-describedby": " ".join(ids)} if ids else {})}


def said(messages: str | Iterable[object] | None) -> Markup:
    """A field's messages as one sentence of its error."""
    return Markup(" ").join(words(messages))


def register(app: Flask) -> None:
    """The steps and the words, for the templates."""
    app.add_template_global(marks, "error_marks")
    app.add_template_global(said, "error_words")
    app.add_template_global(error_id, "error_id")
    app.add_template_global(begin, "problems_begin")
    app.add_template_global(note, "problem")
    app.add_template_global(taken, "problems_taken")
