"""Which kind of hand was said ("misdeal", "leaster Dan", "nobody picked",
"Bob reneged"; a hand with none of these words was picked), and whether
this table records it.
"""

from __future__ import annotations

from collections.abc import Sequence

from scorekeeper.rules import Kind, NobodyPicks, Rules
from scorekeeper.rules.fields import kind_refusal
from scorekeeper.spoken.flags import KIND_WORDS
from scorekeeper.spoken.lexer import Item, or_list
from scorekeeper.spoken.lexicon import Tag

_KIND_TAGS = {Tag.LEASTER: Kind.LEASTER, Tag.THROW_IN: Kind.NO_PICK, Tag.MISDEAL: Kind.MISDEAL,
              Tag.VOID: Kind.VOID, Tag.RENEGE: Kind.RENEGE,
              Tag.BURIED_ACE: Kind.CALLED_ACE_BURIED, Tag.SCHWANZER: Kind.SCHWANZER,
              Tag.ADJUSTMENT: Kind.ADJUSTMENT}
_ALL_PASS = {NobodyPicks.LEASTER: Kind.LEASTER, NobodyPicks.NO_PICK: Kind.NO_PICK,
             NobodyPicks.SCHWANZER: Kind.SCHWANZER}


def _all_pass(rules: Rules) -> Kind | str:
    """What an all-pass is at this table, or why it is not recorded as one."""
    if rules.nobody_picks is None:
        return kind_refusal(rules, Kind.LEASTER) or "Two-handed has no blind"
    if rules.nobody_picks is NobodyPicks.FORCED_PICK:
        return ("Here the dealer picks when everyone passes: say who picked, "
                "the points and 'forced'")
    return _ALL_PASS[rules.nobody_picks]


def kind_said(rules: Rules, items: Sequence[Item]) -> Kind | str:
    """The kind of hand said, or a question (two kinds, or one this table
    doesn't record)."""
    tags = {item.tag for item in items}
    kinds = list(dict.fromkeys(kind for tag, kind in _KIND_TAGS.items() if tag in tags))
    if Tag.ALL_PASS in tags and not kinds:
        passed = _all_pass(rules)
        if isinstance(passed, str):
            return passed
        kinds = [passed]
    if len(kinds) > 1:
        return f"Was it {or_list([KIND_WORDS[kind] for kind in kinds])}?"
    kind = kinds[0] if kinds else Kind.PICKED
    if kind is Kind.ADJUSTMENT:
        return "Enter other payments on the form: each player's points and what they are for"
    return kind_refusal(rules, kind) or kind
