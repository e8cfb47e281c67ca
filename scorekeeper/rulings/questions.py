"""Questions players ask that the rule books leave to the table (playing out
of turn, looking at the blind, forgetting to bury, a tied leaster where one
player wins), or that this table's rules answer by not playing the thing
asked about (a leaster at a table that throws in): each answered in one
plain sentence, with the rulings that say what the rules here do say.

A question is known by the words it is asked with, in any order and any
form ("forgot to bury", "he never buried"); a word that makes it a question
a ruling answers ("the called ace out of turn") leaves it to the search.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from scorekeeper.rules import NobodyPicks, Rules
from scorekeeper.rulings.search import stem, words
from scorekeeper.rulings.when import always as _always
from scorekeeper.rulings.when import blind as _blind
from scorekeeper.rulings.when import called as _called


def _one_leaster_winner(r: Rules) -> bool:
    return r.nobody_picks is NobodyPicks.LEASTER and not r.leaster_second_winner


def _no_leasters(r: Rules) -> bool:
    return r.nobody_picks is not NobodyPicks.LEASTER


#: How a table settles what its rules leave open, said once for every such answer.
_TABLE_DECIDES = ("the table decides. A hand that can't be scored fairly is recorded as "
                  "void: nobody pays, and the same dealer deals again.")


@dataclass(frozen=True)
class Known:
    """A question and its plain answer at the tables it applies to."""

    asks: tuple[str, ...]
    answer: str
    see: tuple[str, ...] = ()
    covered: bool = False
    when: Callable[[Rules], bool] = _always
    unless: Mapping[str, Callable[[Rules], bool]] = field(default_factory=dict)

    def asked(self, rules: Rules, said: frozenset[str]) -> bool:
        """True when ``said`` (a question's stems) asks this at a table of ``rules``."""
        if not self.when(rules):
            return False
        if any(stem(word) in said and applies(rules)
               for word, applies in self.unless.items()):
            return False
        return any({stem(w) for w in way.split()} <= said for way in self.asks)


KNOWN: tuple[Known, ...] = (
    Known(("out turn", "wrong lead", "not his turn", "not her turn", "not their turn",
           "not my turn", "before his turn", "before her turn", "before my turn"),
          f"The rules here don't cover playing out of turn: {_TABLE_DECIDES}",
          ("follow-suit", "void"), unless={"ace": _called}),
    Known(("look blind", "peek blind", "peek", "see blind", "saw blind", "seen blind",
           "show blind", "expose blind", "flip blind", "turn blind", "check blind"),
          "The rules here don't cover looking at the blind out of turn: the blind belongs "
          f"to whoever picks it up, and for the rest {_TABLE_DECIDES}",
          ("who-picks", "void"), when=_blind,
          unless={"steal": _always, "stole": _always, "stolen": _always}),
    Known(("forget bury", "forgot bury", "forgotten bury", "didnt bury", "never bury",
           "not bury", "wrong bury", "many bury", "few bury", "extra bury", "without bury"),
          "The rules here don't cover a picker who forgets to bury, or buries the wrong "
          f"number of cards: {_TABLE_DECIDES}", ("bury", "void"), when=_blind,
          unless={"jack": _always, "j♦": _always, "jd": _always, "ace": _called}),
    Known(("leaster tie", "leaster tied", "leaster tying", "least tie", "leaster same",
           "leaster draw", "leaster even"),
          "The rules here don't cover a tie for fewest points in a leaster: the table "
          "decides who wins, and the app records that one winner.",
          ("leaster",), when=_one_leaster_winner),
    Known(("leaster", "least", "leasters"), "This table plays no leasters.",
          ("nobody-picks",), covered=True, when=_no_leasters),
)


def known(rules: Rules, query: str) -> Known | None:
    """The known question ``query`` asks at a table of ``rules``, if any."""
    said = frozenset(stem(word) for word in words(query))
    return next((question for question in KNOWN if question.asked(rules, said)), None)
