"""The lifetime rating: one skill per player fitted to every game of the
range at once, each game counted alike whenever it was played, where the
game-by-game rating (:mod:`.ladder`) follows a player's form.

The ladder moves each player a little after each game and, with β = 50,
hardly grows surer of anyone (σ stays near its start), so every game moves
it about as much as the first did: after a few hundred games it says how a
player has been doing lately, not over seventeen years (a strong player who
declines falls to the bottom of it within a season, docs/rating.md,
"Lifetime and form").  The lifetime figure is the Bradley-Terry model the
ladder uses, fitted to all the games together: the chance that one side
beats the other is the logistic of the difference of their summed skills
(the picking side with what picking is worth, the blind, as one more
skill); a game of several ranked players (a night of totals) is each pair
of them, weighted so that each player meets one opponent's worth a game.
Each skill has the ladder's prior (σ 25/3 around 25, on the ladder's
scale), so a player of few games stays near the start and the fit exists
whatever the games.  Diagonal Newton steps from the start (or from an
earlier fit) until no skill moves by more than :data:`CLOSE`.

Only the standard library; :func:`fit` answers the ladder's :class:`Skill`,
so the pages show, rank and mark it provisional as they do the ladder's.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence

from scorekeeper.rating.games import Game
from scorekeeper.rating.ladder import MODEL, Skill

#: The ladder's scale: a difference of ``C`` in μ is one logit (its c with
#: two players of the starting σ: √(2β² + 2σ²)).
C = math.sqrt(2 * MODEL.beta ** 2 + 2 * MODEL.sigma ** 2)
#: The prior's precision in logits (σ 25/3 on the ladder's scale).
PRIOR = (C / MODEL.sigma) ** 2
#: Stop when no skill moves by more than this (logits), or after ROUNDS.
CLOSE = 1e-4
ROUNDS = 60
BLIND = "\x00blind"

Term = tuple[tuple[str, ...], tuple[str, ...], float]  # winners, losers, weight


def terms(games: Iterable[Game]) -> list[Term]:
    """Each game as who beat whom: a hand, its winning side over the losing
    (the picking side with the blind); a game of ranked players, each pair
    of different rank, weighted 1/(players − 1)."""
    found: list[Term] = []
    for game in games:
        if game.sides:
            picking, defense = game.teams
            picking = (*picking, BLIND)
            won = game.ranks[0] < game.ranks[1]
            found.append((picking, defense, 1.0) if won else (defense, picking, 1.0))
            continue
        weight = 1.0 / max(1, len(game.teams) - 1)
        for i, first in enumerate(game.teams):
            for j in range(i + 1, len(game.teams)):
                if game.ranks[i] != game.ranks[j]:
                    better, worse = (first, game.teams[j]) if game.ranks[i] < game.ranks[j] \
                        else (game.teams[j], first)
                    found.append((better, worse, weight))
    return found


def _logistic(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x)) if x >= 0 else math.exp(x) / (1.0 + math.exp(x))


def fit(games: Sequence[Game], nights: Mapping[str, int],
        start: Mapping[str, float] | None = None) -> tuple[dict[str, Skill], dict[str, float]]:
    """Every player's lifetime skill over ``games`` (``nights``: each one's
    nights, for provisional), and the fitted logits (to start a later fit
    from)."""
    found = terms(games)
    theta: dict[str, float] = {}
    for winners, losers, _ in found:
        for name in (*winners, *losers):
            theta.setdefault(name, (start or {}).get(name, 0.0))
    counted: dict[str, int] = dict.fromkeys(theta, 0)
    for game in games:
        for name in game.players:
            counted[name] = counted.get(name, 0) + 1
    hessian: dict[str, float] = {}
    for _ in range(ROUNDS):
        gradient = {name: -PRIOR * value for name, value in theta.items()}
        hessian = dict.fromkeys(theta, PRIOR)
        for winners, losers, weight in found:
            gap = sum(theta[n] for n in winners) - sum(theta[n] for n in losers)
            p = _logistic(gap)
            push, curve = weight * (1.0 - p), weight * p * (1.0 - p)
            for name in winners:
                gradient[name] += push
                hessian[name] += curve
            for name in losers:
                gradient[name] -= push
                hessian[name] += curve
        moved = 0.0
        for name in theta:
            step = gradient[name] / hessian[name]
            theta[name] += step
            moved = max(moved, abs(step))
        if moved < CLOSE:
            break
    skills = {name: Skill(MODEL.mu + C * value, C / math.sqrt(hessian.get(name, PRIOR)),
                          counted.get(name, 0), nights.get(name, 0))
              for name, value in theta.items() if name != BLIND}
    return skills, theta
