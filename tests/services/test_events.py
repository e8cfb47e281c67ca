"""An event's foundation through its services: registration, draws (each
table an ordinary night), penalties, paper tickets and the standings; every
change raises the event's version once with one history entry."""

from __future__ import annotations

import pytest
from flask import Flask

from scorekeeper.db.models import EVENT, AuditEntry, Event, GameTable, db
from scorekeeper.rules import Hand
from scorekeeper.services import Conflict, ServiceError
from scorekeeper.services.events import draws as event_draws
from scorekeeper.services.events import event as events
from scorekeeper.services.events import penalties as event_penalties
from scorekeeper.services.events import progress as event_progress
from scorekeeper.services.events import scores as event_scores
from scorekeeper.services.nights import hands
from scorekeeper.services.nights.state import TableState

NAMES = [f"Player {n}" for n in range(1, 24)]


def _fresh(event_id: int) -> Event:
    db.session.expire_all()
    return db.session.get_one(Event, event_id)


def _event(count: int = 23, **plan: object) -> Event:
    event, _ = events.create_event("Oktoberfest", "called-ace", entry_cents=2000,
                                   places=[30, 15, 10, 10, 10], session_high=5, **plan)
    if count:
        made = events.register(event, "\n".join(NAMES[:count]), checked_in=True)
        assert [p.number for p in made] == list(range(1, count + 1))
    return _fresh(event.id)


def _night(night_id: int) -> TableState:
    db.session.expire_all()
    return TableState.load(db.session.get_one(GameTable, night_id), cacheable=False)


def _versions(event_id: int) -> list[int]:
    return list(db.session.scalars(db.select(AuditEntry.version)
                                   .where(AuditEntry.of(EVENT, event_id))
                                   .order_by(AuditEntry.version)))


def test_an_event_starts_with_its_rules_frozen_and_a_director_token(app: Flask) -> None:
    with app.app_context():
        event, token = events.create_event("Oktoberfest", "called-ace", sessions=3)
        assert token and event.rounds == 4 and event.share == 90
        assert event.rules["seats"] == 5 and event.version == 0
        with pytest.raises(ServiceError, match="more than the 90% paid out"):
            events.create_event("Too generous", "called-ace", places=[80, 20])


def test_players_get_numbers_that_never_change(app: Flask) -> None:
    with app.app_context():
        event = _event(0)
        [ann] = events.register(event, "Ann, 555-0100")
        more = events.register(_fresh(event.id), ["Bob", "Cat, cat@example.com"])
        assert (ann.number, [p.number for p in more]) == (1, [2, 3])
        event = _fresh(event.id)
        assert [(p.number, p.name, p.contact) for p in event.players] == [
            (1, "Ann", "555-0100"), (2, "Bob", None), (3, "Cat", "cat@example.com")]
        assert "contact" not in events.public(event.players[0])


def test_a_name_taken_or_looking_like_one_is_refused_with_the_whole_list(app: Flask) -> None:
    with app.app_context():
        event = _event(0)
        events.register(event, "Ann")
        with pytest.raises(Conflict, match="looks just like Ann"):
            events.register(_fresh(event.id), ["Dan", "\u0410nn"])  # Cyrillic A
        with pytest.raises(Conflict, match="looks just like Ann"):
            events.register(_fresh(event.id), ["Dan", "\u0410NN"])  # looks like ANN
        with pytest.raises(Conflict, match="registered already"):
            events.register(_fresh(event.id), "ann")
        assert [p.name for p in _fresh(event.id).players] == ["Ann"]


def test_who_is_drawn_follows_check_in_late_arrival_and_withdrawal(app: Flask) -> None:
    with app.app_context():
        event = _event(0)
        events.register(event, NAMES[:11])
        event = _fresh(event.id)
        events.check_in(event, list(range(1, 11)))
        events.register(_fresh(event.id), "Walk In", from_session=2, checked_in=True)
        events.withdraw(_fresh(event.id), 3, after_session=1)
        event = _fresh(event.id)
        one = {p.number for p in event.players if events.plays_in(p, 1)}
        two = {p.number for p in event.players if events.plays_in(p, 2)}
        assert one == set(range(1, 11))
        assert two == (set(range(1, 11)) - {3}) | {12}


def test_a_draw_makes_a_night_per_table_with_stake_zero(app: Flask) -> None:
    with app.app_context():
        event = _event(10)
        drawn = event_draws.draw(event, 1, seed=7)
        assert sorted(n for t in drawn.tables for n in t.numbers) == list(range(1, 11))
        for table in drawn.tables:
            night = db.session.get_one(GameTable, table.night)
            assert night.stake_cents == 0 and night.event_id == event.id
            assert night.rules == event.rules
            assert night.name == f"Session 1 · Table {table.number}"
            assert [p.name for p in night.players] == list(table.players)
            assert table.edit_token and table.code
        again = event_draws.session_tables(_fresh(event.id), 1)
        assert again.tables[0].edit_token is None and again.seed == 7


def test_the_same_seed_draws_the_same_tables_and_replaces_the_old(app: Flask) -> None:
    with app.app_context():
        event = _event(15)
        first = event_draws.draw(event, 1, seed=42)
        again = event_draws.draw(_fresh(event.id), 1, seed=42)
        assert [t.numbers for t in again.tables] == [t.numbers for t in first.tables]
        nights = db.session.scalars(db.select(GameTable.id)
                                    .where(GameTable.event_id == event.id)).all()
        assert sorted(nights) == sorted(t.night for t in again.tables)
        other = event_draws.draw(_fresh(event.id), 1, seed=43)
        assert [t.numbers for t in other.tables] != [t.numbers for t in first.tables]


def test_twenty_three_players_sit_at_tables_of_six_six_six_and_five(app: Flask) -> None:
    with app.app_context():
        drawn = event_draws.draw(_event(23), 1, seed=1)
        assert [len(t.players) for t in drawn.tables] == [6, 6, 6, 5]
        night = db.session.get_one(GameTable, drawn.tables[0].night)
        assert event_progress.hands_due(night) == 24
        assert event_progress.hands_due(db.session.get_one(GameTable,
                                                         drawn.tables[3].night)) == 20


def test_a_swap_before_the_first_hand_moves_two_players(app: Flask) -> None:
    with app.app_context():
        event = _event(10)
        drawn = event_draws.draw(event, 1, seed=3)
        a, b = drawn.tables[0].numbers[0], drawn.tables[1].numbers[0]
        swapped = event_draws.swap(_fresh(event.id), 1, a, b)
        assert swapped.tables[0].numbers[0] == b and swapped.tables[1].numbers[0] == a
        state = _night(drawn.tables[0].night)
        hands.record_hand(state, Hand(picker=state.players[1], partners=(state.players[2],),
                                      points=75))
        with pytest.raises(Conflict, match="has started"):
            event_draws.swap(_fresh(event.id), 1, a, b)
        with pytest.raises(Conflict, match="has started"):
            event_draws.draw(_fresh(event.id), 1, seed=3)


def test_a_hand_at_a_table_raises_the_events_version_with_one_entry(app: Flask) -> None:
    with app.app_context():
        event = _event(10)
        drawn = event_draws.draw(event, 1, seed=5)
        before = _fresh(event.id).version
        state = _night(drawn.tables[0].night)
        hands.record_hand(state, Hand(picker=state.players[0], partners=(state.players[1],),
                                      points=75))
        event = _fresh(event.id)
        assert event.version == before + 1
        assert _versions(event.id) == list(range(1, event.version + 1))
        assert event_scores.standings(event).tables[0].hands == 1


def test_a_penalty_takes_points_off_one_player_only(app: Flask) -> None:
    with app.app_context():
        event = _event(10)
        event_draws.draw(event, 1, seed=5)
        event_penalties.penalty(_fresh(event.id), 4, 1, 4, "Commented while sitting out",
                             by="Director")
        ranked = {r.number: r for r in event_scores.standings(_fresh(event.id)).players}
        assert ranked[4].total == -4 and ranked[4].penalties == 4
        assert sum(r.total for r in ranked.values()) == -4
        with pytest.raises(ServiceError, match="1 to"):
            event_penalties.penalty(_fresh(event.id), 4, 1, 0, "nothing")


def test_a_ticket_must_be_that_tables_and_sum_to_zero(app: Flask) -> None:
    with app.app_context():
        event = _event(10)
        table = event_draws.draw(event, 1, seed=5).tables[0]
        names = list(table.players)
        with pytest.raises(ServiceError, match="add up to zero"):
            event_scores.ticket(_fresh(event.id), 1, 1, dict.fromkeys(names, 1))
        with pytest.raises(ServiceError, match="isn't at table 1"):
            event_scores.ticket(_fresh(event.id), 1, 1, {**dict.fromkeys(names[1:], 0),
                                                         "Nobody": 0})
        event_scores.ticket(_fresh(event.id), 1, 1, {names[0]: 8, names[1]: -8,
                                                    **dict.fromkeys(names[2:], 0)})
        board = event_scores.standings(_fresh(event.id))
        first = board.players[0]
        assert (first.name, first.total) == (names[0], 8)
        assert board.tables[0].done and board.tables[0].hands == board.tables[0].due


def test_the_prizes_add_up_to_the_share_of_the_pot(app: Flask) -> None:
    with app.app_context():
        event = _event(23, sessions=3)
        for session in (1, 2, 3):
            drawn = event_draws.draw(_fresh(event.id), session, seed=session)
            for table in drawn.tables:
                points = [0] * len(table.players)
                points[0], points[1] = 3 * table.number + session, -(3 * table.number + session)
                event_scores.ticket(_fresh(event.id), session, table.number,
                                    dict(zip(table.players, points, strict=True)))
        board = event_scores.standings(_fresh(event.id))
        assert board.pot_cents == 23 * 2000
        assert sum(p.cents for p in board.prizes) == board.pot_cents * 90 // 100
        assert board.house_cents == board.pot_cents - sum(p.cents for p in board.prizes)
        assert len(board.session_highs) == 3 and len(board.players) == 23
        event = _fresh(event.id)
        assert _versions(event.id) == list(range(1, event.version + 1))


def test_filler_seats_play_at_their_tables_but_do_not_rank(app: Flask) -> None:
    with app.app_context():
        event = _event(13, odd="fillers")
        drawn = event_draws.draw(event, 1, seed=4)
        assert [len(t.players) for t in drawn.tables] == [5, 5, 5] and drawn.fillers == 2
        table = next(t for t in drawn.tables if any(n < 0 for n in t.numbers))
        filler = next(name for name, n in zip(table.players, table.numbers, strict=True)
                      if n < 0)
        assert filler.startswith("Filler ")
        others = [name for name in table.players if name != filler]
        event_scores.ticket(_fresh(event.id), 1, table.number,
                            {filler: 40, others[0]: -10, **dict.fromkeys(others[1:], -10)})
        board = event_scores.standings(_fresh(event.id))
        assert len(board.players) == 13 and filler not in {p.name for p in board.players}
        assert board.session_highs[0].points == 0  # the filler's 40 isn't the high
        read = event_draws.session_tables(_fresh(event.id), 1)
        assert read.fillers == 2 and read.tables == tuple(
            t.__class__(t.number, t.players, t.numbers, t.night) for t in drawn.tables)


def test_a_name_a_filler_seat_takes_cannot_be_registered(app: Flask) -> None:
    with app.app_context():
        event = _event(0)
        with pytest.raises(ServiceError, match="what a filler's seat is called"):
            events.register(event, "Ann\nfiller 1")
        assert _fresh(event.id).players == []
