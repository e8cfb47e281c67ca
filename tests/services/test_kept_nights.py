"""Kept nights are the nights the rows replay to.  Any sequence of adds,
inserts, edits and deletes (with doublers pending, so what a replay carries
from hand to hand matters) leaves the night kept in memory equal to a
replay of the stored rows, and a process that kept any older version and
catches up from the audit log gets the same night."""

from __future__ import annotations

from flask import Flask
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.db.models import GameTable, db
from scorekeeper.rules import Hand
from scorekeeper.services.nights import hands as hand_service
from scorekeeper.services.nights import kept as nights
from scorekeeper.services.nights.state import TableState
from scorekeeper.services.nights.tables import create_table
from tests.conftest import PLAYERS

OPTIONS = {"nobody_picks": "no-pick", "doublers": "extend", "round_of_doubles": True}


@st.composite
def hands(draw: st.DrawFn) -> Hand:
    if draw(st.integers(0, 5)) == 0:
        return Hand(kind="no-pick")
    picker = draw(st.sampled_from(PLAYERS))
    partner = draw(st.sampled_from([p for p in PLAYERS if p != picker]))
    points = draw(st.sampled_from([0, 29, 30, 31, 60, 61, 90, 91, 120]))
    return Hand(picker=picker, partners=(partner,), points=points,
                tricks="all" if points == 120 else "some",
                king_of_diamonds_cut=draw(st.integers(0, 7)) == 0)


changes = st.lists(st.tuples(st.sampled_from(["add", "add", "insert", "edit", "delete"]),
                             st.integers(0, 1000), hands()), min_size=1, max_size=14)


def state_of(table_id: int) -> TableState:
    table = db.session.get(GameTable, table_id)
    assert table is not None
    return TableState.load(table)


def read(state: TableState) -> nights.Kept:
    return nights.read(state.table.id, state.rules, state.players, state.version)


@settings(max_examples=25)
@given(changes)
def test_kept_and_caught_up_nights_are_the_replay_of_the_rows(
        app: Flask, steps: list[tuple[str, int, Hand]]) -> None:
    with app.app_context():
        table, _ = create_table("Kept", PLAYERS, "called-ace", OPTIONS)
        table_id, token = table.id, table.view_token
        older: list[nights.Kept] = []
        for action, at, hand in steps:
            count = len(state_of(table_id).hand_ids)
            if action == "add" or count == 0:
                hand_service.record_hand(state_of(table_id), hand)
            elif action == "insert":
                hand_service.record_hand(state_of(table_id), hand, before=at % count + 1)
            elif action == "edit":
                hand_service.replace_hand(state_of(table_id), at % count + 1, hand)
            else:
                hand_service.delete_hand(state_of(table_id), at % count + 1)
            now = state_of(table_id)
            kept = nights.NIGHTS.get(token)
            assert kept is not None and kept.version == now.version
            fresh = read(now)
            assert kept.night.results == fresh.night.results
            assert kept.night.pending == fresh.night.pending
            assert [r.carry for r in kept.night.results] == \
                [r.carry for r in fresh.night.results]
            assert kept.hand_ids == fresh.hand_ids
            older.append(kept)
        final = state_of(table_id)
        fresh = read(final)
        for earlier in older:
            # every change in between is a hand's: the audit log says enough to catch up
            assert nights.catch_up(earlier, table_id, final.rules, final.players,
                                   final.version) is not None
            nights.NIGHTS.clear()
            nights.NIGHTS.put(token, earlier)
            caught_up = state_of(table_id).kept
            assert caught_up.version == final.version
            assert caught_up.night.results == fresh.night.results
            assert caught_up.hand_ids == fresh.hand_ids
        db.session.rollback()
