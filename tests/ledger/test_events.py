"""Tests for scorekeeper.ledger.events (and the draw it takes from
event_draw): seat draws, ranking with tie-breaks, session highs and prizes."""

from __future__ import annotations

import statistics
import time
from collections import Counter
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.ledger.event_draw import (
    ODD_WORDS,
    filler_name,
    fillers_needed,
    is_filler,
    is_filler_name,
    seat_number,
)
from scorekeeper.ledger.events import (
    TIE_BREAKS,
    Draw,
    Line,
    Ranked,
    SessionHigh,
    draw,
    ordinal,
    payout,
    plan,
    rank,
    repeated_pairs,
    session_highs,
    swap,
    table_sizes,
    tie_notes,
)

#: Counts from two tables' worth to 1,000 that no mix of tables of ``seats``
#: and ``seats + 1`` seats exactly: more players left over than tables.
NO_SPLIT = {
    3: [],
    4: [11],
    5: [13, 14, 19],
    6: [15, 16, 17, 22, 23, 29],
    7: [17, 18, 19, 20, 25, 26, 27, 33, 34, 41],
}


def seated(result: Draw) -> list[int]:
    return [p for table in result.tables for p in table]


# --- table sizes and who sits out ------------------------------------------------


@pytest.mark.parametrize("seats", sorted(NO_SPLIT))
def test_every_count_splits_into_tables_of_seats_or_one_more_except_the_known_few(
        seats: int) -> None:
    missing = []
    for count in range(2 * seats, 1001):
        sizes = table_sizes(count, seats)
        if sizes is None:
            missing.append(count)
            continue
        assert sum(sizes) == count
        assert set(sizes) <= {seats, seats + 1}
        assert list(sizes) == sorted(sizes, reverse=True)
        assert (len(sizes) + 1) * seats > count  # no more tables, so no fewer of seats + 1
    assert missing == NO_SPLIT[seats]


@pytest.mark.parametrize(("count", "seats", "sizes"), [
    (23, 5, (6, 6, 6, 5)),
    (25, 5, (5, 5, 5, 5, 5)),
    (12, 5, (6, 6)),
    (5, 5, (5,)),
    (6, 5, (6,)),
    (1000, 5, (5,) * 200),
    (4, 5, None),
    (7, 5, None),
    (0, 3, None),
])
def test_table_sizes_use_as_few_tables_with_a_dealer_sitting_out_as_possible(
        count: int, seats: int, sizes: tuple[int, ...] | None) -> None:
    assert table_sizes(count, seats) == sizes


@pytest.mark.parametrize(("count", "seats", "byes"), [
    (13, 5, 1), (14, 5, 2), (19, 5, 1), (11, 4, 1), (41, 7, 1), (20, 7, 4), (9, 5, 3),
])
def test_a_count_that_does_not_split_leaves_the_fewest_players_out(
        count: int, seats: int, byes: int) -> None:
    result = draw(range(1, count + 1), seats, seed=7)
    assert len(result.byes) == byes
    assert sorted(seated(result) + list(result.byes)) == list(range(1, count + 1))
    assert {len(table) for table in result.tables} == {seats + 1}


@pytest.mark.parametrize("seats", sorted(NO_SPLIT))
def test_every_count_to_a_thousand_seats_everyone_but_the_byes(seats: int) -> None:
    for count in range(2 * seats, 1001, 1 if seats == 5 else 7):
        result = draw(range(1, count + 1), seats, seed=count)
        assert sorted(seated(result) + list(result.byes)) == list(range(1, count + 1))
        assert bool(result.byes) == (count in NO_SPLIT[seats])
        assert all(len(table) in (seats, seats + 1) for table in result.tables)


def test_a_player_who_sat_out_before_does_not_sit_out_again_while_another_can() -> None:
    players = range(1, 15)
    earlier: list[tuple[tuple[int, ...], ...]] = []
    out: Counter[int] = Counter()
    for session in range(7):
        result = draw(players, 5, seed=session, earlier=earlier)
        out.update(result.byes)
        earlier.append(result.tables)
    assert sorted(out) == list(players) and set(out.values()) == {1}


def test_byes_are_drawn_at_random_with_the_seed() -> None:
    byes = {draw(range(1, 14), 5, seed=seed).byes for seed in range(20)}
    assert len(byes) > 5 and all(len(b) == 1 for b in byes)


@pytest.mark.parametrize(("count", "seats", "fillers"), [
    (13, 5, 2), (14, 5, 1), (19, 5, 1), (11, 4, 1), (15, 6, 3), (22, 6, 2), (23, 5, 0)])
def test_a_count_that_does_not_split_gets_the_fewest_filler_seats(
        count: int, seats: int, fillers: int) -> None:
    result = draw(range(1, count + 1), seats, seed=3, odd="fillers")
    assert fillers_needed(count, seats) == result.fillers == fillers
    assert result.byes == ()
    assert sorted(p for p in seated(result) if not is_filler(p)) == list(range(1, count + 1))
    assert all(sum(is_filler(p) for p in table) <= 1 for table in result.tables)
    assert {len(t) for t in result.tables} <= {seats, seats + 1}


@pytest.mark.parametrize("seats", sorted(NO_SPLIT))
def test_every_count_to_a_thousand_seats_everyone_with_fillers(seats: int) -> None:
    for count in range(2 * seats, 1001, 7 if seats < 7 else 13):
        result = draw(range(1, count + 1), seats, seed=count, odd="fillers")
        assert len([p for p in seated(result) if not is_filler(p)]) == count
        assert result.fillers < seats


def test_a_filler_seat_is_nobody_to_meet_again() -> None:
    first = draw(range(1, 14), 5, seed=1, odd="fillers")
    assert repeated_pairs([(1, -1), (2, -1)], [first.tables]) == 0
    second = draw(range(1, 14), 5, seed=2, earlier=[first.tables], odd="fillers")
    assert second.repeated_pairs == repeated_pairs(second.tables, [first.tables])


def test_a_fillers_seat_has_a_name_no_entrant_can_take() -> None:
    assert filler_name(-2) == "Filler 2"
    assert is_filler_name("filler 2") and is_filler_name(" Filler 12 ")
    assert not is_filler_name("Filler Fay") and not is_filler_name("Phil 2")
    assert seat_number("Filler 2", {"Ann": 1}) == -2
    assert seat_number("Ann", {"Ann": 1}) == 1
    assert "score 0" in ODD_WORDS["byes"] and "don't rank" in ODD_WORDS["fillers"]


def test_fewer_players_than_one_table_is_refused_in_words() -> None:
    with pytest.raises(ValueError, match="4 players can't fill a 5-handed table"):
        draw([1, 2, 3, 4], 5, seed=1)


def test_an_unknown_answer_to_an_odd_count_is_refused_naming_the_choices() -> None:
    with pytest.raises(ValueError, match="'byes'.*not 'filler'"):
        draw(range(1, 14), 5, seed=1, odd="filler")


def test_a_player_in_the_draw_twice_is_refused() -> None:
    with pytest.raises(ValueError, match="Player 3 is in the draw twice"):
        draw([1, 2, 3, 3, 4, 5], 5, seed=1)


# --- the draw itself ---------------------------------------------------------------


def test_the_same_seed_draws_the_same_tables() -> None:
    first = draw(range(1, 24), 5, seed=2024)
    assert draw(list(reversed(range(1, 24))), 5, seed=2024) == first
    later = draw(range(1, 24), 5, seed=99, earlier=[first.tables])
    assert draw(range(1, 24), 5, seed=99, earlier=[first.tables]) == later
    assert first.seed == 2024 and first.repeated_pairs == 0


def test_different_seeds_draw_different_tables() -> None:
    tables = {draw(range(1, 24), 5, seed=seed).tables for seed in range(30)}
    assert len(tables) == 30


@given(st.sets(st.integers(1, 5_000), min_size=3, max_size=120), st.integers(3, 7),
       st.integers(0, 2**32))
def test_every_player_is_seated_once_or_has_a_bye(
        players: set[int], seats: int, seed: int) -> None:
    if len(players) < seats:
        return
    result = draw(sorted(players), seats, seed)
    assert sorted(seated(result) + list(result.byes)) == sorted(players)
    assert tuple(len(t) for t in result.tables) == table_sizes(len(seated(result)), seats)


def repeats_over_sessions(players: int, seed: int, keep_apart: bool) -> int:
    """Repeated pairs over three sessions, each drawn knowing the earlier ones
    (or not: a plain random draw)."""
    earlier: list[tuple[tuple[int, ...], ...]] = []
    total = 0
    for session in range(3):
        result = draw(range(1, players + 1), 5, seed * 10 + session,
                      earlier if keep_apart else ())
        total += repeated_pairs(result.tables, earlier)
        if keep_apart:
            assert result.repeated_pairs == repeated_pairs(result.tables, earlier)
        earlier.append(result.tables)
    return total


@pytest.mark.parametrize(("players", "at_most"), [(23, 0.6), (200, 0.1)])
def test_later_sessions_meet_far_fewer_old_tablemates_than_a_plain_random_draw(
        players: int, at_most: float) -> None:
    """23 at tables of 6, 6, 6, 5 can't avoid every repeat: in session 2 each
    table of six from session 1 spreads over four tables, so at least two of
    its pairs meet again (seven pairs in all), where a plain draw has ~13."""
    kept = statistics.mean(repeats_over_sessions(players, s, True) for s in range(50))
    plain = statistics.mean(repeats_over_sessions(players, s, False) for s in range(50))
    assert plain > 20
    assert kept <= at_most * plain


def test_the_second_session_of_twenty_three_meets_only_the_unavoidable_seven_pairs() -> None:
    for seed in range(20):
        first = draw(range(1, 24), 5, seed=seed)
        assert draw(range(1, 24), 5, seed=seed + 1, earlier=[first.tables]).repeated_pairs == 7


def test_a_thousand_players_draw_three_sessions_inside_two_seconds() -> None:
    start = time.perf_counter()
    earlier: list[tuple[tuple[int, ...], ...]] = []
    for session in range(3):
        result = draw(range(1, 1001), 5, seed=session, earlier=earlier)
        assert len(seated(result)) == 1000
        earlier.append(result.tables)
    assert time.perf_counter() - start < 2
    assert result.repeated_pairs == 0


def test_a_swap_exchanges_two_players_seats() -> None:
    tables = ((1, 2, 3), (4, 5, 6))
    assert swap(tables, 2, 6) == ((1, 6, 3), (4, 5, 2))
    assert swap(tables, 1, 3) == ((3, 2, 1), (4, 5, 6))
    with pytest.raises(ValueError, match="Player 9 isn't seated"):
        swap(tables, 1, 9)


def test_repeated_pairs_count_each_pair_that_met_before_once() -> None:
    earlier = [((1, 2, 3), (4, 5, 6)), ((1, 2, 4), (3, 5, 6))]
    assert repeated_pairs(((1, 2, 5), (3, 4, 6)), earlier) == 3  # 1-2, 3-6, 4-6
    assert repeated_pairs(((1, 5), (2, 6)), earlier) == 0
    assert repeated_pairs(((1, 2, 3),), ()) == 0


# --- ranking ---------------------------------------------------------------------


def line(number: int, sessions: tuple[int, ...], penalties: int = 0,
         drawn: int | None = None, played: tuple[int, ...] | None = None) -> Line:
    """A player who sat at a table in every session listed (or ``played``)."""
    return Line(number, f"P{number}", sessions, penalties, number if drawn is None else drawn,
                frozenset(range(1, len(sessions) + 1) if played is None else played))


def test_the_total_is_the_sessions_less_penalties_best_first() -> None:
    ranked = rank([line(1, (10, -5, 3)), line(2, (20, 0, 0), penalties=4), line(3, (-9, 1, 1))])
    assert [(r.number, r.total, r.rank) for r in ranked] == [(2, 16, 1), (1, 8, 2), (3, -7, 3)]
    assert ranked[0].sessions == (20, 0, 0) and ranked[0].penalties == 4


@pytest.mark.parametrize(("lines", "order"), [
    # equal totals: the best single session wins
    ([line(1, (10, 10)), line(2, (18, 2))], [2, 1]),
    # equal totals and best session: fewer penalties win
    ([line(1, (20, 4), penalties=4), line(2, (20, 0))], [2, 1]),
    # equal on all of those: the earlier seat in the first draw wins
    ([line(1, (20, 0), drawn=9), line(2, (20, 0), drawn=3)], [2, 1]),
])
def test_ties_are_broken_by_best_session_then_fewer_penalties_then_the_draw(
        lines: list[Line], order: list[int]) -> None:
    ranked = rank(lines)
    assert [r.number for r in ranked] == order
    assert [r.rank for r in ranked] == [1, 2]


def test_players_tied_on_every_tie_break_share_a_rank() -> None:
    lines = [line(1, (30,)), line(2, (20,), drawn=5), line(3, (20,), drawn=5), line(4, (5,))]
    assert [(r.number, r.rank) for r in rank(lines)] == [(1, 1), (2, 2), (3, 2), (4, 4)]
    assert [r.rank for r in rank(lines, ("total",))] == [1, 2, 2, 4]


def test_a_custom_tie_break_order_is_followed() -> None:
    lines = [line(1, (20, 0), penalties=2, drawn=1), line(2, (12, 6), drawn=2)]
    assert [r.number for r in rank(lines, ("total", "best_session"))] == [1, 2]
    assert [r.number for r in rank(lines, ("fewer_penalties", "total"))] == [2, 1]
    assert [r.number for r in rank(lines, ("drawn",))] == [1, 2]


def test_an_unknown_tie_break_is_refused_naming_the_choices() -> None:
    with pytest.raises(ValueError, match="no tie-break 'solos'.*best_session"):
        rank([line(1, (1,))], ("total", "solos"))
    assert TIE_BREAKS == ("total", "best_session", "fewer_penalties", "drawn")


# --- session highs and prizes -----------------------------------------------------


def test_each_sessions_high_score_names_everyone_who_made_it() -> None:
    lines = [line(1, (12, 3, 0)), line(2, (12, 8, 0)), line(3, (-24, 8, 0)), line(4, (0, 0))]
    assert session_highs(lines, (1, 2, 3)) == (
        SessionHigh(1, (1, 2), 12), SessionHigh(2, (2, 3), 8), SessionHigh(3, (1, 2, 3), 0))
    assert session_highs([line(1, (5,))], (1,)) == (SessionHigh(1, (1,), 5),)


def test_a_session_without_a_result_has_no_high() -> None:
    # Session 2 is drawn but nobody has a hand or a ticket in it: no high, no prize.
    lines = [line(1, (12, 0)), line(2, (3, 0))]
    assert session_highs(lines, (1,)) == (SessionHigh(1, (1,), 12),)
    assert session_highs(lines, ()) == ()


def test_only_players_who_sat_in_a_session_can_make_its_high() -> None:
    # #3 withdrew after session 1 (0 in session 2), #4 had a bye in session 1:
    # everyone at a table in session 2 lost points, so its high is a loss.
    lines = [line(1, (5, -3)), line(2, (-5, -2)), line(3, (0, 0), played=(1,)),
             line(4, (0, 5), played=(2,))]
    assert session_highs(lines, (1, 2)) == (SessionHigh(1, (1,), 5), SessionHigh(2, (4,), 5))
    lines[3] = line(4, (0, -5), played=(2,))
    assert session_highs(lines, (1, 2)) == (SessionHigh(1, (1,), 5), SessionHigh(2, (2,), -2))


KOHLER: dict[str, Any] = {
    "fee_cents": 2500, "places": (30, 15, 10, 10, 10), "session_high": 5, "share": 90}


def kohler_field(tied: dict[int, int] | None = None,
                 ) -> tuple[tuple[Ranked, ...], tuple[SessionHigh, ...]]:
    """23 players ranked 1..23 (``tied``: number → shared rank) and three
    session highs, the third shared by two players."""
    lines = [line(n, (100 - n, 0, 0)) for n in range(1, 24)]
    ranked = rank(lines)
    if tied:
        ranked = tuple(replace(r, rank=tied.get(r.number, r.rank)) for r in ranked)
    highs = (SessionHigh(1, (1,), 40), SessionHigh(2, (7,), 31), SessionHigh(3, (4, 9), 28))
    return ranked, highs


def test_the_kohler_falls_plan_pays_whole_dollars_and_the_house_keeps_the_rest() -> None:
    ranked, highs = kohler_field()
    result = payout(23, ranked=ranked, highs=highs, **KOHLER)
    # pot $575: 30% = $172.50 → $172; 15% = $86.25 → $86; 10% = $57.50 → $57;
    # 5% = $28.75 → $28 (the shared third high: $14.37 each → $14 each)
    assert result.pot_cents == 57_500
    assert [(p.label, p.numbers, p.cents) for p in result.prizes] == [
        ("1st", (1,), 17_200), ("2nd", (2,), 8_600), ("3rd", (3,), 5_700),
        ("4th", (4,), 5_700), ("5th", (5,), 5_700),
        ("Session 1 high", (1,), 2_800), ("Session 2 high", (7,), 2_800),
        ("Session 3 high", (4, 9), 2_800),
    ]
    # paid $429 + $84 = $513 of the $517.50 won: rounding leaves $4.50, and
    # the house keeps its 10%, $57.50, on a line of its own
    assert result.rounding_cents == 450
    assert result.house_cents == 5_750
    assert (sum(p.cents for p in result.prizes) + result.rounding_cents + result.house_cents
            == result.pot_cents)


def test_the_plan_says_what_each_prize_pays_before_anyone_wins_it() -> None:
    planned = plan(23, KOHLER["fee_cents"], KOHLER["places"], KOHLER["session_high"], 3)
    assert [(z.label, z.percent, z.cents) for z in planned.prizes] == [
        ("1st", 30, 17_200), ("2nd", 15, 8_600), ("3rd", 10, 5_700), ("4th", 10, 5_700),
        ("5th", 10, 5_700), ("Session 1 high", 5, 2_800), ("Session 2 high", 5, 2_800),
        ("Session 3 high", 5, 2_800)]
    assert (planned.pot_cents, planned.rounding_cents, planned.house_cents) == (
        57_500, 50 + 25 + 3 * 50 + 3 * 75, 5_750)


def test_players_tied_for_a_place_split_it_and_the_places_they_cover() -> None:
    ranked, highs = kohler_field(tied={3: 2})
    prizes = payout(23, ranked=ranked, highs=(), **{**KOHLER, "session_high": 0}).prizes
    # 2nd and 3rd: $86.25 + $57.50 = $143.75, $71.87 each → $71 each
    assert (prizes[1].label, prizes[1].numbers, prizes[1].cents, prizes[1].each) == (
        "2nd (tie)", (2, 3), 14_200, 7_100)
    assert [p.label for p in prizes] == ["1st", "2nd (tie)", "4th", "5th"]


def test_a_tie_past_the_last_paid_place_shares_only_the_places_paid() -> None:
    ranked, _ = kohler_field(tied={6: 5, 7: 5})
    prizes = payout(23, ranked=ranked, highs=(), **{**KOHLER, "session_high": 0}).prizes
    # $57.50 / 3 → $19 each
    assert (prizes[-1].label, prizes[-1].numbers, prizes[-1].cents) == (
        "5th (tie)", (5, 6, 7), 5_700)


def test_prizes_adding_up_to_more_than_the_share_paid_are_refused_in_words() -> None:
    ranked, highs = kohler_field()
    with pytest.raises(ValueError, match=r"95% of the pot .* more than the 90% paid out"):
        payout(23, ranked=ranked, highs=highs, **{**KOHLER, "places": (35, 15, 10, 10, 10)})


@given(st.integers(0, 400), st.integers(0, 10_000),
       st.lists(st.integers(0, 40), max_size=8), st.integers(0, 10), st.integers(0, 5),
       st.lists(st.integers(1, 30), min_size=1, max_size=40))
def test_a_payout_adds_up_to_the_pot_in_whole_dollars(
        entries: int, fee: int, places: list[int], high: int, sessions: int,
        ranks: list[int]) -> None:
    places = places if sum(places) + high * sessions <= 100 else []
    high = high if high * sessions <= 100 else 0
    ranked = rank([line(n, (r,), drawn=0) for n, r in enumerate(ranks, 1)], ("total",))
    highs = tuple(SessionHigh(s, (1, 2)[: s % 2 + 1], 5) for s in range(1, sessions + 1))
    result = payout(entries, fee, places, high, 100, ranked, highs)
    assert result.pot_cents == entries * fee
    assert (sum(p.cents for p in result.prizes) + result.rounding_cents + result.house_cents
            == result.pot_cents)
    assert result.house_cents >= 0 and 0 <= result.rounding_cents
    assert all(p.each % 100 == 0 and p.each * len(p.numbers) == p.cents for p in result.prizes)


@pytest.mark.parametrize(("n", "words"), [
    (1, "1st"), (2, "2nd"), (3, "3rd"), (4, "4th"), (11, "11th"), (12, "12th"),
    (13, "13th"), (21, "21st"), (22, "22nd"), (101, "101st"), (111, "111th"),
])
def test_places_read_as_ordinals(n: int, words: str) -> None:
    assert ordinal(n) == words


def test_the_best_session_counts_only_sessions_played() -> None:
    # both total -8: A's best is -3; B's only session was -8 (a missed session is no 0)
    a = line(1, (-5, -3), drawn=2)
    b = line(2, (-8, 0), drawn=1, played=(1,))
    assert [r.number for r in rank([a, b])] == [1, 2]
    assert [r.rank for r in rank([a, b])] == [1, 2]


def test_the_last_sessions_score_breaks_a_tie_and_says_so() -> None:
    lines = [line(1, (17, 6), drawn=1), line(2, (12, 11), drawn=2), line(3, (5, 18), drawn=3)]
    ranked = rank(lines, ("total", "last_session"))
    assert [(r.number, r.rank) for r in ranked] == [(3, 1), (2, 2), (1, 3)]
    notes = tie_notes(lines, ranked, ("total", "last_session"))
    assert notes[0].endswith("the last session 18 against 11")
