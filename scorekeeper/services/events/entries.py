"""What a player paid into, mended on the record: the prize plan's side
pots he opted in to (at registration, or later until the finish), and a
registration found after the draw to be another player's second one (the
phantom leaves his table from the next hand, the pot and the prizes; the
hands his table recorded keep their money)."""

from __future__ import annotations

from scorekeeper.db.models import Event, EventPlayer
from scorekeeper.policy.acl import EventWrite
from scorekeeper.services import Code, Conflict, ServiceError, writes
from scorekeeper.services.events import leaving
from scorekeeper.services.events.event import player, player_as_shown, player_status
from scorekeeper.services.events.plan import chosen_pots, pots_in_words
from scorekeeper.services.once import Once, earlier


def enter_side_pots(event: Event, number: int, keys: object, *, by: str | None = None,
                    once: Once | None = None, seen: int | None = None,
                    shown: int | None = None) -> tuple[EventPlayer, str]:
    """Player ``number`` is in exactly the side pots ``keys`` from now on
    (the entries he pays and the prizes he may win follow); the same as he
    is refused.  Returns him and what was done, in words."""
    with writes.unit(once) as work:
        writes.begin_event(event.id, EventWrite.REGISTER, seen=seen)
        first = earlier(once)
        if first is not None:
            work.cancel()
            return player(event, number), str(first.response["said"])
        found = player(event, number)
        player_as_shown(found, shown)
        wanted, was = chosen_pots(event, keys), list(found.side_pots or ())
        closed = sorted(k for k in set(wanted) ^ set(was) if (event.side_draws or {}).get(k))
        if closed:
            raise Conflict(f"{pots_in_words(event, closed)} is drawn: nobody enters or "
                           "leaves it now", "side_pots")
        if wanted == was:
            raise Conflict(f"#{found.number} {found.name} is in side pots: "
                           f"{pots_in_words(event, was)} already: nothing to change",
                           "side_pots", code=Code.UNCHANGED)
        found.side_pots = wanted or None
        found.version += 1
        said = (f"#{found.number} {found.name}'s side pots: {pots_in_words(event, wanted)} "
                f"(was: {pots_in_words(event, was)})")
        writes.audit_event(event.id, "side-pots", said, by)
        work.remember(event, 200, {"players": [player_status(found)], "said": said,
                                   "side_pots": wanted})
    return found, said


def mark_duplicate(event: Event, number: int, of: object, *, by: str | None = None,
                   once: Once | None = None, seen: int | None = None,
                   shown: int | None = None) -> tuple[EventPlayer, str]:
    """Player ``number`` is a second registration of player ``of``: he plays
    no more (dealt out at any table of his in play from its next hand), pays
    nothing into the pot or a side pot and wins nothing; the hands recorded
    keep their money.  ``of`` None takes it back (he is a player again; a
    table he was dealt out of takes him back from its Players tab).
    Returns him and what was done, in words."""
    if of is not None and (isinstance(of, bool) or not isinstance(of, int)):
        raise ServiceError("of is the number of the player he is a second registration of, "
                           "or null", "of")
    with writes.unit(once) as work:
        writes.begin_event(event.id, EventWrite.REGISTER, seen=seen)
        first = earlier(once)
        if first is not None:
            work.cancel()
            return player(event, number), str(first.response["said"])
        found = player(event, number)
        player_as_shown(found, shown)
        said = _duplicate_said(event, found, of)
        found.duplicate_of = of
        found.version += 1
        seats = [seat for s in range(1, event.sessions + 1)
                 if of is not None and (seat := leaving.seat_to_leave(event, found, s, "of"))]
        said += "".join(s.words for s in seats)
        writes.audit_event(event.id, "duplicate", said, by)
        for seat in seats:
            said += ". " + seat.leave()
        work.remember(event, 200, {"players": [player_status(found)], "said": said,
                                   "duplicate_of": of})
    return found, said


def _duplicate_said(event: Event, found: EventPlayer, of: int | None) -> str:
    """What marking ``found`` a duplicate of ``of`` (or taking it back) does,
    in the history's words, or why it can't."""
    who = f"#{found.number} {found.name}"
    if of == found.duplicate_of:
        raise Conflict(f"{who} is " + (f"a second registration of #{of} already"
                                       if of is not None else "not a duplicate")
                       + ": nothing to change", "of", code=Code.UNCHANGED)
    if of is None:
        return (f"{who} is a player again, not a second registration of "
                f"#{found.duplicate_of}")
    if of == found.number:
        raise ServiceError("A player can't be a second registration of himself", "of")
    real = player(event, of)
    if real.duplicate_of is not None:
        raise ServiceError(f"#{real.number} {real.name} is a second registration of "
                           f"#{real.duplicate_of}: name #{real.duplicate_of}", "of")
    return (f"{who} is a second registration of #{real.number} {real.name}: out of the "
            "tables, the pot and the prizes")
