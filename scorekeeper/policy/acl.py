"""Who may do what, declared once, as data.

What a request acts on is a *resource* in a tree of owners, as Pyramid's
resources are: a night belongs to its group or its tournament (or to the
root, a night on its own), and a group and an event belong to the root.
Each kind of resource carries an ACL (:data:`ACLS`): ordered entries that
allow or deny actions to credentials at some of the resource's stages.
:func:`permits` walks the lineage of the resource asked about, night first,
then its owner, then the root, as Pyramid's ``ACLHelper.permits`` walks
``__parent__``: the first entry that names one of the request's
credentials, the action and the resource's stage decides, and an action
that no entry names is refused.  A night's actions, a group's or an event's
own (run it, read it) and an event's writes by its stage (register, draw,
score, finish, reopen...) are entries of the same form in the same table.

A refusal carries the policy in words ("At a tournament table, seating is
the director's") and whether the *stage* refused it (the state of the night
or the event forbids it now: a conflict, 409) or the *credential* did
(nobody holding it may: 403).

Pure: this module imports nothing of the database; which credentials a
request holds is worked out by :mod:`scorekeeper.services.access.credentials`.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from scorekeeper.policy.vocabulary import Action as Action
from scorekeeper.policy.vocabulary import Credential as Credential
from scorekeeper.policy.vocabulary import EventStage as EventStage
from scorekeeper.policy.vocabulary import EventWrite as EventWrite
from scorekeeper.policy.vocabulary import OwnerAction as OwnerAction
from scorekeeper.policy.vocabulary import Role as Role
from scorekeeper.policy.vocabulary import Stage as Stage
from scorekeeper.policy.vocabulary import Whose as Whose
from scorekeeper.policy.vocabulary import event_stage as event_stage

#: The credential a grant proves: its role on the kind of owner it is kept
#: for ("table", "group", "event", as the grants name them), as each kind's
#: entry declares it (:func:`scorekeeper.services.registry.register`).  A
#: role no line names proves nothing.
CREDENTIAL_OF: dict[tuple[str, Role], str] = {}


def credential_of(kind: str, role: str) -> str | None:
    """The credential a grant of ``role`` on an owner of ``kind`` proves."""
    try:
        return CREDENTIAL_OF.get((kind, Role(role)))
    except ValueError:
        return None


HANDS = frozenset({Action.RECORD, Action.EDIT, Action.DELETE})
WRITES = frozenset(Action) - {Action.READ}
EVERYTHING = frozenset(Action)
EDITORS = frozenset({Credential.DIRECTOR, Credential.GROUP_EDITOR, Credential.TABLE_EDITOR,
                     Credential.TABLE_PHONE})
VIEWERS = frozenset({Credential.TABLE_VIEW, Credential.GROUP_VIEW, Credential.EVENT_VIEW})
#: Who another site's page may read the API with, from the browser (CORS,
#: never with cookies, never a write): the share links, and no token at all
#: (the presets; a refusal).  An edit token's answers stay this site's own.
CROSS_ORIGIN_READERS = VIEWERS
#: What another site's page may ask the API to do.
CROSS_ORIGIN_METHODS = ("GET", "HEAD")
#: Whoever asks, whatever they hold (Pyramid's ``Everyone``): an entry naming
#: it speaks to every credential, a registered kind's too.
EVERYONE = "everyone"
ANYONE = frozenset({EVERYONE})


@dataclass(frozen=True)
class Entry:
    """One line of an ACL: ``allow`` (or deny, with ``why``) these actions to
    these credentials when the resource asked about is at one of these
    stages.  ``why`` may name the stage's own reason as ``{stage}``."""

    allow: bool
    who: frozenset[str]
    actions: frozenset[Any]
    stages: frozenset[str] | None = None  #: None: at every stage
    why: str = ""


def allow(who: frozenset[str], actions: frozenset[Any],
          stages: frozenset[Any] | None = None) -> Entry:
    return Entry(True, who, actions, stages)


def deny(who: frozenset[str], actions: frozenset[Any], why: str,
         stages: frozenset[Any] | None = None) -> Entry:
    return Entry(False, who, actions, stages, why)


def one(*items: Any) -> frozenset[Any]:
    """These actions (or credentials, or stages), as an entry names them."""
    return frozenset(items)


DIRECTOR = frozenset({Credential.DIRECTOR})
PHONE = frozenset({Credential.TABLE_PHONE})
KEEPERS = frozenset({Credential.GROUP_EDITOR, Credential.TABLE_EDITOR})
CLOSED = frozenset({Stage.CLOSED})
#: Why a closed night takes no early payment and no new scorekeeper.
SETTLE_INSTEAD = "This table is closed: settle up with everyone instead"
NOTHING_TO_SCORE = "This table is closed: there is nothing left to score"

#: Why a night of no tournament has nothing to sign.
ONLY_TOURNAMENTS_SIGN = "Only a tournament table's players sign its result"
NOT_YET_SIGNED = "This table signs its result once its session is done"

#: Why a finished event refuses every write to it and to its tables.
FINISHED_WORDS = ("The event is finished: its results no longer change "
                  "(the director may reopen it)")


@dataclass(frozen=True)
class Resource:
    """Something a request acts on, in the tree of owners: a night, a group
    or an event (``kind``), where it stands now (``stage``), why that stage
    refuses writes in its own words (``words``, "" for the stage's usual
    ones) and the resource it belongs to (``parent``: a group's or a
    tournament's night has its group or event; a night on its own, a group
    and an event have the root, None)."""

    kind: str
    stage: str = ""
    words: str = ""
    parent: Resource | None = None

    def lineage(self) -> Iterator[Resource]:
        """This resource, then each one it belongs to, up to the root."""
        found: Resource | None = self
        while found is not None:
            yield found
            found = found.parent


NIGHT, GROUP_KIND, EVENT_KIND, ROOT = "night", "group", "event", "root"
#: Where every lineage ends: what holds for every night whoever owns it.
THE_ROOT = Resource(ROOT)

#: What each kind of resource says, as Pyramid's ``__acl__``: a night's
#: entries, then its owner's about its nights (and about itself), then the
#: root's.  The root's are here; a night's, a group's and an event's are
#: declared by their kinds (:mod:`scorekeeper.services.kinds`) and given
#: here as each registers.  :func:`permits` reads them along the lineage of the resource
#: asked about; the first entry that names one of the request's
#: credentials, the action and the stage of that resource decides, and an
#: action that no entry names is refused.
ACLS: dict[str, tuple[Entry, ...]] = {
    ROOT: (
        # A night on its own or a group's: its scorekeeper (or its group's) keeps it.
        deny(KEEPERS, one(Action.PAY_EARLY), SETTLE_INSTEAD, CLOSED),
        deny(ANYONE, one(Action.SIGN), ONLY_TOURNAMENTS_SIGN),
        allow(KEEPERS, EVERYTHING),
    ),
}

#: Refused by no entry: the last word.
NOBODY = "That isn't allowed with this link or device"


@dataclass(frozen=True)
class Decision:
    """What the policy says of one request: ``allowed``, else ``why`` in
    words and whether the resource's ``stage`` refused it (it may be allowed
    again, e.g. after the director reopens a table) or the credential did."""

    allowed: bool
    why: str = ""
    by_stage: bool = False


ALLOWED = Decision(True)


def permits(resource: Resource, principals: Iterable[str], action: Any) -> Decision:
    """The one decision: walk ``resource``'s lineage, reading each one's ACL
    (:data:`ACLS`) in order; the first entry that names one of
    ``principals``, ``action`` and ``resource``'s stage decides.  None: refused.
    A pure function of its arguments, so each answer is worked out once per
    process (a page asks for all its actions on every request)."""
    return _permits(resource, frozenset(principals), action)


def forget_decisions() -> None:
    """Work every answer out afresh (:data:`ACLS` changed: a kind registered)."""
    _permits.cache_clear()
    _stage_decide.cache_clear()
    night_powers.cache_clear()


@functools.lru_cache(maxsize=4096)
def _permits(resource: Resource, held: frozenset[str], action: Any) -> Decision:
    if not held:
        return Decision(False, NOBODY)
    for step in resource.lineage():
        for entry in ACLS.get(step.kind, ()):
            if ((EVERYONE in entry.who or held & entry.who) and action in entry.actions
                    and (entry.stages is None or resource.stage in entry.stages)):
                if entry.allow:
                    return ALLOWED
                words = entry.why.replace(
                    "{stage}", resource.words or STAGE_WORDS.get(resource.stage, ""))
                return Decision(False, words or NOBODY, by_stage=entry.stages is not None)
    return Decision(False, NOBODY)


def owner(kind: str, stage: str = "") -> Resource:
    """An owner of nights (a group, an event: ``kind``, the word of its
    entry in :data:`ACLS`) at ``stage``, in the tree."""
    return Resource(kind, stage, parent=THE_ROOT)


def night(owner_of: str, stage: Stage, stage_words: str = "") -> Resource:
    """A night of ``owner_of`` (:data:`Whose.OWN`, or its owner's kind) at
    ``stage``, in the tree."""
    parent = THE_ROOT if owner_of == Whose.OWN else owner(owner_of)
    return Resource(NIGHT, stage, stage_words, parent)


def decide(credential: str, owner: str, stage: Stage, action: Action,
           stage_words: str = "") -> Decision:
    """What ``credential`` may do to a night of ``owner`` at ``stage``
    (:func:`permits`).  ``stage_words`` is why the stage refuses writes, in
    the night's own words ("Table 4 is done for this session: corrections
    are the director's")."""
    return permits(night(owner, stage, stage_words), {credential}, action)


@functools.lru_cache(maxsize=1024)
def night_powers(owner_of: str, stage: Stage, stage_words: str,
                 principals: frozenset[str]) -> frozenset[Action]:
    """Every action ``principals`` may do to a night of ``owner_of`` at
    ``stage``: what its pages may show (kept per process, as the answers are)."""
    resource = night(owner_of, stage, stage_words)
    return frozenset(a for a in Action if permits(resource, principals, a).allowed)


def stage_decide(owner: str, stage: Stage, action: Action, stage_words: str = "") -> Decision:
    """What the night's stage says of ``action``, whoever asks: allowed when
    some credential the night's lineage names may do it at ``stage``, else
    the stage's own refusal.  The write path asks this again under its lock
    (the credential was asked by the loader, from the same table), so a
    write that the stage stopped meanwhile (the night closed, the event
    finished) is refused in the words the loader would have used."""
    return _stage_decide(night(owner, stage, stage_words), action)


@functools.lru_cache(maxsize=1024)
def _stage_decide(resource: Resource, action: Action) -> Decision:
    named = {c for step in resource.lineage() for entry in ACLS.get(step.kind, ())
             for c in entry.who if c != EVERYONE}
    ordered = [c for c in Credential if c in named] + sorted(named - set(Credential))
    decisions = [permits(resource, {c}, action) for c in ordered]
    if any(d.allowed for d in decisions):
        return ALLOWED
    return next((d for d in decisions if d.by_stage), decisions[0])


#: Where a night waits for its owner's director: played out or standing on its
#: ticket, it is offered no next hand and its players may be asked to sign.
WAITING = frozenset({Stage.DONE, Stage.TICKETED})


def waits(stage: str) -> bool:
    """Whether a night at ``stage`` waits for its director (:data:`WAITING`)."""
    return stage in WAITING


#: Why a stage refuses a write, when the night has no words of its own.
STAGE_WORDS: dict[str, str] = {
    Stage.OPEN: "",
    Stage.DONE: "This table is done for this session: corrections are the director's",
    Stage.TICKETED: ("This table's result is its paper ticket: its hands no longer count. "
                     "Correct the ticket instead (or withdraw it to score the hands)"),
    Stage.FINISHED: FINISHED_WORDS,
    Stage.CLOSED: "This table is closed: the night is over",
}


def owner_permits(credential: str | None, kind: str, action: OwnerAction) -> bool:
    """Whether ``credential`` may do ``action`` to a group or an event (``kind``)."""
    return credential is not None and permits(owner(kind), {credential}, action).allowed


def event_decide(stage: EventStage, write: EventWrite) -> Decision:
    """Whether an event at ``stage`` takes ``write`` from its director
    (:func:`permits`); a refusal is the stage's."""
    return permits(owner(EVENT_KIND, stage), DIRECTOR, write)
