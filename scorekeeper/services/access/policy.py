"""Who may do what, declared once, as data.

A request proves at most one *credential* (the strongest it holds: a
director's token before a group's, a group's before a table's own grant,
any grant before a share link).  What it may do on a night depends on that
credential, on the night's *owner* (a night on its own, a group's night, a
table of a tournament) and on the owner's *stage* (open; the tournament
table done; the tournament finished; the night closed).

:data:`NIGHT_ACL` is an ordered list of entries in the spirit of Pyramid's
``__acl__``: the first entry that names the credential, the owner, the stage
and the action decides, and an action that no entry names is refused.  A
refusal carries the policy in words ("At a tournament table, seating is the
director's") and whether the *stage* refused it (the state of the night
forbids it now: a conflict) or the *credential* did (nobody holding it may).

A group's own pages and an event's own pages are owners of their own:
:data:`OWNER_ACL` says which credential runs them.

Pure: this module imports nothing of the database; who holds which
credential is worked out by :mod:`scorekeeper.services.access`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Credential(StrEnum):
    """What a request proves, strongest first."""

    DIRECTOR = "director"  #: an event's director or co-director token
    GROUP_EDITOR = "group editor"  #: a group's edit token
    TABLE_EDITOR = "table editor"  #: a night's own edit grant (not a tournament's)
    TABLE_PHONE = "table phone"  #: a tournament table's code, phone or edit_token
    TABLE_VIEW = "table view"  #: a night's share link
    GROUP_VIEW = "group view"  #: a group's share link
    EVENT_VIEW = "event view"  #: an event's public link


class Owner(StrEnum):
    """Whose a night is."""

    OWN = "own"  #: a night on its own
    GROUP = "group"  #: one of a group's nights
    EVENT = "event"  #: a table of one session of a tournament


class Stage(StrEnum):
    """Where a night's owner stands."""

    OPEN = "open"
    DONE = "done"  #: a tournament table that played its hands (or has its ticket)
    FINISHED = "finished"  #: the tournament is finished
    CLOSED = "closed"  #: the night is closed


class Action(StrEnum):
    """What a request does to a night."""

    READ = "read"
    RECORD = "record"
    EDIT = "edit"
    DELETE = "delete"
    ROSTER = "roster"  #: join, step out, come back, seat moves
    #: The settle-up and the players' payment handles (still kept once the night is closed)
    PAYMENTS = "payments"
    #: Money paid during the night: a player settling up to leave, a payment
    #: recorded (the end-of-night settle-up counts them; none once it is closed)
    PAY_EARLY = "pay early"
    CLOSE = "close"
    NEW_NIGHT = "new night"
    MAKE_GROUP = "make group"
    SHARE = "share"  #: share links and the devices that edit
    HAND_OVER = "hand over"  #: a one-time code that makes one more phone an editor
    EXPORT = "export"


class OwnerAction(StrEnum):
    """What a request does to a group or an event itself."""

    READ_OWNER = "read owner"  #: its public pages
    RUN = "run"  #: a group's pages and changes, an event's director pages
    #: Anyone: starting something, claiming a code, the rulings, or a share
    #: link's own pages (the link in the address is the credential).
    PUBLIC = "public"


HANDS = frozenset({Action.RECORD, Action.EDIT, Action.DELETE})
WRITES = frozenset(Action) - {Action.READ}
EVERYTHING = frozenset(Action)
EDITORS = frozenset({Credential.DIRECTOR, Credential.GROUP_EDITOR, Credential.TABLE_EDITOR,
                     Credential.TABLE_PHONE})
VIEWERS = frozenset({Credential.TABLE_VIEW, Credential.GROUP_VIEW, Credential.EVENT_VIEW})
ANYONE = EDITORS | VIEWERS
ANY_OWNER = frozenset(Owner)
ANY_STAGE = frozenset(Stage)


@dataclass(frozen=True)
class Entry:
    """One line of an ACL: ``allow`` (or deny, with ``why``) these actions to
    these credentials, on nights of these owners at these stages.  ``why``
    may name the stage's own reason as ``{stage}``."""

    allow: bool
    who: frozenset[Credential]
    actions: frozenset[Action]
    owners: frozenset[Owner] = ANY_OWNER
    stages: frozenset[Stage] = ANY_STAGE
    why: str = ""


def allow(who: frozenset[Credential], actions: frozenset[Action],
          owners: frozenset[Owner] = ANY_OWNER, stages: frozenset[Stage] = ANY_STAGE) -> Entry:
    return Entry(True, who, actions, owners, stages)


def deny(who: frozenset[Credential], actions: frozenset[Action], why: str,
         owners: frozenset[Owner] = ANY_OWNER, stages: frozenset[Stage] = ANY_STAGE) -> Entry:
    return Entry(False, who, actions, owners, stages, why)


def _one(*items: Action) -> frozenset[Action]:
    return frozenset(items)


EVENT = frozenset({Owner.EVENT})
NOT_EVENT = frozenset({Owner.OWN, Owner.GROUP})
DIRECTOR = frozenset({Credential.DIRECTOR})
PHONE = frozenset({Credential.TABLE_PHONE})
KEEPERS = frozenset({Credential.GROUP_EDITOR, Credential.TABLE_EDITOR})

CLOSED = frozenset({Stage.CLOSED})
#: Why a closed night takes no early payment and no new scorekeeper.
SETTLE_INSTEAD = "This table is closed: settle up with everyone instead"
NOTHING_TO_SCORE = "This table is closed: there is nothing left to score"

#: Why a finished event refuses every write to it and to its tables.
FINISHED_WORDS = ("The event is finished: its results no longer change "
                  "(the director may reopen it)")

#: What a night's credentials may do.  Read top to bottom; the first entry
#: that matches decides; nothing matched is refused.
NIGHT_ACL: tuple[Entry, ...] = (
    # A share link reads, whatever the night's owner or stage, and nothing else.
    allow(VIEWERS, _one(Action.READ)),
    deny(VIEWERS, WRITES, "A share link only shows the scores: it can't change them"),
    # Reading is every editor's, at every stage.
    allow(EDITORS, _one(Action.READ)),
    # A finished tournament is frozen; a closed night takes no more hands.
    deny(ANYONE, WRITES, FINISHED_WORDS,
         stages=frozenset({Stage.FINISHED})),
    # A closed night takes no more hands, seats, closing, early payments or scorekeepers.
    deny(ANYONE, HANDS | _one(Action.ROSTER, Action.CLOSE), "{stage}", stages=CLOSED),
    deny(ANYONE, _one(Action.HAND_OVER), NOTHING_TO_SCORE, stages=CLOSED),
    # A tournament table: the director keeps it; its phone scores its own hands.
    deny(ANYONE, _one(Action.PAYMENTS, Action.PAY_EARLY),
         "A tournament table is played for points: it has no stake, money or payments",
         owners=EVENT),
    deny(ANYONE, _one(Action.NEW_NIGHT, Action.MAKE_GROUP),
         "A tournament table belongs to its event: the director draws the next session",
         owners=EVENT),
    allow(DIRECTOR, HANDS | _one(Action.ROSTER, Action.CLOSE, Action.SHARE, Action.HAND_OVER,
                                 Action.EXPORT), owners=EVENT),
    allow(PHONE, HANDS, owners=EVENT, stages=frozenset({Stage.OPEN})),
    deny(PHONE, HANDS, "{stage}", owners=EVENT, stages=frozenset({Stage.DONE})),
    deny(PHONE, _one(Action.ROSTER),
         "At a tournament table, seating and corrections are the director's", owners=EVENT),
    deny(PHONE, _one(Action.CLOSE),
         "At a tournament table, the director closes the table", owners=EVENT),
    deny(PHONE, _one(Action.SHARE, Action.HAND_OVER, Action.EXPORT),
         "At a tournament table, its links, codes and devices are the director's",
         owners=EVENT),
    # A night on its own or a group's: its scorekeeper (or its group's) keeps it.
    deny(KEEPERS, _one(Action.PAY_EARLY), SETTLE_INSTEAD, owners=NOT_EVENT, stages=CLOSED),
    deny(KEEPERS, _one(Action.MAKE_GROUP), "This night is already one of a group's nights",
         owners=frozenset({Owner.GROUP})),
    allow(KEEPERS, EVERYTHING, owners=NOT_EVENT),
)

#: Refused by no entry: the last word.
NOBODY = "That isn't allowed with this link or device"


@dataclass(frozen=True)
class Decision:
    """What the policy says of one request: ``allowed``, else ``why`` in
    words and whether the night's ``stage`` refused it (it may be allowed
    again, e.g. after the director reopens a table) or the credential did."""

    allowed: bool
    why: str = ""
    by_stage: bool = False


ALLOWED = Decision(True)


def decide(credential: Credential, owner: Owner, stage: Stage, action: Action,
           stage_words: str = "") -> Decision:
    """The first entry of :data:`NIGHT_ACL` that matches decides; none: refused.
    ``stage_words`` is why the stage refuses writes, in the night's own words
    ("Table 4 is done for this session: corrections are the director's")."""
    for entry in NIGHT_ACL:
        if (credential in entry.who and action in entry.actions and owner in entry.owners
                and stage in entry.stages):
            if entry.allow:
                return ALLOWED
            words = entry.why.replace("{stage}", stage_words or STAGE_WORDS[stage])
            return Decision(False, words, by_stage=entry.stages != ANY_STAGE)
    return Decision(False, NOBODY)


def stage_decide(owner: Owner, stage: Stage, action: Action, stage_words: str = "") -> Decision:
    """What the night's stage says of ``action``, whoever asks: allowed when
    some editor may do it at ``stage``, else the stage's own refusal.  The
    write path asks this again under its lock (the credential was asked by
    the loader, from the same table), so a write that the stage stopped
    meanwhile (the night closed, the event finished) is refused in the words
    the loader would have used."""
    decisions = [decide(c, owner, stage, action, stage_words) for c in Credential
                 if c in EDITORS]
    if any(d.allowed for d in decisions):
        return ALLOWED
    return next((d for d in decisions if d.by_stage), decisions[0])


def permits(credential: Credential | None, owner: Owner, stage: Stage, action: Action) -> bool:
    """Whether ``credential`` (None: none at all) may do ``action``."""
    return credential is not None and decide(credential, owner, stage, action).allowed


#: Why a stage refuses a write, when the night has no words of its own.
STAGE_WORDS: dict[Stage, str] = {
    Stage.OPEN: "",
    Stage.DONE: "This table is done for this session: corrections are the director's",
    Stage.FINISHED: FINISHED_WORDS,
    Stage.CLOSED: "This table is closed: the night is over",
}

#: Who runs a group's or an event's own pages, and who reads them.
OWNER_ACL: dict[tuple[str, OwnerAction], frozenset[Credential]] = {
    ("group", OwnerAction.RUN): frozenset({Credential.GROUP_EDITOR}),
    ("group", OwnerAction.READ_OWNER): frozenset({Credential.GROUP_EDITOR,
                                                  Credential.GROUP_VIEW}),
    ("event", OwnerAction.RUN): DIRECTOR,
    ("event", OwnerAction.READ_OWNER): frozenset({Credential.DIRECTOR, Credential.EVENT_VIEW}),
}


def owner_permits(credential: Credential | None, kind: str, action: OwnerAction) -> bool:
    """Whether ``credential`` may do ``action`` to a group or an event (``kind``)."""
    return credential is not None and credential in OWNER_ACL.get((kind, action), frozenset())


# --- an event's own writes, by stage ----------------------------------------------

class EventStage(StrEnum):
    """Where an event stands: players registering, sessions drawn and played,
    finished (its results signed and frozen until the director reopens it)."""

    REGISTRATION = "registration"
    SESSIONS = "sessions"
    FINISHED = "finished"


class EventWrite(StrEnum):
    """What a write does to an event itself."""

    REGISTER = "register"  #: register, check in, withdraw
    DRAW = "draw"  #: draw a session, swap two players
    SCORE = "score"  #: penalties, paper tickets, accepting a table's result
    CODES = "codes"  #: table cards and a table's new code
    FINISH = "finish"
    REOPEN = "reopen"
    #: Co-director codes and revoking a device: never frozen, so a lost phone
    #: can always be stopped.
    DIRECTORS = "directors"


def event_stage(finished: bool, drawn: bool) -> EventStage:
    """The stage of an event that is ``finished`` or has a session ``drawn``."""
    if finished:
        return EventStage.FINISHED
    return EventStage.SESSIONS if drawn else EventStage.REGISTRATION


_PLAYING = frozenset({EventStage.REGISTRATION, EventStage.SESSIONS})

#: At which stages each write to an event is taken; any other is refused
#: (a conflict: the stage may change) with :data:`EVENT_STAGE_WORDS`.
EVENT_WRITES: dict[EventWrite, frozenset[EventStage]] = {
    EventWrite.REGISTER: _PLAYING,
    EventWrite.DRAW: _PLAYING,
    EventWrite.SCORE: frozenset({EventStage.SESSIONS}),
    EventWrite.CODES: frozenset({EventStage.SESSIONS}),
    EventWrite.FINISH: frozenset({EventStage.SESSIONS}),
    EventWrite.REOPEN: frozenset({EventStage.FINISHED}),
    EventWrite.DIRECTORS: frozenset(EventStage),
}

NOT_FINISHED_WORDS = "The event isn't finished: there is nothing to reopen"
#: Why a stage refuses a write to the event (a finished event, whatever the write:
#: :data:`FINISHED_WORDS`).
EVENT_STAGE_WORDS: dict[tuple[EventStage, EventWrite], str] = {
    (EventStage.REGISTRATION, EventWrite.SCORE): "No session is drawn yet: draw session 1 first",
    (EventStage.REGISTRATION, EventWrite.CODES): "No session is drawn yet: draw session 1 first",
    (EventStage.REGISTRATION, EventWrite.FINISH): "Nothing to finish: no session is drawn yet",
    (EventStage.SESSIONS, EventWrite.REOPEN): NOT_FINISHED_WORDS,
    (EventStage.REGISTRATION, EventWrite.REOPEN): NOT_FINISHED_WORDS,
}


def event_decide(stage: EventStage, write: EventWrite) -> Decision:
    """Whether an event at ``stage`` takes ``write``; a refusal is the stage's."""
    if stage in EVENT_WRITES[write]:
        return ALLOWED
    words = FINISHED_WORDS if stage is EventStage.FINISHED else EVENT_STAGE_WORDS[stage, write]
    return Decision(False, words, by_stage=True)
