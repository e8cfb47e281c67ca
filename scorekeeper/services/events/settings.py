"""An event's settings changed after its start, on the record: the tie rule
while nothing is played yet (a tie-break changed once scores exist would
change who won by a rule chosen after seeing them), and whether its tables
sign their results (that changes no score, so it may change at any time
before the finish).  A change that changes nothing is refused."""

from __future__ import annotations

from sqlalchemy.orm.attributes import flag_modified

from scorekeeper.db.models import Event
from scorekeeper.ledger.events import TIE_BREAK_WORDS, TIE_RULES, tie_rule_of
from scorekeeper.policy.acl import EventWrite
from scorekeeper.services import Code, Conflict, ServiceError, writes
from scorekeeper.services.events.draws import played
from scorekeeper.services.events.plan import check_plan
from scorekeeper.services.once import Once, earlier

#: Why the tie rule no longer changes.
TIES_FIXED = ("The tie rule stays as chosen once a hand or ticket is in: changed now, it "
              "could change who wins after the scores are seen")


def ties_in_words(breaks: list[str]) -> str:
    """A tie rule in words: its title, or its tie-breaks in order."""
    name = tie_rule_of(breaks)
    return TIE_RULES[name].title if name else ", then ".join(
        TIE_BREAK_WORDS.get(b, b) for b in breaks)


def change_settings(event: Event, *, tie_breaks: object = None, signatures: object = None,
                    by: str | None = None, once: Once | None = None,
                    seen: int | None = None) -> list[str]:
    """Change the event's tie-breaks and whether its tables sign (None: as
    they are); returns what changed, in words, as the history says it."""
    if tie_breaks is None and signatures is None:
        raise ServiceError("Say what to change: tie_breaks or signatures", "signatures")
    checked = check_plan(event.name, tie_breaks=event.tie_breaks if tie_breaks is None
                         else tie_breaks, signatures=event.signatures if signatures is None
                         else signatures)
    said: list[str] = []
    with writes.unit(once) as work:
        if earlier(once) is not None:
            work.cancel()
            return said
        writes.begin_event(event.id, EventWrite.SETTINGS, seen=seen)
        if checked.tie_breaks != list(event.tie_breaks):
            if played(event):
                raise Conflict(TIES_FIXED, "tie_breaks")
            said.append(f"Ties: {ties_in_words(checked.tie_breaks)} "
                        f"(was: {ties_in_words(list(event.tie_breaks))})")
            event.tie_breaks = checked.tie_breaks
            flag_modified(event, "tie_breaks")
        if checked.signatures != event.signatures:
            said.append("Each table signs its result" if checked.signatures
                        else "The tables no longer sign their results")
            event.signatures = checked.signatures
        if not said:
            raise Conflict("The event's settings are already those: nothing to change",
                           "signatures", code=Code.UNCHANGED)
        writes.audit_event(event.id, "settings", "; ".join(said), by)
        work.remember(event, 200, {"changed": said, "tie_breaks": list(event.tie_breaks),
                                  "signatures": event.signatures})
    return said
