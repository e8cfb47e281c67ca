"""An event's settings changed after its start, on the record: the tie rule
while nothing is played yet (a tie-break changed once scores exist would
change who won by a rule chosen after seeing them), whether its tables
sign their results (that changes no score, so it may change at any time
before the finish), and its prize plan until the prizes are paid (the
finish: a plan mistyped at the start is mended before anyone is paid, with
the before and after in the history).  A change that changes nothing is
refused."""

from __future__ import annotations

from sqlalchemy.orm.attributes import flag_modified

from scorekeeper.db.models import Event
from scorekeeper.ledger import prizes
from scorekeeper.ledger.events import TIE_BREAK_WORDS, TIE_RULES, tie_rule_of
from scorekeeper.policy.acl import EventWrite
from scorekeeper.services import Code, Conflict, ServiceError, writes
from scorekeeper.services.events.draws import played
from scorekeeper.services.events.plan import check_plan, check_prize_plan, prize_plan_of
from scorekeeper.services.once import Once, earlier

#: Why the tie rule no longer changes.
TIES_FIXED = ("The tie rule stays as chosen once a hand or ticket is in: changed now, it "
              "could change who wins after the scores are seen")


def ties_in_words(breaks: list[str]) -> str:
    """A tie rule in words: its title, or its tie-breaks in order."""
    name = tie_rule_of(breaks)
    return TIE_RULES[name].title if name else ", then ".join(
        TIE_BREAK_WORDS.get(b, b) for b in breaks)


def plan_in_words(plan: prizes.PrizePlan) -> str:
    """A prize plan in words, as the history says it: each prize and its terms."""
    listed = "; ".join(f"{z.label()} {z.terms}" for z in plan.prizes) or "no prizes"
    return f"{listed}; {plan.share}% paid out"


def settings_of(event: Event, said: list[str]) -> dict[str, object]:
    """What a settings change answers: what changed and the settings now."""
    return {"changed": said, "tie_breaks": list(event.tie_breaks),
            "signatures": event.signatures, "prize_plan": prize_plan_of(event).to_dict()}


def change_settings(event: Event, *, tie_breaks: object = None, signatures: object = None,
                    prize_plan: object = None, by: str | None = None,
                    once: Once | None = None, seen: int | None = None) -> list[str]:
    """Change the event's tie-breaks, whether its tables sign and its prize
    plan (None: as they are); returns what changed, in words, as the
    history says it."""
    if tie_breaks is None and signatures is None and prize_plan is None:
        raise ServiceError("Say what to change: tie_breaks, signatures or prize_plan",
                           "signatures")
    new_plan = None if prize_plan is None else check_prize_plan(prize_plan, event.sessions)
    checked = check_plan(event.name, sessions=event.sessions,
                         tie_breaks=event.tie_breaks if tie_breaks is None else tie_breaks,
                         signatures=event.signatures if signatures is None else signatures)
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
        old_plan = prize_plan_of(event)
        if new_plan is not None and new_plan != old_plan:
            said.append(f"Prizes: {plan_in_words(new_plan)} (was: {plan_in_words(old_plan)})")
            event.prize_plan, event.share = new_plan.to_dict(), new_plan.share
            event.places, event.session_high = [], 0
        if not said:
            raise Conflict("The event's settings are already those: nothing to change",
                           "signatures", code=Code.UNCHANGED)
        writes.audit_event(event.id, "settings", "; ".join(said), by)
        work.remember(event, 200, settings_of(event, said))
    return said
