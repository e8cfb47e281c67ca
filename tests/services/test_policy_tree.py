"""The policy as a tree of resources (scorekeeper/policy/acl.py): one
``permits`` walks a night's lineage, each kind's ACL is read in order, the
first entry that names a credential, the action and the stage decides, and
a new kind of owner is one more ACL in the table."""

from __future__ import annotations

import pytest

from scorekeeper.policy import acl as policy
from scorekeeper.policy.acl import (
    ACLS,
    Action,
    Credential,
    EventStage,
    EventWrite,
    OwnerAction,
    Resource,
    Stage,
    Whose,
    allow,
    deny,
    permits,
)


def test_a_nights_lineage_is_the_night_its_owner_and_the_root() -> None:
    kinds = [r.kind for r in policy.night(Whose.EVENT, Stage.OPEN).lineage()]
    assert kinds == ["night", "event", "root"]
    assert [r.kind for r in policy.night(Whose.OWN, Stage.OPEN).lineage()] == ["night", "root"]


def test_the_owners_entries_decide_what_the_nights_leave_open() -> None:
    done = policy.night(Whose.EVENT, Stage.DONE, "Table 4 is done for this session")
    refused = permits(done, {Credential.TABLE_PHONE}, Action.RECORD)
    assert not refused.allowed and refused.by_stage
    assert refused.why == "Table 4 is done for this session"
    assert permits(done, {Credential.DIRECTOR}, Action.RECORD).allowed


def test_a_request_holding_several_credentials_is_allowed_by_the_first_entry_naming_one() -> None:
    done = policy.night(Whose.EVENT, Stage.DONE)
    assert permits(done, {Credential.TABLE_PHONE, Credential.DIRECTOR}, Action.EDIT).allowed


def test_what_no_entry_names_is_refused_by_nobody() -> None:
    nothing = permits(Resource("nowhere"), {Credential.DIRECTOR}, Action.READ)
    assert nothing == policy.Decision(False, policy.NOBODY)
    # a group's editor on an event's night: the event names nobody else
    stray = permits(policy.night(Whose.EVENT, Stage.OPEN), {Credential.GROUP_EDITOR},
                    Action.RECORD)
    assert not stray.allowed and not stray.by_stage


def test_an_events_own_actions_and_writes_are_entries_of_the_same_table() -> None:
    event = policy.owner("event", EventStage.FINISHED)
    assert permits(event, {Credential.DIRECTOR}, OwnerAction.RUN).allowed
    assert not permits(event, {Credential.EVENT_VIEW}, OwnerAction.RUN).allowed
    assert permits(event, {Credential.DIRECTOR}, EventWrite.REOPEN).allowed
    frozen = permits(event, {Credential.DIRECTOR}, EventWrite.DRAW)
    assert frozen.why == policy.FINISHED_WORDS and frozen.by_stage
    assert [w for w in EventWrite if policy.event_decide(EventStage.REGISTRATION, w).allowed] \
        == [EventWrite.REGISTER, EventWrite.SETTINGS, EventWrite.DRAW, EventWrite.DIRECTORS]


def test_a_new_kind_of_owner_is_one_more_acl(monkeypatch: pytest.MonkeyPatch) -> None:
    """A league's match night, say: its nights take hands from the league's
    organiser (a director's credential here) until the match is signed."""
    signed = frozenset({Stage.DONE})
    policy.forget_decisions()  # answers are kept per process; the table changes here
    monkeypatch.setitem(ACLS, "league", (
        deny(policy.DIRECTOR, policy.HANDS, "The match is signed", signed),
        allow(policy.DIRECTOR, policy.HANDS | frozenset({Action.ROSTER})),
    ))
    league = Resource("league", parent=policy.THE_ROOT)
    match_night = Resource("night", Stage.OPEN, parent=league)
    assert permits(match_night, {Credential.DIRECTOR}, Action.RECORD).allowed
    assert permits(match_night, {Credential.TABLE_VIEW}, Action.READ).allowed
    after = permits(Resource("night", Stage.DONE, parent=league), {Credential.DIRECTOR},
                    Action.RECORD)
    assert (after.allowed, after.why, after.by_stage) == (False, "The match is signed", True)
    # the root's entries still hold for what the league doesn't name
    assert permits(match_night, {Credential.TABLE_EDITOR}, Action.SHARE).allowed
    policy.forget_decisions()
