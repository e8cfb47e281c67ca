"""A drawn session names the pairs at its tables who already shared a table
in an earlier session, in the answer to the draw and read back afterwards
(after a swap too, which also keeps the count beside the seed in step), as
the engine works them out from the tables."""

from __future__ import annotations

from itertools import combinations

from flask import Flask

from scorekeeper.db.models import Event, EventSession, db
from scorekeeper.ledger.event_draw import repeated_pair_list, repeated_pairs, swap
from scorekeeper.services.events import draws as event_draws
from scorekeeper.services.events import event as events


def _fresh(event_id: int) -> Event:
    db.session.expire_all()
    return db.session.get_one(Event, event_id)


def test_a_later_session_names_the_pairs_who_meet_again(app: Flask) -> None:
    with app.app_context():
        event, _ = events.create_event("Oktoberfest", "called-ace", sessions=3)
        events.register(event, "\n".join(f"Player {n}" for n in range(1, 24)), checked_in=True)
        first = event_draws.draw(_fresh(event.id), 1, seed=1)
        assert first.met_again == () and first.repeated_pairs == 0
        second = event_draws.draw(_fresh(event.id), 2, seed=2)
        earlier = [[t.numbers for t in first.tables]]
        assert second.met_again == repeated_pair_list([t.numbers for t in second.tables],
                                                      earlier)
        assert second.repeated_pairs == len(second.met_again) == 7
        assert event_draws.session_tables(_fresh(event.id), 2).met_again == second.met_again

        tables = tuple(t.numbers for t in second.tables)
        a, b = next((a, b) for a, b in combinations(range(1, 24), 2)
                    if repeated_pairs(swap(tables, a, b), earlier) > 7)
        swapped = event_draws.swap(_fresh(event.id), 2, a, b)
        assert swapped.met_again == repeated_pair_list([t.numbers for t in swapped.tables],
                                                       earlier)
        assert swapped.repeated_pairs > 7
        row = db.session.scalars(db.select(EventSession).filter_by(event_id=event.id,
                                                                   number=2)).one()
        assert row.repeated_pairs == swapped.repeated_pairs  # as the event's file gives it
