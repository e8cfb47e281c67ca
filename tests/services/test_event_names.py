"""An event's players by their names: a name that may be a registered
player's under another spelling is asked about before it is registered
(and registered when the director says so), one exactly the same is
refused as ever; and a typed name or number finds the one player it
means, or says who else it might be."""

from __future__ import annotations

import pytest
from flask import Flask

from scorekeeper.db.models import EVENT, AuditEntry, Event, db
from scorekeeper.services import Conflict, NotFound, ServiceError
from scorekeeper.services.events import event as events
from scorekeeper.services.events.event import LikelySame
from scorekeeper.services.once import Once


def _fresh(event_id: int) -> Event:
    db.session.expire_all()
    return db.session.get_one(Event, event_id)


def _event(*names: str) -> Event:
    event, _ = events.create_event("Oktoberfest", "called-ace")
    if names:
        events.register(event, list(names), checked_in=True)
    return _fresh(event.id)


def _names(event_id: int) -> list[tuple[int, str]]:
    return [(p.number, p.name) for p in _fresh(event_id).players]


def _entries(event_id: int) -> int:
    return db.session.query(AuditEntry).where(AuditEntry.of(EVENT, event_id)).count()


@pytest.mark.parametrize("typed", ["Jose Alvarez", "JOSE ALVAREZ", "jose-alvarez",
                                   "Jose AIvarez", "José Alvarez"])
def test_a_name_like_a_registered_player_s_is_asked_about_first(app: Flask,
                                                                 typed: str) -> None:
    with app.app_context():
        event = _event("Ann", "José Álvarez")
        before = (_names(event.id), _fresh(event.id).version)
        with pytest.raises(LikelySame) as refused:
            events.register(_fresh(event.id), typed, checked_in=True)
        assert refused.value.message == f"{typed} looks like #2 José Álvarez: the same person?"
        assert refused.value.field == "same_name_ok" and isinstance(refused.value, Conflict)
        assert (_names(event.id), _fresh(event.id).version) == before


def test_the_director_registers_a_different_player_on_purpose(app: Flask) -> None:
    with app.app_context():
        event = _event("Ann", "José Álvarez")
        [jose] = events.register(_fresh(event.id), "Jose Alvarez, 555-0101", checked_in=True,
                                 same_name_ok=True)
        assert (jose.number, jose.name, jose.contact, jose.checked_in) == (
            3, "Jose Alvarez", "555-0101", True)
        assert _names(event.id) == [(1, "Ann"), (2, "José Álvarez"), (3, "Jose Alvarez")]


@pytest.mark.parametrize("typed", ["josé álvarez", "JOSÉ  ÁLVAREZ"])
def test_the_same_name_but_for_case_and_spaces_is_refused_even_when_confirmed(
        app: Flask, typed: str) -> None:
    with app.app_context():
        event = _event("José Álvarez")
        with pytest.raises(Conflict, match="registered already") as refused:
            events.register(_fresh(event.id), typed, same_name_ok=True)
        assert not isinstance(refused.value, LikelySame)
        with pytest.raises(Conflict, match="looks just like"):  # a Cyrillic о, as ever
            events.register(_fresh(event.id), "J\u043esé Álvarez", same_name_ok=True)
        assert _names(event.id) == [(1, "José Álvarez")]


def test_a_pasted_list_names_every_pair_and_registers_nobody_until_confirmed(
        app: Flask) -> None:
    with app.app_context():
        event = _event("José Álvarez", "Ann Ott")
        pasted = "Bob\nJose Alvarez\nAnn Ött, 555-0100\nCal\nÇAL  "
        with pytest.raises(LikelySame) as refused:
            events.register(_fresh(event.id), pasted)
        assert refused.value.pairs == (
            ("Jose Alvarez", "#1 José Álvarez"), ("Ann Ött", "#2 Ann Ott"),
            ("ÇAL", "Cal (also in this list)"))
        assert refused.value.message.endswith(": the same people?")
        assert len(_names(event.id)) == 2
        made = events.register(_fresh(event.id), pasted, same_name_ok=True)
        assert [p.number for p in made] == [3, 4, 5, 6, 7]


def test_a_name_exactly_twice_in_a_list_is_refused_even_when_confirmed(app: Flask) -> None:
    with app.app_context():
        event = _event()
        with pytest.raises(Conflict, match="bob is registered already"):
            events.register(_fresh(event.id), "Bob\nbob", same_name_ok=True)


def test_a_registration_carried_out_twice_registers_once(app: Flask) -> None:
    with app.app_context():
        event = _event("Ann")
        once = Once("form:register:test")
        first = events.register(_fresh(event.id), "Jose Alvarez", once=once)
        entries, version = _entries(event.id), _fresh(event.id).version
        again = events.register(_fresh(event.id), "Jose Alvarez", once=once)
        assert [(p.number, p.name) for p in again] == [(2, "Jose Alvarez")]
        assert [p.number for p in first] == [2]
        assert (_entries(event.id), _fresh(event.id).version) == (entries, version)
        assert _names(event.id) == [(1, "Ann"), (2, "Jose Alvarez")]


@pytest.mark.parametrize(("asked", "number"), [
    ("3", 3), ("#9", 9), (9, 9), ("schmidt", 3), ("TOM WOLF", 9), ("wolf", 9),
    ("jose alvarez", 7), ("alv", 7), ("  josé   álvarez ", 7),
])
def test_find_player_answers_the_one_player_asked_for(app: Flask, asked: str | int,
                                                      number: int) -> None:
    with app.app_context():
        event = _event(*[f"Player {n}" for n in range(1, 3)], "Tom Schmidt",
                       *[f"Player {n}" for n in range(4, 7)], "José Álvarez", "Player 8",
                       "Tom Wolf")
        assert events.find_player(event, asked).number == number


@pytest.mark.parametrize(("asked", "kind", "said"), [
    ("Tom", ServiceError, "Tom matches #1 Tom Schmidt and #2 Tom Wolf: give the number"),
    ("99", NotFound, "No player #99 in this event"),
    ("#99", NotFound, "No player #99 in this event"),
    ("Zed  Zimmer", NotFound, "No player called Zed Zimmer in this event"),
    ("  ", ServiceError, "Give the player's name or number"),
])
def test_find_player_refuses_nobody_and_never_guesses(app: Flask, asked: str,
                                                      kind: type[ServiceError],
                                                      said: str) -> None:
    with app.app_context():
        event = _event("Tom Schmidt", "Tom Wolf")
        with pytest.raises(kind) as refused:
            events.find_player(event, asked, field="player")
        assert refused.value.message == said and refused.value.field == "player"
