"""The write path asks the night's whole stage again under its lock, with the
credentials the loader found: a tournament table marked done, ticketed or
opened again between a request's loading and its write is refused (or let
through) as the stage is now, in that stage's words, not as it was."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from flask import Flask

from scorekeeper.db.models import Event, GameTable, db
from scorekeeper.policy.acl import Action, Stage
from scorekeeper.rules import Hand
from scorekeeper.services import Refused
from scorekeeper.services.access.credentials import NightAccess, night_access
from scorekeeper.services.events import draws as event_draws
from scorekeeper.services.events import event as events
from scorekeeper.services.events import scores as event_scores
from scorekeeper.services.events import signatures
from scorekeeper.services.grants.grants import EVENT, TABLE
from scorekeeper.services.nights import hands

NAMES = [f"Player {n}" for n in range(1, 11)]


def _event() -> tuple[int, int, list[str], str, str]:
    """An event asking for signatures, its session 1 drawn: the event's id,
    table 1's night and players, the table phone's token and the director's."""
    event, director = events.create_event("Oktoberfest", "called-ace", sessions=2,
                                          rounds=1, signatures=True)
    events.register(event, "\n".join(NAMES), checked_in=True)
    table = event_draws.draw(db.session.get_one(Event, event.id), 1, seed=5).tables[0]
    assert table.edit_token is not None and director is not None
    return event.id, table.night, list(table.players), table.edit_token, director


def _as(token: str, night_id: int, event_id: int) -> NightAccess:
    db.session.rollback()  # a request of its own: what is committed now
    return night_access(night_id, lambda kind, row_id: token if (kind, row_id) in {
        (TABLE.kind, night_id), (EVENT.kind, event_id)} else None)


def _meanwhile(app: Flask, change: Callable[[Event], object], event_id: int) -> None:
    """Another device's write, committed in a session of its own."""
    with app.app_context():
        change(db.session.get_one(Event, event_id))


def _hand(players: list[str]) -> Hand:
    return Hand(picker=players[0], partners=(players[1],), points=75)


@pytest.mark.parametrize("stage", [Stage.DONE, Stage.TICKETED])
def test_a_table_done_or_ticketed_meanwhile_takes_no_hand_from_its_phone(
        app: Flask, stage: Stage) -> None:
    with app.app_context():
        event_id, night_id, players, phone, _ = _event()
        loaded = _as(phone, night_id, event_id)
        assert loaded.stage == Stage.OPEN and loaded.may(Action.RECORD)
        totals = dict.fromkeys(players, 0)
        _meanwhile(app, (lambda event: event_scores.mark_done(event, 1, 1, True))
                   if stage == Stage.DONE
                   else lambda event: event_scores.ticket(event, 1, 1, totals), event_id)
        with pytest.raises(Refused) as refused:
            hands.record_hand(loaded.state, _hand(players))
        assert refused.value.stage == stage
        # in the words the loader would have used had it come a moment later
        assert str(refused.value) == _as(phone, night_id, event_id).stage_words
        db.session.rollback()
        assert db.session.get_one(GameTable, night_id).hands == []


def test_the_director_still_corrects_a_table_done_meanwhile(app: Flask) -> None:
    with app.app_context():
        event_id, night_id, players, _, director = _event()
        loaded = _as(director, night_id, event_id)
        _meanwhile(app, lambda event: event_scores.mark_done(event, 1, 1, True), event_id)
        saved = hands.record_hand(loaded.state, _hand(players))
        assert saved is not None and saved.result.number == 1


def test_a_table_opened_again_meanwhile_takes_no_signature(app: Flask) -> None:
    with app.app_context():
        event_id, night_id, players, phone, _ = _event()
        _meanwhile(app, lambda event: event_scores.mark_done(event, 1, 1, True), event_id)
        loaded = _as(phone, night_id, event_id)
        assert loaded.stage == Stage.DONE and loaded.may(Action.SIGN)
        _meanwhile(app, lambda event: event_scores.mark_done(event, 1, 1, False), event_id)
        with pytest.raises(Refused) as refused:
            signatures.sign(loaded.state.table, players[0], True)
        assert refused.value.stage == Stage.OPEN
        db.session.rollback()
        assert signatures.signing_of(db.session.get_one(GameTable, night_id)).seats[0] \
            .agrees is None


def test_a_night_nothing_changed_on_is_not_read_again(app: Flask) -> None:
    """The stage as loaded stands while the night's version is the one read."""
    with app.app_context():
        event_id, night_id, players, phone, _ = _event()
        loaded = _as(phone, night_id, event_id)
        asked: list[int] = []
        admitted = db.session().info["scorekeeper.admitted"][night_id]
        object.__setattr__(admitted, "stage_now", lambda table: asked.append(1))
        assert hands.record_hand(loaded.state, _hand(players)) is not None
        assert asked == []
