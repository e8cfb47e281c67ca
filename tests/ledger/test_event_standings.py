"""An event's standings from its rows' facts alone (pure): nothing counts
yet, then a session's points rank the players, a penalty moves them, and
the prizes name their winners."""

from __future__ import annotations

from scorekeeper.ledger.event_standings import Field, entrants, work_out

REGISTERED = ((11, 1, "Ann", True), (12, 2, "Bob", True), (13, 3, "Cat", True),
              (14, 4, "Dan", True), (15, 5, "Eve", True), (16, 6, "Fay", False))
SEATS = {"Eve": (1, 1, 1), "Dan": (1, 1, 2), "Cat": (1, 1, 3), "Bob": (1, 1, 4),
         "Ann": (1, 1, 5)}


def _field(points: dict[tuple[str, int], int], fined: dict[int, int] | None = None,
           scored: frozenset[int] = frozenset()) -> Field:
    return Field(sessions=2, tie_breaks=("total",), entry_cents=2000, places=(60, 40),
                 session_high=0, share=100, registered=REGISTERED, points=points,
                 first_seat=SEATS, fined=fined or {}, scored=scored)


def test_before_any_hand_everyone_ranks_first_in_the_first_draws_order() -> None:
    done = work_out(_field({}))
    assert not done.started
    assert [r.name for r in done.players] == ["Eve", "Dan", "Cat", "Bob", "Ann"]
    assert {r.rank for r in done.players} == {1}
    assert done.prizes == () or all(p.names == () for p in done.prizes)


def test_a_player_not_checked_in_and_never_seated_is_no_entrant() -> None:
    assert [p[2] for p in entrants(_field({}))] == ["Ann", "Bob", "Cat", "Dan", "Eve"]


def test_points_rank_the_players_and_a_penalty_moves_one_down() -> None:
    points = {("Ann", 1): 12, ("Bob", 1): 8, ("Cat", 1): -4, ("Dan", 1): -6,
              ("Eve", 1): -10}
    done = work_out(_field(points, scored=frozenset({1})))
    assert done.started
    assert [r.name for r in done.players] == ["Ann", "Bob", "Cat", "Dan", "Eve"]
    assert done.pot_cents == 5 * 2000
    assert [(p.label, p.names) for p in done.prizes][:2] == [("1st", ("Ann",)),
                                                             ("2nd", ("Bob",))]
    fined = work_out(_field(points, fined={11: 5}, scored=frozenset({1})))
    assert [r.name for r in fined.players][:2] == ["Bob", "Ann"]
    assert done.seats[1] == (1, 1, 5)
