"""A prize plan written a line a prize, as a director types it on the event
form: read into the plan's data, written back as the same lines, and a
line that doesn't read is refused by its number."""

from __future__ import annotations

import pytest

from scorekeeper.ledger import prize_data, prize_lines, prize_presets
from scorekeeper.ledger.prizes import Prize

WRITTEN = """1st: $150
2nd: 5 shares
3rd - 5th: 10%
lowest: a case of beer
2nd lowest: 12.50
Each session's high: 5%

paid out: 95%
rounding: cent
what rounding leaves: next prize
withdrawn players win: no
side pot: Side pot, $5, 1st 60%, 2nd 40%
drawing: 50/50, $2, 1st 50%
"""


def test_a_plan_written_as_a_director_writes_it_reads_as_the_plan() -> None:
    plan = prize_data.from_dict(prize_lines.read(WRITTEN))
    assert plan.prizes == (
        Prize("place", 1, cents=15_000), Prize("place", 2, weight=5),
        *(Prize("place", k, percent=10) for k in (3, 4, 5)),
        Prize("last", 1, goods="a case of beer"), Prize("last", 2, cents=1_250),
        Prize("session_high", 1, percent=5))
    assert (plan.share, plan.unit_cents, plan.remainder, plan.withdrawn_win,
            plan.walk_ins_win) == (95, 1, "next", False, True)
    pot, fifty = plan.side_pots
    assert (pot.key, pot.name, pot.entry_cents, pot.drawing) == ("side-pot", "Side pot", 500,
                                                                  False)
    assert (fifty.key, fifty.entry_cents, fifty.drawing) == ("50-50", 200, True)
    assert [z.percent for z in pot.plan.prizes] == [60, 40]
    again = prize_lines.written(plan)
    assert prize_data.from_dict(prize_lines.read(again)) == plan
    assert again.splitlines()[:3] == ["1st: $150", "2nd: 5 shares", "3rd: 10%"]


@pytest.mark.parametrize("name", list(prize_presets.PRESETS))
def test_each_preset_is_written_as_lines_that_read_back_as_itself(name: str) -> None:
    plan = prize_presets.PRESETS[name].plan
    assert prize_data.from_dict(prize_lines.read(prize_lines.written(plan))) == plan


@pytest.mark.parametrize(("text", "said"), [
    ("1st $150", "Line 1 (1st $150): write a prize as"),
    ("1st: $150\nfirst: 30%", "Line 2 (first: 30%): a prize is for a place"),
    ("paid out: most", "Line 1 (paid out: most): say the share"),
    ("rounding: nickel", "rounding is to the dollar or the cent"),
    ("what rounding leaves: charity", "goes to the house, 1st, next prize"),
    ("walk-ins win: maybe", "say yes or no"),
    ("5th-3rd: 10%", "the first before the last"),
    ("side pot: Side pot, 1st 60%", "a side pot is its name, its entry and its prizes"),
    ("1st: 150$", "write an amount as"),
    ("2nd: 12,5", "write an amount as"),
])
def test_a_line_that_does_not_read_is_named(text: str, said: str) -> None:
    with pytest.raises(ValueError, match=said.replace("(", r"\(").replace(")", r"\)")
                       .replace("$", r"\$")):
        prize_lines.read(text)
