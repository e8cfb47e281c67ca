"""Simulated groups with planted strong and weak players, to hold the skill
rating to money: real engine hands and payouts (so money carries the noise
of going alone, cracks and schneider), a side with stronger players winning
more often; drop-ins of a few nights, and groups that kept only each
night's totals, on demand.  Used by tests/services/test_rating_simulation.py,
and run as a module it measures each openskill model on the same groups, or
(``--settled``) each bound on the nights that settle a rating
(docs/rating.md, "Provisional"):

    .venv/bin/python -m tests.services.rating_simulation [--groups 300] [--settled]
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from scorekeeper.rating.games import night_games, totals_game
from scorekeeper.rating.ladder import MODEL, Skill, Standing, play, rank_key
from scorekeeper.rules import Hand, make_rules, replay

RULES = make_rules("called-ace")
NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus")
#: Planted skills: two strong, two weak, three in between.
SKILLS = (1.0, 1.0, 0.0, 0.0, 0.0, -1.0, -1.0)
STRONG = 2
#: Drop-ins, each of a middling skill (0), who come for a few nights only.
GUESTS = ("Hal", "Ivy", "Jon", "Kit")


@dataclass(frozen=True)
class Season:
    """One simulated group: who was planted strong, what each won in money
    (points) and the nights' games in order."""

    strong: frozenset[str]
    money: dict[str, int]
    games: list[Any]
    #: Each player's planted skill (the drop-ins' too).
    skill: dict[str, float] = field(default_factory=dict)


def _sigmoid(x: float) -> float:
    return 1 / (1 + math.exp(-x))


def _points(rng: random.Random, won: bool) -> tuple[int, str]:
    """The picking side's card points (and tricks) for a win or a loss."""
    roll = rng.random()
    if won:
        return (120, "all") if roll < 0.06 else (rng.randint(91, 119) if roll < 0.3
                                                  else rng.randint(61, 90), "some")
    return (0, "none") if roll < 0.04 else (rng.randint(10, 30) if roll < 0.3
                                             else rng.randint(31, 60), "some")


def simulated_hand(rng: random.Random, seated: Sequence[str], skill: dict[str, float],
                   edge: float) -> Hand:
    """One hand: a random picker, alone one time in ten, a leaster one in
    fifteen; the side with more skill (per player) wins more often."""
    if rng.random() < 1 / 15:
        weights = [math.exp(edge * skill[n]) for n in seated]
        return Hand(kind="leaster", winner=rng.choices(seated, weights)[0])
    picker = rng.choice(seated)
    others = [n for n in seated if n != picker]
    alone = rng.random() < 0.1
    picking = [picker] if alone else [picker, rng.choice(others)]
    defense = [n for n in seated if n not in picking]
    gap = (sum(skill[n] for n in picking) / len(picking)
           - sum(skill[n] for n in defense) / len(defense))
    won = rng.random() < _sigmoid((-0.3 if alone else 0.4) + edge * gap)
    points, tricks = _points(rng, won)
    return Hand(picker=picker, partners=tuple(picking[1:]), alone=alone, points=points,
                tricks=tricks, cracks=1 if rng.random() < 0.1 else 0)


def simulate(seed: int, nights: int = 8, hands: int = 40, edge: float = 0.6,
             guests: Sequence[int] = (), paper: bool = False) -> Season:
    """A group of seven, five of them at each night, ``nights`` nights of
    ``hands`` hands each, the skills planted on shuffled names.

    ``guests``: a drop-in for each number, of a middling skill, who takes a
    regular's seat at that many of the nights (drawn apart, so the seven's
    groups stay the same without them).  ``paper``: the group kept its
    nights' totals only, and each night is rated as one game ranked by them
    (a history of totals)."""
    rng = random.Random(seed)
    names = list(NAMES)
    rng.shuffle(names)
    skill = dict(zip(names, SKILLS, strict=True))
    money = dict.fromkeys(names, 0)
    drawn = random.Random(f"guests {seed}")
    visits = [set(drawn.sample(range(nights), count)) for count in guests]
    for guest in GUESTS[:len(guests)]:
        skill[guest], money[guest] = 0.0, 0
    games: list[Any] = []
    for index in range(nights):
        seated = rng.sample(names, 5)
        for guest, nights_of in zip(GUESTS, visits, strict=False):
            if index in nights_of:
                seats = [i for i, name in enumerate(seated) if name not in GUESTS]
                seated[drawn.choice(seats)] = guest
        night = replay(RULES, seated, [simulated_hand(rng, seated, skill, edge)
                                       for _ in range(hands)])
        for name, points in night.balances.items():
            money[name] += points
        games.append(totals_game(night.balances) if paper else night_games(RULES, night))
    return Season(frozenset(names[:STRONG]), money, games, skill)


def rated(season: Season, model: Any = MODEL, blinds: str = "one") -> Standing:
    standing = Standing()
    for night in season.games:
        standing = play(standing.next_night(), night, model, blinds)
    return standing


def top(values: dict[str, float], count: int = STRONG) -> frozenset[str]:
    return frozenset(sorted(values, key=lambda n: -values[n])[:count])


def ranking(skills: Mapping[str, Skill], settled: int | None = None) -> list[str]:
    """The players as the pages rank them: settled first (``settled``: the
    nights that settle a rating, else the app's), then provisional."""
    return sorted(skills, key=lambda n: (*rank_key(skills[n], settled), n))


def won_share(season: Season) -> dict[str, float]:
    """Each player's share of his games won (first place): the plainest count."""
    won: dict[str, int] = {}
    played: dict[str, int] = {}
    for night in season.games:
        for game in night:
            for team, rank in zip(game.teams, game.ranks, strict=True):
                for name in team:
                    played[name] = played.get(name, 0) + 1
                    won[name] = won.get(name, 0) + (rank == 0)
    return {name: won[name] / played[name] for name in played}


def hit_rates(seeds: range, model: Any = MODEL, blinds: str = "one",
              settled: int | None = None, **shape: Any) -> tuple[float, float, float]:
    """How often the two planted strong players are exactly the top two of
    the rating (as the pages rank it: settled players by μ − 3σ, then the
    provisional ones; ``settled`` 0: everyone by μ − 3σ), of money, and of
    the share of games won."""
    hits = [0, 0, 0]
    for seed in seeds:
        season = simulate(seed, **shape)
        skills = rated(season, model, blinds).skills
        hits[0] += frozenset(ranking(skills, settled)[:STRONG]) == season.strong
        hits[1] += top({n: float(v) for n, v in season.money.items()}) == season.strong
        hits[2] += top(won_share(season)) == season.strong
    return hits[0] / len(seeds), hits[1] / len(seeds), hits[2] / len(seeds)


#: A player of this many nights or fewer is one of "a few nights" (the issue:
#: three nights rated above regulars of 170).
FEW = 3


@dataclass(frozen=True)
class Bound:
    """What one bound (the nights that settle a rating) does to the order,
    over some simulated groups: how often the strong two come first, how
    often a player of a few nights ranks above a settled player of more
    planted skill, and the share of the seven regulars still provisional
    at the end."""

    settled: int
    rating: float
    few_above: float
    regulars_provisional: float


def few_above(season: Season, skills: Mapping[str, Skill], order: list[str], bound: int) -> bool:
    """Whether a player of :data:`FEW` nights or fewer ranks above a settled
    player (of ``bound`` nights or more, and more than a few) whose planted
    skill is higher."""
    settled = max(bound, FEW + 1)
    seen: list[str] = []
    for name in order:
        if skills[name].nights >= settled and any(
                season.skill[other] < season.skill[name] for other in seen):
            return True
        if skills[name].nights <= FEW:
            seen.append(name)
    return False


def bounds(seeds: range, settled: Sequence[int], **shape: Any
           ) -> tuple[list[Bound], float]:
    """Each bound in ``settled`` (0: no bound, the order by μ − 3σ alone)
    measured on the same groups; and how often money names the strong two."""
    hits = dict.fromkeys(settled, 0)
    above = dict.fromkeys(settled, 0)
    provisional = dict.fromkeys(settled, 0)
    regulars = money = 0
    for seed in seeds:
        season = simulate(seed, **shape)
        skills = rated(season).skills
        money += top({n: float(v) for n, v in season.money.items()}) == season.strong
        seven = [s for name, s in skills.items() if name not in GUESTS]
        regulars += len(seven)
        for bound in settled:
            order = ranking(skills, bound)
            hits[bound] += frozenset(order[:STRONG]) == season.strong
            above[bound] += few_above(season, skills, order, bound)
            provisional[bound] += sum(s.nights < bound for s in seven)
    groups = len(seeds)
    return ([Bound(b, hits[b] / groups, above[b] / groups, provisional[b] / regulars)
             for b in settled], money / groups)


def sigmas(seeds: range, **shape: Any) -> dict[int, float]:
    """The mean σ of a player after each number of nights (every player of
    every group, at the end)."""
    found: dict[int, list[float]] = {}
    for seed in seeds:
        for skill in rated(simulate(seed, **shape)).skills.values():
            found.setdefault(skill.nights, []).append(skill.sigma)
    return {n: sum(v) / len(v) for n, v in sorted(found.items())}


def measure_bounds(groups: int) -> None:
    """The tables of docs/rating.md, "Provisional": each bound on groups
    that keep their hands (8 nights, then 16) and on groups that keep
    totals (40 nights), with drop-ins of one, two and three nights; and the
    eight nights of the model's measurement, without drop-ins."""
    seeds = range(groups)
    shapes: list[tuple[str, dict[str, Any]]] = [
        ("hands, 8 nights, no drop-ins", {"nights": 8}),
        ("hands, 8 nights", {"nights": 8, "guests": (1, 2, 3)}),
        ("hands, 16 nights", {"nights": 16, "guests": (1, 2, 3)}),
        ("totals, 40 nights", {"nights": 40, "paper": True, "guests": (1, 2, 3)})]
    for label, shape in shapes:
        began = time.perf_counter()
        found, money = bounds(seeds, (0, 2, 3, 4, 5, 6), **shape)
        print(f"\n{label}: money {money:.1%} ({time.perf_counter() - began:.0f} s)")
        print("| settled at | strong two first | a few nights above a settled stronger "
              "| regulars provisional |")
        print("|---:|---:|---:|---:|")
        for bound in found:
            print(f"| {bound.settled or 'none'} | {bound.rating:.1%} | {bound.few_above:.1%} "
                  f"| {bound.regulars_provisional:.1%} |", flush=True)
        shown = sigmas(range(min(groups, 100)), **shape)
        print("σ by nights:", ", ".join(f"{n}: {s:.3f}" for n, s in shown.items()))


def main() -> None:
    from openskill.models import MODELS, BradleyTerryFull, PlackettLuce

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--groups", type=int, default=300)
    parser.add_argument("--nights", type=int, default=8)
    parser.add_argument("--settled", action="store_true",
                        help="measure the nights that settle a rating instead of the models")
    args = parser.parse_args()
    if args.settled:
        measure_bounds(args.groups)
        return
    seeds = range(args.groups)
    print(f"{args.groups} simulated groups, {args.nights} nights of 40 hands each; how often "
          "the top two are the two planted strong players")
    print("| model | β | blind | rating | money | share of games won | seconds |")
    print("|---|---:|---|---:|---:|---:|---:|")
    default = 25 / 6
    trials = [*((model, default, "none") for model in MODELS),
              *((model, 50.0, "one") for model in MODELS),
              *((BradleyTerryFull, beta, "one") for beta in (default, 12.5, 25.0, 100.0)),
              (BradleyTerryFull, 50.0, "by-shape"), (BradleyTerryFull, 50.0, "none"),
              (PlackettLuce, 25.0, "one")]
    for model, beta, blinds in trials:
        began = time.perf_counter()
        rating, money, won = hit_rates(seeds, model(beta=beta), blinds, settled=0,
                                       nights=args.nights)
        print(f"| {model.__name__} | {beta:.3g} | {blinds} | {rating:.1%} | {money:.1%} "
              f"| {won:.1%} | {time.perf_counter() - began:.0f} |", flush=True)


if __name__ == "__main__":
    main()
