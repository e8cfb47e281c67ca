"""What the event form and the settings say of the prizes: a preset plan
by name, the plain percents, or a plan written a line a prize
(:mod:`scorekeeper.ledger.prize_lines`), turned into what the services
take; a plan that doesn't read is refused beside its box."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from flask import request

from scorekeeper.ledger import prize_data, prize_lines
from scorekeeper.ledger.prize_presets import PRESETS as PRIZE_PRESETS
from scorekeeper.services import ServiceError
from scorekeeper.services.events.plan import prize_plan_of
from scorekeeper.views.forms import whole_number

if TYPE_CHECKING:
    from scorekeeper.db.models import Event

#: The event form's choices besides the presets: the percents typed, or a plan written.
OWN_PLAN = "own"
WRITTEN_PLAN = "written"
#: The longest plan written on a form.
PLAN_TEXT = 4000
#: The help beside a written plan's box.
PLAN_HELP = ("A line a prize: \"1st: $150\", \"2nd: 5 shares\" (of what the others leave), "
             "\"3rd-5th: 10%\" (of the pot), \"lowest: a case of beer\" (a prize in kind), "
             "\"each session's high: 5%\"; then, if you like, \"paid out: 90%\", "
             "\"rounding: cent\", \"what rounding leaves: next prize\" (or 1st, or house), "
             "\"withdrawn players win: no\", \"walk-ins win: no\", "
             "\"side pot: Side pot, $5, 1st 60%, 2nd 40%\", "
             "\"drawing: 50/50, $2, 1st 50%\" (a 50/50: its prizes to the entrants drawn).")


def prizes_chosen(choice: str | None, lines: str, places: list[int] | None,
                  session_high: int | None, share: int | None) -> dict[str, Any]:
    """The prizes as the service takes them: a preset by name, the plan
    written (ServiceError on ``plan_lines`` when it doesn't read), or the
    percents typed (by place, each session's high and the share paid out)."""
    if choice in PRIZE_PRESETS:
        return {"prize_plan": choice}
    if choice == WRITTEN_PLAN:
        return {"prize_plan": written_plan(lines)}
    return {"places": places, "session_high": session_high, "share": share}


def written_plan(lines: str) -> dict[str, Any]:
    """The plan a box's lines say, as data, or ServiceError beside the box."""
    if len(lines) > PLAN_TEXT:
        raise ServiceError(f"Keep the plan to {PLAN_TEXT:,} characters", "plan_lines")
    if not lines.strip():
        raise ServiceError("Write the plan, a line a prize (\"1st: $150\")", "plan_lines")
    try:
        return prize_lines.read(lines)
    except ValueError as error:
        raise ServiceError(str(error), "plan_lines") from error


def plan_text(event: Event) -> str | None:
    """The event's plan written as lines, or None when lines can't say it
    all (a plan given through the API with terms of its own for a side pot)."""
    plan = prize_plan_of(event)
    text = prize_lines.written(plan)
    try:
        same = prize_data.from_dict(prize_lines.read(text)) == plan if text else False
    except ValueError:
        same = False
    return text if same else None


def plan_changed(event: Event) -> dict[str, Any] | None:
    """The plan the settings form's box says, when it says another than the
    event's (None: the box is left as it was, or isn't on the form)."""
    lines = request.form.get("plan_lines")
    if lines is None or " ".join(lines.split()) == " ".join((plan_text(event) or "").split()):
        return None
    return written_plan(lines)


def places_typed(text: str) -> list[int] | None:
    """"30, 15, 10" as percents by place, or None when one isn't a whole percent."""
    parts = [p.strip().rstrip("%") for p in text.replace(";", ",").split(",") if p.strip()]
    found = [whole_number(p, 0, 100) for p in parts]
    return None if any(p is None for p in found) else [p for p in found if p is not None]
