"""The policy's words (:mod:`.policy`): the credentials a request may
prove, the roles a grant is kept with, whose a night is, the stages of a
night and of an event, and what a request does to a night, to its owner and
to an event.  Pure: nothing else is imported."""

from __future__ import annotations

from enum import StrEnum


class Credential(StrEnum):
    """What a request proves, strongest first: the app's own kinds of owner's.
    A kind of owner registered later (:func:`scorekeeper.services.registry.register`)
    names its own as plain words; the policy asks any word alike."""

    DIRECTOR = "director"  #: an event's director or co-director token
    GROUP_EDITOR = "group editor"  #: a group's edit token
    TABLE_EDITOR = "table editor"  #: a night's own edit grant (not a tournament's)
    TABLE_PHONE = "table phone"  #: a tournament table's code, phone or edit_token
    TABLE_VIEW = "table view"  #: a night's share link
    GROUP_VIEW = "group view"  #: a group's share link
    EVENT_VIEW = "event view"  #: an event's public link


class Role(StrEnum):
    """What a grant (a device's or a client's edit token) is kept for,
    whatever it is a grant of: its ``role`` column."""

    KEEPER = "keeper"  #: keeps score: a night's scorekeeper, or whoever runs a group
    PHONE = "phone"  #: a tournament table's phone: scores that table's hands
    DIRECTOR = "director"  #: directs an event


class Whose(StrEnum):
    """Whose a night is: its own, or the word of the kind of owner it belongs
    to (any registered kind's word stands as well)."""

    OWN = "own"  #: a night on its own
    GROUP = "group"  #: one of a group's nights
    EVENT = "event"  #: a table of one session of a tournament


class Stage(StrEnum):
    """Where a night's owner stands."""

    OPEN = "open"
    DONE = "done"  #: a tournament table that played its hands (or the director said so)
    #: A tournament table whose paper ticket stands instead of its hands
    TICKETED = "ticketed"
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
    #: A tournament table's player agrees to (or disputes) its session's result
    SIGN = "sign"


class OwnerAction(StrEnum):
    """What a request does to a group or an event itself."""

    READ_OWNER = "read owner"  #: its public pages
    RUN = "run"  #: a group's pages and changes, an event's director pages
    #: Anyone: starting something, claiming a code, the rulings, or a share
    #: link's own pages (the link in the address is the credential).
    PUBLIC = "public"


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
    #: Its settings after the start: the tie rule (while nothing is played),
    #: whether its tables sign their results
    SETTINGS = "settings"
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
