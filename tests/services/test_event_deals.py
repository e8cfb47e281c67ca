"""How long a tournament table plays a session, through the services: every
seated player deals the session's rounds, a void (dealt again by the same
dealer) is no deal of its own, or the event plays a fixed number of hands
at every table whatever its size; the settings take one of the two, and an
event's file carries them (a file from before ``hands`` still imports)."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask

from scorekeeper.db.models import Event, GameTable, db
from scorekeeper.rules import Hand, Kind
from scorekeeper.services import ServiceError
from scorekeeper.services.events import draws as event_draws
from scorekeeper.services.events import event as events
from scorekeeper.services.events import progress as event_progress
from scorekeeper.services.events import scores as event_scores
from scorekeeper.services.events.exports import export_event, import_event
from scorekeeper.services.events.plan import check_plan
from scorekeeper.services.nights import hands as hand_service
from scorekeeper.services.nights.state import TableState

#: Registered in this order, seed 92 seats them Cy, Bea, Max, Eli, Kai: Cy deals first.
FIVE = ["Bea", "Cy", "Eli", "Kai", "Max"]
SEED = 92


def _fresh(event_id: int) -> Event:
    db.session.expire_all()
    return db.session.get_one(Event, event_id)


def _event(names: list[str], **plan: Any) -> Event:
    event, _ = events.create_event("Germanfest", "called-ace", sessions=1, **plan)
    events.register(event, names, checked_in=True)
    return _fresh(event.id)


def _state(night_id: int) -> TableState:
    db.session.expire_all()
    return TableState.load(db.session.get_one(GameTable, night_id), cacheable=False)


def _play(night_id: int, kind: Kind = Kind.PICKED) -> str:
    """One hand at the table (a plain pick, or a void); who dealt it."""
    state = _state(night_id)
    seated = [p for p in state.players if p != state.night.next_dealer][:2]
    hand = Hand(kind=Kind.VOID) if kind is Kind.VOID else Hand(
        picker=seated[0], partners=(seated[1],), points=75)
    saved = hand_service.record_hand(state, hand)
    assert saved is not None
    return saved.result.dealer


def _done(night_id: int) -> bool:
    return event_progress.table_stage(_state(night_id))[1] is not None


def test_a_void_is_dealt_again_so_the_table_is_done_only_after_kai_deals(app: Flask) -> None:
    with app.app_context():
        event = _event(FIVE, rounds=1)
        drawn = event_draws.draw(event, 1, seed=SEED)
        night = drawn.tables[0].night
        assert list(drawn.tables[0].players) == ["Cy", "Bea", "Max", "Eli", "Kai"]
        dealers = [_play(night), _play(night, Kind.VOID)]
        dealers += [_play(night) for _ in range(3)]
        assert dealers == ["Cy", "Bea", "Bea", "Max", "Eli"]
        assert event_progress.deals_passed(_state(night).night) == 4
        assert not _done(night)  # five hands recorded, but Kai hasn't dealt
        assert _play(night) == "Kai"
        assert _done(night)
        [table] = event_scores.standings(_fresh(event.id)).tables
        assert (table.hands, table.due, table.done) == (5, 5, True)


def test_fifteen_hands_at_a_table_of_five_and_at_one_of_six(app: Flask) -> None:
    names = [f"Player {n}" for n in range(1, 12)]
    with app.app_context():
        event = _event(names, hands=15)
        drawn = event_draws.draw(event, 1, seed=3)
        assert sorted(len(t.players) for t in drawn.tables) == [5, 6]
        for table in drawn.tables:
            night = db.session.get_one(GameTable, table.night)
            assert event_progress.hands_due(night) == 15
            for _ in range(14):
                _play(table.night)
            _play(table.night, Kind.VOID)
            assert not _done(table.night)  # 15 recorded, 14 dealt
            _play(table.night)
            assert _done(table.night)
        shown = event_scores.standings(_fresh(event.id)).tables
        assert [(t.hands, t.due, t.done) for t in shown] == [(15, 15, True)] * 2


@pytest.mark.parametrize(("event", "players", "due"), [
    ({"rounds": 4, "hands": None}, 5, 20),
    ({"rounds": 4, "hands": None}, 6, 24),
    ({"rounds": None, "hands": 15}, 5, 15),
    ({"rounds": None, "hands": 15}, 6, 15),
])
def test_the_deals_due_are_rounds_times_players_or_the_fixed_hands(
        event: dict[str, int | None], players: int, due: int) -> None:
    class Plan:
        rounds, hands = event["rounds"], event["hands"]
    assert event_progress.deals_due(Plan(), players) == due


@pytest.mark.parametrize(("given", "kept"), [
    ({}, (4, None)),
    ({"rounds": 2}, (2, None)),
    ({"hands": 15}, (None, 15)),
    ({"rounds": None, "hands": 15}, (None, 15)),
])
def test_a_plan_plays_rounds_or_hands(given: dict[str, Any], kept: tuple[Any, Any]) -> None:
    plan = check_plan("Germanfest", **given)
    assert (plan.rounds, plan.hands) == kept


@pytest.mark.parametrize(("given", "field", "said"), [
    ({"rounds": 4, "hands": 15}, "hands", "not both"),
    ({"hands": 0}, "hands", "Hands per session must be a whole number from 1 to 80"),
    ({"hands": 81}, "hands", "from 1 to 80"),
    ({"hands": True}, "hands", "whole number"),
    ({"rounds": 11}, "rounds", "Rounds per session must be a whole number from 1 to 10"),
])
def test_a_plan_refuses_both_and_a_count_out_of_bounds(given: dict[str, Any], field: str,
                                                       said: str) -> None:
    with pytest.raises(ServiceError, match=said) as refused:
        check_plan("Germanfest", **given)
    assert refused.value.field == field


def test_an_event_of_fixed_hands_comes_back_from_its_file(app: Flask) -> None:
    names = [f"Player {n}" for n in range(1, 11)]
    with app.app_context():
        event = _event(names, hands=15)
        drawn = event_draws.draw(event, 1, seed=3)
        _play(drawn.tables[0].night)
        data = export_event(_fresh(event.id))
        assert (data["rounds"], data["hands"]) == (None, 15)
        copy, _ = import_event(data)
        assert (copy.rounds, copy.hands) == (None, 15)
        [first, _other] = event_scores.standings(copy).tables
        assert (first.hands, first.due) == (1, 15)


def test_a_file_from_before_hands_still_imports_with_its_rounds(app: Flask) -> None:
    with app.app_context():
        data = export_event(_event(FIVE, rounds=2))
        del data["hands"]
        copy, _ = import_event(data)
        assert (copy.rounds, copy.hands) == (2, None)
        with pytest.raises(ServiceError, match="not both"):
            import_event({**data, "hands": 15})
