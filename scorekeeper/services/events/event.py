"""Events (tournaments): starting one, finding it, finishing it, and its
players: registration (one or a pasted list), check-in, a late arrival,
withdrawal.  Its settings are checked by :mod:`scorekeeper.services.events.plan`.
Its director grants and co-director codes are
:mod:`scorekeeper.services.grants.grants`' (``EVENT``); its seat draws
:mod:`scorekeeper.services.events.draws`; its penalties, paper tickets and
standings :mod:`scorekeeper.services.events.scores`.

Every change raises the event's version once and writes its one history
entry (:mod:`scorekeeper.services.writes`), and commits once.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import select

from scorekeeper.db.models import EVENT, Event, EventPlayer, EventTable, Player, db, new_owner
from scorekeeper.ledger.event_draw import is_filler_name
from scorekeeper.limits import EVENT_CONTACT, MAX_EVENT_LIST, MAX_EVENT_PLAYERS, PLAYER_NAME
from scorekeeper.name_match import asked_number, listed, match_players
from scorekeeper.names import (
    LookAlikes,
    NameError_,
    Namesakes,
    clean_name,
    looks_like,
    name_key,
)
from scorekeeper.policy.acl import EventWrite
from scorekeeper.rules import Rules
from scorekeeper.services import Code, Conflict, NotFound, ServiceError, checks, writes
from scorekeeper.services.events import leaving
from scorekeeper.services.events.plan import Plan, check_plan, chosen_pots, count
from scorekeeper.services.grants import grants
from scorekeeper.services.made_on import as_shown
from scorekeeper.services.once import Once, earlier, made

# --- starting an event and finding it ---------------------------------------------

def get_event(event_id: int) -> Event:
    """The event, or NotFound."""
    event: Event = grants.get(grants.EVENT, event_id)
    return event


def event_by_view_token(token: str) -> Event:
    """The event its share link (view token) points to, or NotFound."""
    event: Event = grants.by_view_token(grants.EVENT, token)
    return event


def build_event(plan: Plan, preset: str, rules: Rules, label: str) -> tuple[Event, str]:
    """A new event row with a fresh view token and a director's grant, added
    to the session but not committed; returns it and the director's token."""
    token = grants.new_token()
    event = Event(name=plan.name, played_on=plan.played_on, preset=preset,
                  rules=rules.to_dict(), sessions=plan.sessions, rounds=plan.rounds,
                  hands=plan.hands, entry_cents=plan.entry_cents, places=plan.places,
                  session_high=plan.session_high, share=plan.share,
                  tie_breaks=plan.tie_breaks, odd=plan.odd, signatures=plan.signatures,
                  prize_plan=plan.prize_plan,
                  owner=new_owner(EVENT, grants.new_token()))
    db.session.add(event)
    db.session.flush()
    db.session.add(grants.EVENT.grant(event, token, label[:80]))
    return event, token


def create_event(name: object, preset: object, options: object = None, *,
                 label: str = "Director", once: Once | None = None, **plan: Any
                 ) -> tuple[Event, str | None]:
    """Start an event with its rules checked as a table's and frozen, and its
    settings (:func:`check_plan`); returns it and the director's token (a
    request already carried out, ``once``: the event it made, and no token)."""
    checked = check_plan(name, **plan)
    preset, rules, _ = checks.checked_rules(preset, options)
    with writes.unit(once) as work:
        before = made(earlier(once), Event)
        if before is not None:
            return before, None
        event, token = build_event(checked, preset, rules, label)
        work.remember(event, 201)
    twin = made(work.twin, Event)
    return (twin, None) if twin is not None else (event, token)


# --- players -----------------------------------------------------------------------

def clean_entry(name: str, contact: str | None, field: str = "players"
                ) -> tuple[str, str | None]:
    """A player's name and contact as an event keeps them, or why not."""
    contact = " ".join((contact or "").split())
    if len(contact) > EVENT_CONTACT:
        raise ServiceError(f"Keep a contact to {EVENT_CONTACT} characters", field)
    if contact:
        checks.free_text(contact, "A contact", field)
    try:
        kept = clean_name(name, f"A player's name ({name[:PLAYER_NAME]!r})")
    except NameError_ as error:
        raise ServiceError(str(error), field) from None
    if len(kept) > PLAYER_NAME:
        raise ServiceError(f"Keep names to {PLAYER_NAME} characters", field)
    if is_filler_name(kept):
        raise ServiceError(f"{kept} is what a filler's seat is called: add a name or "
                           "an initial", field)
    return kept, contact or None


def _entry(line: str) -> tuple[str, str | None]:
    """"Name" or "Name, contact"."""
    name, _, contact = line.partition(",")
    return clean_entry(name, contact)


def _entries(entries: str | Sequence[str]) -> list[tuple[str, str | None]]:
    if isinstance(entries, str):
        if len(entries) > MAX_EVENT_LIST:
            raise ServiceError(f"Paste at most {MAX_EVENT_LIST:,} characters at once",
                               "players")
        entries = entries.splitlines()
    if not isinstance(entries, (list, tuple)) or not all(isinstance(e, str) for e in entries):
        raise ServiceError("players must be a name or a list of names", "players")
    found = [_entry(e) for e in entries if e.strip()]
    if not found:
        raise ServiceError("Give at least one player's name", "players")
    return found


class LikelySame(Conflict):
    """New names that may be registered players' (or each other's) under
    another spelling: nobody registered until the director says they are
    different players (``same_name_ok``)."""

    code = Code.SAME_NAME

    def __init__(self, pairs: Sequence[tuple[str, str]]) -> None:
        said = "; ".join(f"{new} looks like {old}" for new, old in pairs)
        super().__init__(f"{said}: the same {'person' if len(pairs) == 1 else 'people'}?",
                         "same_name_ok")
        self.pairs = tuple(pairs)


def register(event: Event, entries: str | Sequence[str], *, from_session: int = 1,
             checked_in: bool = False, same_name_ok: bool = False, by: str | None = None,
             once: Once | None = None, seen: int | None = None,
             side_pots: Sequence[str] = ()) -> list[EventPlayer]:
    """Register one player or many ("Name" or "Name, contact", one a line or
    one an item): each gets the next number, which never changes.  A walk-in
    or a late arrival plays from ``from_session`` on.  A name taken (however
    it is typed) or one that looks just like another is refused; one that
    may be a registered player's under another spelling (accents, spaces,
    look-alike letters) is :class:`LikelySame` unless ``same_name_ok``; and
    then nobody of the list is registered.  ``once`` makes a repeat (an API
    retry, a double-tapped form) answer the players its first time
    registered; ``seen`` (the version an If-Match names) refuses a stale
    write.  Each is in the prize plan's ``side_pots`` named."""
    found = _entries(entries)
    count(from_session, "from_session", 1, event.sessions, "The first session")
    pots = chosen_pots(event, side_pots)
    with writes.unit(once) as work:
        writes.begin_event(event.id, EventWrite.REGISTER, seen=seen)
        first = earlier(once)
        if first is not None:
            work.cancel()
            return [player(event, p["number"]) for p in first.response["players"]]
        players = list(event.players)
        if len(players) + len(found) > MAX_EVENT_PLAYERS:
            raise ServiceError(f"An event takes at most {MAX_EVENT_PLAYERS:,} players",
                               "players")
        made = _numbered(players, found, checked_in, from_session, same_name_ok)
        for p in made:
            p.side_pots = list(pots) or None
        event.players.extend(made)
        writes.audit_event(event.id, "register", _registered(made), by)
        work.remember(event, 201, {"players": [public(p) for p in made]})
    return made


def _numbered(players: Sequence[EventPlayer], found: Sequence[tuple[str, str | None]],
              checked_in: bool, from_session: int, same_name_ok: bool = False
              ) -> list[EventPlayer]:
    """The new players, each with the next number; a name taken (however it
    is typed) or one that looks just like another refuses them all, and so
    do names that may be the same person's (:class:`LikelySame`, every pair
    named) unless ``same_name_ok``."""
    names = {name_key(p.name): p.name for p in players}
    looks = LookAlikes()
    for p in players:
        looks.add(p.name)
    number = max((p.number for p in players), default=0)
    made = []
    for name, contact in found:
        taken = names.get(name_key(name))
        twin = looks.twin(name)
        if taken is not None or twin is not None:
            raise Conflict(f"{name} is registered already: add an initial" if taken else
                           looks_like(name, twin or ""), "players")
        number += 1
        names[name_key(name)] = name
        looks.add(name)
        made.append(EventPlayer(number=number, name=name, contact=contact,
                                checked_in=checked_in, from_session=from_session))
    pairs = _namesakes(players, made)
    if pairs and not same_name_ok:
        raise LikelySame(pairs)
    return made


def _namesakes(players: Sequence[EventPlayer], made: Sequence[EventPlayer]
               ) -> list[tuple[str, str]]:
    """Each new name beside the registered player ("#7 José Álvarez") or the
    name earlier in the list it may be the same person as."""
    met = Namesakes()
    for p in players:
        met.add(p.name, f"#{p.number} {p.name}")
    pairs = []
    for p in made:
        twin = met.twin(p.name)
        if twin is not None:
            pairs.append((p.name, twin))
        met.add(p.name, f"{p.name} (also in this list)")
    return pairs


def _registered(made: Sequence[EventPlayer]) -> str:
    if len(made) == 1:
        return f"Registered #{made[0].number} {made[0].name}"
    return f"Registered {len(made)} players (#{made[0].number} to #{made[-1].number})"


def player(event: Event, number: object) -> EventPlayer:
    """The event's player ``number``, or NotFound."""
    found = next((p for p in event.players if p.number == number), None)
    if found is None:
        raise NotFound(f"No player #{number} in this event")
    return found


def find_player(event: Event, asked: str | int, field: str = "player") -> EventPlayer:
    """The event's player a director typed: his number (``7``, ``#7``), his
    whole name however it is typed, or the start of his words ("schmidt",
    "Tom", "alv"; :mod:`scorekeeper.name_match`).  NotFound for nobody, and
    a ServiceError naming every candidate when several fit: never a guess."""
    text = str(asked) if isinstance(asked, int) and not isinstance(asked, bool) else asked
    if not isinstance(text, str) or not text.strip():
        raise ServiceError("Give the player's name or number", field)
    found = match_players(text, [(p.number, p.name) for p in event.players])
    shown = " ".join(text.split())[:PLAYER_NAME]
    if not found:
        number = asked_number(text)
        raise NotFound(f"No player #{number} in this event" if number is not None else
                       f"No player called {shown} in this event", field)
    if len(found) > 1:
        raise ServiceError(f"{shown} matches {listed(found)}: give the number", field)
    return player(event, found[0][0])


def check_in(event: Event, numbers: Sequence[int], here: bool = True,
             by: str | None = None, once: Once | None = None,
             seen: int | None = None, shown: int | None = None) -> list[EventPlayer]:
    """Mark these players here (paid, ready to be drawn), or not here.  A
    player seated at a drawn table stays there (:func:`_leaves_no_seat`), and
    a list that is all as asked already changes nothing and is refused.  A
    page's form for one player names his version it showed (``shown``:
    :func:`as_shown`)."""
    with writes.unit(once) as work:
        writes.begin_event(event.id, EventWrite.REGISTER, seen=seen)
        found = [player(event, n) for n in numbers]
        for p in found:
            player_as_shown(p, shown)
        said = ", ".join(f"#{p.number}" for p in found)
        if all(p.checked_in == here for p in found):
            raise Conflict(f"{said} {'is' if len(found) == 1 else 'are'} "
                           f"{'checked in' if here else 'not here'} already: nothing to change",
                           "here", code=Code.UNCHANGED)
        for p in found:
            p.checked_in = here
            p.version += 1
            _leaves_no_seat(event, p, "here")
        writes.audit_event(event.id, "check-in",
                           f"{'Checked in' if here else 'Not here'}: {said}", by)
        work.remember(event, 200, {"players": [player_status(p) for p in found]})
    return found


def withdraw(event: Event, number: int, after_session: int, by: str | None = None,
             once: Once | None = None, seen: int | None = None,
             shown: int | None = None, now: object = False) -> tuple[EventPlayer, str]:
    """The player plays no session after ``after_session`` (0: none at all);
    their results so far are kept.  A session he is seated in at a drawn
    table he keeps (:func:`_leaves_no_seat`), unless he leaves ``now``: then
    he is dealt out at his table of ``after_session`` from the next hand
    (:func:`scorekeeper.services.events.leaving.leave_now`).  A page's form
    names his version it showed (``shown``).  Returns him and what was done,
    in words."""
    count(after_session, "after", 0, event.sessions, "The last session played")
    if not isinstance(now, bool):
        raise ServiceError("now must be true (he leaves his table from the next hand) or "
                           "false", "now")
    with writes.unit(once) as work:
        writes.begin_event(event.id, EventWrite.REGISTER, seen=seen)
        found = player(event, number)
        player_as_shown(found, shown)
        if found.withdrawn_after == after_session:
            raise Conflict(f"#{found.number} {found.name} is withdrawn after session "
                           f"{after_session} already: nothing to change", "after",
                           code=Code.UNCHANGED)
        found.withdrawn_after = after_session
        found.version += 1
        _leaves_no_seat(event, found, "after")
        seat = leaving.seat_to_leave(event, found, after_session) if now and after_session \
            else None
        said = (f"#{found.number} {found.name} withdrew after session {after_session}"
                + (seat.words if seat else ""))
        writes.audit_event(event.id, "withdraw", said, by)
        if seat is not None:
            said += ". " + seat.leave()
        work.remember(event, 200, {"players": [player_status(found)], "said": said})
    return found, said


def _leaves_no_seat(event: Event, p: EventPlayer, field: str) -> None:
    """Refuse a change that would take ``p`` out of a session he is seated
    in at a drawn table: he would stay in its seats, deal and be counted in
    the pot while the list says he doesn't play.  The refusal says what
    does take him out: drawing that session again before it starts, or
    withdrawing him after it (his results so far count)."""
    seats = db.session.execute(
        select(EventTable.session, EventTable.number)
        .join(Player, Player.table_id == EventTable.night_id)
        .where(EventTable.event_id == event.id, Player.name == p.name)
        .order_by(EventTable.session)).all()
    for session, table in seats:
        if not plays_in(p, session):
            raise Conflict(
                f"#{p.number} {p.name} is seated at table {table} of session {session}: "
                f"draw session {session} again before its first hand, or withdraw them "
                f"after session {session} (their results so far count)", field)


def player_as_shown(p: EventPlayer, shown: int | None) -> None:
    """Refuse a change to ``p`` sent from a page that showed him as he was
    before another change (his ``version``), saying how he stands now."""
    as_shown(p.version, shown, lambda: f"#{p.number} {p.name} changed since this page "
             f"showed them: now {standing(p)}. Check the list and try again")


def standing(p: EventPlayer) -> str:
    """How a player stands, in words: here or not, and which sessions."""
    plays = (f"a second registration of #{p.duplicate_of}" if p.duplicate_of is not None
             else f"withdrawn after session {p.withdrawn_after}" if p.withdrawn_after is not None
             else f"playing from session {p.from_session}" if p.from_session > 1
             else "playing every session")
    return f"{'checked in' if p.checked_in else 'not here'}, {plays}"


def plays_in(p: EventPlayer, session: int) -> bool:
    """True when the player is drawn for ``session``: checked in, arrived by
    then and not withdrawn before it."""
    return (p.checked_in and p.from_session <= session and p.duplicate_of is None
            and (p.withdrawn_after is None or p.withdrawn_after >= session))


def public(p: EventPlayer) -> dict[str, Any]:
    """What anyone may see of a player (never the contact)."""
    return {"number": p.number, "name": p.name}


def player_status(p: EventPlayer) -> dict[str, Any]:
    """A player's number, name and whether they play (never the contact)."""
    return {**public(p), "checked_in": p.checked_in, "from_session": p.from_session,
            "withdrawn_after": p.withdrawn_after, "side_pots": list(p.side_pots or ()),
            "duplicate_of": p.duplicate_of}
