"""A hand's body from what was said: the kind of hand, who played which
role, the points and the announcements, each only where the table plays it;
and what is missing or unclear, as questions in players' words.  What a
question is about is left out of the body (a picker in doubt, going alone or
a partner in doubt, a flag this table doesn't play), so the body is always
the part that was understood.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from scorekeeper.rules import Kind, Partner, Rules, Tricks, fields_for
from scorekeeper.spoken.flags import flags_for, refusal
from scorekeeper.spoken.lexer import Item, or_list
from scorekeeper.spoken.lexicon import Tag
from scorekeeper.spoken.points import said_points
from scorekeeper.spoken.roles import ASKED, Roles, placed, roles_of

Body = dict[str, Any]
Built = tuple[Body, list[str]]


def _picker(roles: Roles) -> tuple[str | None, list[str]]:
    named = roles.picker or roles.others[:1] or roles.winners[:1]
    if len(named) > 1:
        return None, [f"Who picked: {or_list(named)}?"]
    if not named:
        return None, ["I didn't catch who picked"]
    return named[0], []


def _partners(rules: Rules, picker: str, roles: Roles, alone: bool) -> tuple[list[str], list[str]]:
    """The partners said, or none and the question about them.  A partner
    asked about stands in the body as the placeholders said for it (or
    :data:`ASKED`), so the role is left open, never read as going alone."""
    partners, questions = _partners_said(rules, picker, roles, alone)
    if questions and rules.has_partner:
        return [p for p in _candidates(picker, roles) if not placed(p)] or [ASKED], questions
    return partners, questions


def _candidates(picker: str, roles: Roles) -> list[str]:
    rest = [p for p in [*roles.others, *roles.winners, *roles.losers]
            if p not in roles.offender and p not in roles.stolen_from]
    return [p for p in dict.fromkeys([*roles.partners, *rest]) if p != picker]


def _partners_said(rules: Rules, picker: str, roles: Roles, alone: bool
                   ) -> tuple[list[str], list[str]]:
    partners = _candidates(picker, roles)
    if picker in roles.partners:
        return [], [f"{picker} can't be both picker and partner"]
    if not rules.has_partner:
        return [], [f"At this table the picker plays alone: who picked, "
                    f"{or_list([picker, *partners])}?"] if partners else []
    most = 2 if rules.partner.two_partners else 1
    if partners and (alone or roles.stolen_from):
        return [], [f"Did {picker} play alone, or with {or_list(partners)}?"]
    if len(partners) > most:
        return [], [f"Who was {picker}'s partner: {or_list(partners)}?"]
    if not partners and not alone and not roles.stolen_from:
        return [], [f"Who was {picker}'s partner, or did {picker} go alone?"]
    return partners, []


def _sides(rules: Rules, kind: Kind, items: Sequence[Item], roles: Roles) -> Built:
    """Picker, partners, going alone and a stolen blind."""
    picker, questions = _picker(roles)
    if picker is None:
        return {}, questions
    alone = any(item.tag is Tag.ALONE for item in items)
    partners, questions = _partners(rules, picker, roles, alone)
    if questions and not rules.has_partner:
        return {}, questions  # which of them picked is the question
    body: Body = {"picker": picker}
    if partners:
        body["partners"] = partners
    if alone and not questions and "alone" in fields_for(rules, kind):
        body["alone"] = True
    if roles.stolen_from:
        why = refusal(rules, kind, "stolen_from")
        if why:
            questions.append(why)
        else:
            body["stolen_from"] = roles.stolen_from[0]
    return body, questions


def _her_own_no_trick(rules: Rules, items: Sequence[Item], body: dict[str, Any]
                      ) -> Sequence[Item]:
    """At a no-trick-pick table, "Sue took no tricks" said after Sue was
    named as the picker with a partner is her own no trick (seed 002's
    penalty), not her side's."""
    picker = body.get("picker")
    if not rules.no_trick_pick_penalty or picker is None or not body.get("partners"):
        return items
    named = [at for at, item in enumerate(items) if item.player == picker]
    return [Item(item.said, tag=Tag.PICKER_NO_TRICK)
            if item.tag is Tag.NO_TRICK and at - 1 in named[1:] else item
            for at, item in enumerate(items)]


def _picked(rules: Rules, items: Sequence[Item], roles: Roles) -> Built:
    body, questions = _sides(rules, Kind.PICKED, items, roles)
    items = _her_own_no_trick(rules, items, body)
    points, tricks, asked = said_points(rules, items)
    body["points"] = points
    if tricks is not Tricks.SOME:
        body["tricks"] = str(tricks)
    picker = body.get("picker")
    personally = any(item.tag is Tag.PICKER_NO_TRICK for item in items)
    if picker and (personally or tricks is Tricks.NONE):
        why = refusal(rules, Kind.PICKED, "no_trick_pickers")
        if why is None:
            body["no_trick_pickers"] = [picker]
        elif personally:
            questions.append(why)
    return body, questions + asked


def _leaster(rules: Rules, items: Sequence[Item], roles: Roles) -> Built:
    winners = list(dict.fromkeys([*roles.winners, *roles.others, *roles.picker]))
    if not winners:
        return {}, ["Who won the leaster?"]
    if len(winners) == 2 and refusal(rules, Kind.LEASTER, "second_winner") is None:
        return {"winner": winners[0], "second_winner": winners[1]}, []
    if len(winners) > 1:
        return {}, [f"Who won the leaster: {or_list(winners)}?"]
    return {"winner": winners[0]}, []


def _renege(rules: Rules, items: Sequence[Item], roles: Roles) -> Built:
    named = roles.offender or ([] if fields_for(rules, Kind.RENEGE) - {"offender"} - {
        "king_of_diamonds_cut", "last_round"} else roles.others)
    if len(named) != 1:
        return {}, [f"Who reneged: {or_list(named)}?" if named else "Who reneged?"]
    if "picker" not in fields_for(rules, Kind.RENEGE):
        return {"offender": named[0]}, []
    body, questions = _sides(rules, Kind.RENEGE, items, roles)
    if not body:
        questions = ["Who picked? (a renege here forfeits the hand, so I need the sides)"]
    return {"offender": named[0], **body}, questions


def _buried_ace(rules: Rules, items: Sequence[Item], roles: Roles) -> Built:
    named = list(dict.fromkeys([*roles.picker, *roles.others]))
    if len(named) != 1:
        return {}, [f"Who buried the called ace: {or_list(named)}?" if named
                    else "Who buried the called ace?"]
    return {"picker": named[0]}, []


def _schwanzer(rules: Rules, items: Sequence[Item], roles: Roles) -> Built:
    losers = roles.in_said_order([*roles.losers, *roles.others])
    return ({"losers": losers}, []) if losers else ({}, ["Who pays the schwanzer?"])


def _nothing(rules: Rules, items: Sequence[Item], roles: Roles) -> Built:
    return {}, []


BUILDERS: dict[Kind, Callable[[Rules, Sequence[Item], Roles], Built]] = {
    Kind.PICKED: _picked, Kind.LEASTER: _leaster, Kind.RENEGE: _renege,
    Kind.CALLED_ACE_BURIED: _buried_ace, Kind.SCHWANZER: _schwanzer,
    Kind.NO_PICK: _nothing, Kind.MISDEAL: _nothing, Kind.VOID: _nothing,
}


def body_for(rules: Rules, kind: Kind, items: Sequence[Item], loose: bool = True) -> Built:
    """The body of a hand of ``kind`` as said (the part understood), and the
    questions about the rest.  ``loose``: a name said with no word for its
    role takes the kind's (the first picks, a leaster's is its winner)."""
    roles = roles_of(items)
    if not loose:
        roles.others.clear()
    body, questions = BUILDERS[kind](rules, items, roles)
    flags, refused = flags_for(rules, kind, items)
    body = {"kind": str(kind), **body, **{k: v for k, v in flags.items() if v}}
    if kind is Kind.RENEGE and rules.partner is Partner.NONE:
        body.pop("alone", None)
    return body, questions + refused
