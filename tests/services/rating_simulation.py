"""Simulated groups with planted strong and weak players, to hold the skill
rating to money: real engine hands and payouts (so money carries the noise
of going alone, cracks and schneider), a side with stronger players winning
more often.  Used by tests/services/test_rating_simulation.py, and run as a
module it measures each openskill model on the same groups (docs/rating.md):

    .venv/bin/python -m tests.services.rating_simulation [--groups 300]
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from scorekeeper.rating.games import night_games
from scorekeeper.rating.ladder import MODEL, Standing, play
from scorekeeper.rules import Hand, make_rules, replay

RULES = make_rules("called-ace")
NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus")
#: Planted skills: two strong, two weak, three in between.
SKILLS = (1.0, 1.0, 0.0, 0.0, 0.0, -1.0, -1.0)
STRONG = 2


@dataclass(frozen=True)
class Season:
    """One simulated group: who was planted strong, what each won in money
    (points) and the nights' games in order."""

    strong: frozenset[str]
    money: dict[str, int]
    games: list[Any]


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


def simulate(seed: int, nights: int = 8, hands: int = 40, edge: float = 0.6) -> Season:
    """A group of seven, five of them at each night, ``nights`` nights of
    ``hands`` hands each, the skills planted on shuffled names."""
    rng = random.Random(seed)
    names = list(NAMES)
    rng.shuffle(names)
    skill = dict(zip(names, SKILLS, strict=True))
    money = dict.fromkeys(names, 0)
    games: list[Any] = []
    for _ in range(nights):
        seated = rng.sample(names, 5)
        night = replay(RULES, seated, [simulated_hand(rng, seated, skill, edge)
                                       for _ in range(hands)])
        for name, points in night.balances.items():
            money[name] += points
        games.append(night_games(RULES, night))
    return Season(frozenset(names[:STRONG]), money, games)


def rated(season: Season, model: Any = MODEL, blinds: str = "one") -> Standing:
    standing = Standing()
    for night in season.games:
        standing = play(standing, night, model, blinds)
    return standing


def top(values: dict[str, float], count: int = STRONG) -> frozenset[str]:
    return frozenset(sorted(values, key=lambda n: -values[n])[:count])


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


def hit_rates(seeds: range, model: Any = MODEL, blinds: str = "one", **shape: Any
              ) -> tuple[float, float, float]:
    """How often the two planted strong players are exactly the top two of
    the rating (μ − 3σ, as the pages rank it), of money, and of the share of
    games won."""
    hits = [0, 0, 0]
    for seed in seeds:
        season = simulate(seed, **shape)
        skills = rated(season, model, blinds).skills
        hits[0] += top({n: s.mu - 3 * s.sigma for n, s in skills.items()}) == season.strong
        hits[1] += top({n: float(v) for n, v in season.money.items()}) == season.strong
        hits[2] += top(won_share(season)) == season.strong
    return hits[0] / len(seeds), hits[1] / len(seeds), hits[2] / len(seeds)


def main() -> None:
    from openskill.models import MODELS, BradleyTerryFull, PlackettLuce

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--groups", type=int, default=300)
    parser.add_argument("--nights", type=int, default=8)
    args = parser.parse_args()
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
        rating, money, won = hit_rates(seeds, model(beta=beta), blinds, nights=args.nights)
        print(f"| {model.__name__} | {beta:.3g} | {blinds} | {rating:.1%} | {money:.1%} "
              f"| {won:.1%} | {time.perf_counter() - began:.0f} |", flush=True)


if __name__ == "__main__":
    main()
