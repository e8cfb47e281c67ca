"""A drawing side pot (a 50/50) drawn by the director: the entrants in it
are put in an order by a seeded draw (the seed kept, so the order can be
shown to be the draw's), and its prizes go to them in that order.  Drawn
again only with a reason, on the record: the history keeps who the last
draw put first."""

from __future__ import annotations

import random
import secrets
from typing import Any

from sqlalchemy.orm.attributes import flag_modified

from scorekeeper.db.models import Event
from scorekeeper.limits import MAX_SEED
from scorekeeper.policy.acl import EventWrite
from scorekeeper.services import Conflict, ServiceError, checks, writes
from scorekeeper.services.events.event import player
from scorekeeper.services.events.plan import prize_plan_of
from scorekeeper.services.nights.import_checks import refuse
from scorekeeper.services.once import Once, earlier


def drawing(event: Event, key: object) -> str:
    """The name of the event's drawing side pot ``key``, or why not."""
    pot = next((p for p in prize_plan_of(event).side_pots if p.key == key), None)
    if pot is None:
        raise ServiceError("This event's prize plan has no such side pot", "key")
    if not pot.drawing:
        raise ServiceError(f"{pot.name} pays its best players, not a draw", "key")
    return pot.name


def drawn_first(event: Event, key: str) -> int | None:
    """Who the drawing's last draw put first (None: not drawn)."""
    drawn = (event.side_draws or {}).get(key)
    return drawn["order"][0] if drawn and drawn["order"] else None


def draw_side_pot(event: Event, key: object, *, seed: object = None, again: object = False,
                  reason: object = None, by: str | None = None, once: Once | None = None,
                  seen: int | None = None) -> dict[str, object]:
    """Draw the order of the drawing ``key``'s entrants (those in it who
    play); ``again`` (with a ``reason``) draws a drawn one anew.  Returns
    the key, the seed, the order and what was done, in words."""
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)
                             or not 0 <= seed <= MAX_SEED):
        raise ServiceError(f"seed is a whole number from 0 to {MAX_SEED}", "seed")
    if not isinstance(again, bool):
        raise ServiceError("again is true (draw a drawn one anew, saying why) or false", "again")
    why = checks.reason(reason, said=bool(again))
    with writes.unit(once) as work:
        writes.begin_event(event.id, EventWrite.REGISTER, seen=seen)
        first = earlier(once)
        if first is not None:
            work.cancel()
            return dict(first.response)
        name = drawing(event, key)
        was = drawn_first(event, str(key))
        if was is not None and not again:
            raise Conflict(f"{name} is drawn already: #{was} first. Draw it again only with "
                           "a reason", "again")
        entrants = sorted(p.number for p in event.players
                          if str(key) in (p.side_pots or ()) and p.checked_in
                          and p.duplicate_of is None)
        if not entrants:
            raise Conflict(f"Nobody is in {name} yet: nothing to draw", "key")
        kept = secrets.randbelow(MAX_SEED + 1) if seed is None else seed
        order = random.Random(kept).sample(entrants, len(entrants))
        event.side_draws = {**(event.side_draws or {}), str(key): {"seed": kept,
                                                                   "order": order}}
        flag_modified(event, "side_draws")
        winner = player(event, order[0])
        said = (f"{name} drawn (seed {kept}, {len(order)} in it): #{winner.number} "
                f"{winner.name} first" + (f" (drawn again: {why}; was #{was} first)"
                                           if was is not None else ""))
        writes.audit_event(event.id, "side-draw", said, by)
        answer = {"key": str(key), "seed": kept, "order": order, "said": said}
        work.remember(event, 200, answer)
    return answer


def checked_draws(raw: object, drawings: set[str], numbers: set[int]) -> dict[str, Any]:
    """Each drawing's draw in an event's file: a drawing of the plan
    (``drawings``), its seed, and registered players (``numbers``) each
    drawn once; or the file's refusal."""
    if not isinstance(raw, dict) or not set(raw) <= drawings:
        raise refuse("side_draws names the plan's drawing side pots", "side_draws")
    for key, drawn in raw.items():
        if not isinstance(drawn, dict) or set(drawn) != {"seed", "order"} \
                or not isinstance(drawn["seed"], int) or isinstance(drawn["seed"], bool) \
                or not isinstance(drawn["order"], list) \
                or not all(_registered(n, numbers) for n in drawn["order"]) \
                or len(set(drawn["order"])) != len(drawn["order"]):
            raise refuse(f"side_draws {key}: its seed and the players it drew, each once",
                         "side_draws")
    return dict(raw)


def _registered(n: object, numbers: set[int]) -> bool:
    return isinstance(n, int) and not isinstance(n, bool) and n in numbers
