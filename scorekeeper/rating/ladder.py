"""The skill rating itself: each player's Weng-Lin estimate (a mean skill μ
and its uncertainty σ, the ``openskill`` library) moved game by game, and
what the games say about pairs of players (hands won together on the
picking side, hands lost to an opponent).

Three choices, each measured on simulated groups (docs/rating.md):

- The model is Bradley-Terry (full pairing) with β = 50, twelve times the
  library's 25/6: one hand of Sheepshead says little about skill, the cards
  decide most of it, and with the library's β the rating chased the last
  few hands.  It named the planted strong players first most often.
- Openskill adds up a team's skills, so two players against three would be
  expected to lose nearly every hand, and every win would lift the picking
  side far too much.  The picking side is filled up to the defense's size
  with *the blind*: a stand-in rated like a player, whose skill comes to be
  what picking is worth at this group's table (the picker chose to pick).
- A rating is provisional under :data:`SETTLED_NIGHTS` nights, and the
  order (:func:`rank_key`) lists the provisional ratings after the settled.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from openskill.models import BradleyTerryFull

from scorekeeper.rating.games import Game

#: The rating method: μ 25, σ 25/3 and τ 25/300 as the library has them.
MODEL = BradleyTerryFull(beta=50.0)
#: The shown rating is 1000 + SCALE × (μ − 3σ): 1000 for a newcomer, more
#: as the games show a player is good (and sure of it), less when they show
#: he is not.
SCALE = 20
BASE = 1000
#: A rating is provisional until its player has played this many nights (with
#: a game of his) in the range rated, and ranks after every settled one.  With
#: β = 50 one game says little, so σ hardly falls (8.33 new, 8.06 after three
#: nights of hands, 8.13 after 36 nights of totals) and μ − 3σ alone let a
#: lucky drop-in of a night or three rank above regulars.  Nights, not games or
#: σ: a night of totals is one game, a night of hands forty.  4 is the least
#: bound that keeps a player of three nights provisional and the only one that
#: keeps the strong players first more often than money on the simulated
#: groups (docs/rating.md, "Provisional").  The pages and the API ask it here.
SETTLED_NIGHTS = 4
Pair = tuple[str, str]
#: The two ratings and what the pages call them: a season's (or dates') is
#: the form, game by game, following how a player has done lately; all
#: time is the lifetime fit, every game alike (:mod:`.lifetime`,
#: docs/rating.md "Lifetime and form").
FORM = "form"
LIFETIME = "lifetime"
KINDS = {FORM: "Form", LIFETIME: "Lifetime"}


@dataclass(frozen=True)
class Skill:
    """One player's estimate after their games."""

    mu: float
    sigma: float
    games: int
    #: Nights with a game of his (a night of totals is one game).
    nights: int = 0

    @property
    def shown(self) -> int:
        """The cautious number the pages show, 1000 + SCALE × (μ − 3σ): a
        skill counts only as far as the games have made it sure."""
        return round(BASE + SCALE * (self.mu - 3 * self.sigma))

    @property
    def provisional(self) -> bool:
        """Whether the rating is still provisional: fewer than
        :data:`SETTLED_NIGHTS` nights."""
        return self.nights < SETTLED_NIGHTS


def rank_key(skill: Skill, settled: int | None = None) -> tuple[bool, int, float]:
    """Where a player ranks, first first: the settled players by the shown
    (cautious) number, then the provisional ones by the same number; equal
    numbers by μ.  ``settled`` is there to measure another bound
    (docs/rating.md); :data:`SETTLED_NIGHTS` otherwise."""
    provisional = skill.nights < (SETTLED_NIGHTS if settled is None else settled)
    return provisional, -skill.shown, -skill.mu


@dataclass(frozen=True)
class Standing:
    """The ratings after some games, and who did what with and against whom
    (played-out hands only: a leaster or a night of totals has no sides).
    Keys of the pair counts are (player, other player)."""

    skills: Mapping[str, Skill] = field(default_factory=dict)
    #: Hands on the picking side together, and how many of them it won.
    together: Mapping[Pair, int] = field(default_factory=dict)
    won_with: Mapping[Pair, int] = field(default_factory=dict)
    #: Hands on opposite sides, and how many of them the first player lost.
    against: Mapping[Pair, int] = field(default_factory=dict)
    lost_to: Mapping[Pair, int] = field(default_factory=dict)
    #: Games rated so far.
    games: int = 0
    #: What picking is worth (by how many stand-ins fill up the picking side,
    #: 1: a picker and partner against three, 3: a picker alone against four,
    #: when each shape of hand has its own blind; else all under 1).
    blinds: Mapping[int, Skill] = field(default_factory=dict)
    #: Who has played a game in the night being played (:func:`play` counts a
    #: night for each player the first time he plays in it).
    tonight: frozenset[str] = frozenset()

    def next_night(self) -> Standing:
        """The same standing, the games played next in another night."""
        return replace(self, tonight=frozenset())


#: How the picking side is filled up to the defense's size: with one blind
#: (the default), a blind for each shape of hand (a picker with a partner, a
#: picker alone: measured no better), or not at all.
BLINDS = ("one", "by-shape", "none")


def new_skill(model: Any = MODEL) -> Skill:
    return Skill(model.mu, model.sigma, 0)


def play(standing: Standing, games: Iterable[Game], model: Any = MODEL,
         blinds: str = "one") -> Standing:
    """The standing after ``games`` in order (``standing`` is not changed),
    played on in the night ``standing`` was in (``standing.next_night()``
    for the games of another night).  ``model`` and ``blinds`` are there to
    compare (docs/rating.md): another openskill model, and another way of
    filling up the picking side."""
    skills = dict(standing.skills)
    together, won_with = dict(standing.together), dict(standing.won_with)
    against, lost_to = dict(standing.against), dict(standing.lost_to)
    stand_ins = dict(standing.blinds)
    count = standing.games
    tonight = set(standing.tonight)
    for game in games:
        _rate(model, skills, game, stand_ins, blinds, tonight)
        count += 1
        if game.sides:
            _count_sides(game, together, won_with, against, lost_to)
    return Standing(skills, together, won_with, against, lost_to, count, stand_ins,
                    frozenset(tonight))


def _count_sides(game: Game, together: dict[Pair, int], won_with: dict[Pair, int],
                 against: dict[Pair, int], lost_to: dict[Pair, int]) -> None:
    picking, defense = game.teams
    picking_won = game.ranks[0] < game.ranks[1]
    for me in picking:
        for other in picking:
            if other != me:
                _add(together, (me, other))
                if picking_won:
                    _add(won_with, (me, other))
        for other in defense:
            _add(against, (me, other))
            _add(against, (other, me))
            _add(lost_to, (other, me) if picking_won else (me, other))


def _add(counts: dict[Pair, int], pair: Pair) -> None:
    counts[pair] = counts.get(pair, 0) + 1


def _rate(model: Any, skills: dict[str, Skill], game: Game, stand_ins: dict[int, Skill],
          blinds: str, tonight: set[str]) -> None:
    """Move every player of ``game`` by its outcome (openskill's ``rate``),
    the picking side filled up with its blind, which moves too; a player's
    first game of the night (not yet in ``tonight``) counts him a night."""
    before = [[skills.get(name) or new_skill(model) for name in team] for team in game.teams]
    extra = len(game.teams[1]) - len(game.teams[0]) if game.sides and blinds != "none" else 0
    shape = extra if blinds == "by-shape" else 1
    cards = stand_ins.get(shape) or new_skill(model)
    if extra > 0:
        before[0] += [cards] * extra
    teams = [[model.rating(s.mu, s.sigma) for s in team] for team in before]
    after = model.rate(teams, ranks=[float(rank) for rank in game.ranks])
    for names, olds, news in zip(game.teams, before, after, strict=True):
        for name, old, new in zip(names, olds, news, strict=False):  # not the blind
            first = name not in tonight
            tonight.add(name)
            skills[name] = Skill(new.mu, new.sigma, old.games + 1, old.nights + first)
    if extra > 0:
        stand_in = after[0][len(game.teams[0])]
        stand_ins[shape] = Skill(stand_in.mu, stand_in.sigma, cards.games + 1)
