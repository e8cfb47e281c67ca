"""A skill rating for each member of a group, apart from money: who won each
hand, not how much, updated hand by hand in the order the group played
(by date, then night, then hand).  The season page and a player's page show
it beside the money; the API answers it with the standings and a player's
season.  A rating of fewer than :data:`SETTLED_NIGHTS` nights in the range is
provisional: marked so, and ranked after every settled rating.

Worked out once per version, like the season table: each night's games are
kept per night version (:data:`GAMES`), and the rating after each night of
a season is kept with the nights' versions it was worked out from
(:data:`LADDERS`), so an edited hand replays the ratings from its night on
and a hand saved in tonight's night replays tonight's games only.

:mod:`.games` says which games a night gives; :mod:`.ladder` rates them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date
from typing import Protocol

from scorekeeper.db.engine import writing
from scorekeeper.db.models import GameTable, db
from scorekeeper.names import sort_key
from scorekeeper.rating import lifetime
from scorekeeper.rating.games import Game, hand_games, totals_game
from scorekeeper.rating.ladder import (
    FORM,
    KINDS,
    LIFETIME,
    SCALE,
    SETTLED_NIGHTS,
    Pair,
    Skill,
    Standing,
    play,
    rank_key,
)
from scorekeeper.rules import HandResult, Rules
from scorekeeper.services import NotFound, caches
from scorekeeper.services.groups.seasons import NightRow, Span, night_rows
from scorekeeper.services.nights.paper import totals_of
from scorekeeper.services.nights.state import TableState

__all__ = ["SCALE", "SETTLED_NIGHTS", "TREND_NIGHTS", "Ratings", "RatingRow", "PlayerRating",
           "Partner", "season_ratings", "shown_ratings", "player_rating"]

#: How many of a season's last nights (with a rated game) the trend covers.
TREND_NIGHTS = 3


@dataclass(frozen=True)
class _Games:
    """A night's games at a version, and the last hand result they were read
    from (a replay after a hand saved keeps the results before it: the same
    objects, so only the hands after them are read again)."""

    version: int
    games: tuple[Game, ...]
    hands: int
    last: HandResult | None


#: Each night's games at its latest version read, by share token.
GAMES: caches.Recent[str, _Games] = caches.register("rated games", caches.Recent(8192))


@dataclass(frozen=True)
class _Kept:
    """A season's ratings after each of its nights, and what they came from:
    the group's version, each night's (share token, version) and games."""

    group_version: int
    nights: tuple[tuple[str, int], ...]
    after: tuple[Standing, ...]
    games: tuple[tuple[Game, ...], ...]


#: A season's ratings night by night, by (group share token, first day, last day).
LADDERS: caches.Recent[tuple[str, date | None, date | None], _Kept] = caches.register(
    "ratings", caches.Recent(256))


class GroupLike(Protocol):
    """What the ratings read of a group (a row or a season page's head)."""

    @property
    def id(self) -> int: ...
    @property
    def view_token(self) -> str: ...
    @property
    def version(self) -> int: ...
    @property
    def rating(self) -> bool: ...


@dataclass(frozen=True)
class RatingRow:
    """One player's rating: ``rating`` is the number shown, ``trend`` its change
    over the season's last nights (None: not rated before them), ``nights``
    the nights with a game of his; ``provisional`` until they are
    :data:`SETTLED_NIGHTS` (ranked after every settled rating)."""

    rank: int
    name: str
    rating: int
    mu: float
    sigma: float
    games: int
    trend: int | None
    nights: int
    provisional: bool


@dataclass(frozen=True)
class Ratings:
    """A season's ratings, best first, and the standing they come from."""

    rows: tuple[RatingRow, ...]
    #: The nights the trend covers (up to TREND_NIGHTS).
    trend_nights: int
    standing: Standing
    by_name: Mapping[str, RatingRow] = field(default_factory=dict)
    #: Which rating it is: FORM (game by game) or LIFETIME (every game alike).
    kind: str = FORM

    @property
    def label(self) -> str:
        return KINDS[self.kind]

    def of(self, name: str) -> RatingRow | None:
        return self.by_name.get(name)

    @property
    def trended(self) -> bool:
        """Whether anyone was rated before the nights the trend covers."""
        return any(row.trend is not None for row in self.rows)

    @property
    def provisional(self) -> int:
        """How many of the ratings are provisional."""
        return sum(row.provisional for row in self.rows)

    @property
    def settled_nights(self) -> int:
        return SETTLED_NIGHTS


@dataclass(frozen=True)
class Partner:
    """Another player and two counts: ``count`` of ``of`` hands (won together
    of the hands together on the picking side; lost to them of the hands
    against them)."""

    name: str
    count: int
    of: int


@dataclass(frozen=True)
class PlayerRating:
    """A player's rating, best partner and toughest opponent over a season
    (``row`` None: not rated, or the group keeps no rating: ``shown``)."""

    row: RatingRow | None
    best_partner: Partner | None
    toughest_opponent: Partner | None
    trend_nights: int
    players: int
    #: Whether the group keeps a rating (off: partners and opponents only).
    shown: bool = True
    kind: str = FORM

    @property
    def label(self) -> str:
        return KINDS[self.kind]

    @property
    def settled_nights(self) -> int:
        return SETTLED_NIGHTS


def shown_ratings(group: GroupLike, asked: Span) -> Ratings | None:
    """The season's ratings as its pages and API show them: None when the
    group has turned its rating off (``Group.rating``)."""
    return season_ratings(group, asked) if group.rating else None


def season_ratings(group: GroupLike, asked: Span) -> Ratings:
    """Every player's rating over the nights ``asked`` covers, best first:
    the settled ratings by the number shown, then the provisional ones (fewer
    than :data:`SETTLED_NIGHTS` nights in the range) by the same number.
    Equal numbers of the same kind share a rank.  All time is the lifetime
    fit (:mod:`scorekeeper.rating.lifetime`), a season or dates the form
    (:func:`kind_of`)."""
    after, played = _after_each_night(group, asked)
    final = after[-1] if after else Standing()
    counted = [i for i, s in enumerate(after) if s.games > (after[i - 1].games if i else 0)]
    window = counted[-TREND_NIGHTS:]
    kind = kind_of(asked)
    if kind == LIFETIME:
        nights = {name: skill.nights for name, skill in final.skills.items()}
        skills, before = _lifetime(group, played, nights, window[0] if window else 0)
    else:
        skills = dict(final.skills)
        before = dict((after[window[0] - 1] if window and window[0] else Standing()).skills)
    order = sorted(skills, key=lambda n: (*rank_key(skills[n]), sort_key(n)))
    rows: list[RatingRow] = []
    for index, name in enumerate(order):
        skill = skills[name]
        then = before.get(name)
        same = rows and (rows[-1].rating, rows[-1].provisional) == (skill.shown,
                                                                     skill.provisional)
        rows.append(RatingRow(rows[-1].rank if same else index + 1, name, skill.shown,
                              skill.mu, skill.sigma, skill.games,
                              None if then is None else skill.shown - then.shown,
                              skill.nights, skill.provisional))
    return Ratings(tuple(rows), len(window), final, {row.name: row for row in rows}, kind)


def kind_of(asked: Span) -> str:
    """Which rating a range shows: all time the lifetime one, every game
    alike; a season or dates the form, game by game."""
    return LIFETIME if asked.start is None and asked.end is None else FORM


#: The lifetime fits, by group share token: (the nights' versions, the fit
#: now, the fit before the trend's nights).
FITS: caches.Recent[str, tuple[tuple[object, ...], dict[str, Skill], dict[str, Skill]]] = \
    caches.register("lifetime ratings", caches.Recent(256))


def _lifetime(group: GroupLike, played: tuple[tuple[Game, ...], ...], nights: dict[str, int],
              trend_from: int) -> tuple[dict[str, Skill], dict[str, Skill]]:
    """The lifetime fit of every game played, and of the games before the
    trend's nights (``trend_from``: the first of them), kept per version."""
    key = (group.version, tuple(len(g) for g in played), trend_from,
           tuple(sorted(nights.items())), tuple(hash(g) for g in played))
    kept = FITS.get(group.view_token)
    if kept is not None and kept[0] == key:
        return kept[1], kept[2]
    earlier = [game for games in played[:trend_from] for game in games]
    then, start = lifetime.fit(earlier, nights) if earlier else ({}, {})
    now, _ = lifetime.fit([game for games in played for game in games], nights, start)
    FITS.put(group.view_token, (key, now, then))
    return now, then


def player_rating(group: GroupLike, asked: Span, name: str) -> PlayerRating:
    """``name``'s rating over ``asked``, with whom he won most hands on the
    picking side and to whom he lost most hands."""
    ratings = season_ratings(group, asked)
    standing = ratings.standing
    return PlayerRating(
        ratings.of(name) if group.rating else None,
        _most(name, standing.won_with, standing.together),
        _most(name, standing.lost_to, standing.against), ratings.trend_nights,
        len(ratings.rows), group.rating, ratings.kind)


def _most(name: str, counts: Mapping[Pair, int], of: Mapping[Pair, int]) -> Partner | None:
    """The other player ``name`` counts most with (then the higher share of
    the hands, then by name); None when the count is 0 for everyone."""
    found = [Partner(other, count, of[(me, other)])
             for (me, other), count in counts.items() if me == name and count]
    found.sort(key=lambda p: (-p.count, -p.count / p.of, sort_key(p.name)))
    return found[0] if found else None


# --- kept per version -------------------------------------------------------------

def _after_each_night(group: GroupLike, asked: Span
                      ) -> tuple[tuple[Standing, ...], tuple[tuple[Game, ...], ...]]:
    """The standing after each night of the season, oldest first, and each
    night's games: kept with
    the versions it was worked out from, and replayed from the first night
    whose version changed (an edited hand); a night whose games only grew
    (a hand saved tonight) plays its new games on from where it stood."""
    rows = [row for row in night_rows(group.id)
            if (asked.start is None or row.played_on >= asked.start)
            and (asked.end is None or row.played_on <= asked.end)]
    nights = tuple((row.view_token, row.version) for row in rows)
    key = (group.view_token, asked.start, asked.end)
    kept = LADDERS.get(key)
    if kept is not None and (kept.group_version, kept.nights) == (group.version, nights):
        return kept.after, kept.games
    same = 0
    if kept is not None:
        while same < min(len(nights), len(kept.nights)) and nights[same] == kept.nights[same]:
            same += 1
    after = list(kept.after[:same]) if kept is not None else []
    played = list(kept.games[:same]) if kept is not None else []
    sure = True
    for index, row in enumerate(rows[same:], start=same):
        games, read_at_version = night_games_of(row)
        sure = sure and read_at_version
        grown = _grown(kept, index, row.view_token, games) if index == same else None
        if grown is not None:
            after.append(play(*grown))  # the same night, played on
        else:
            after.append(play((after[-1] if after else Standing()).next_night(), games))
        played.append(games)
    if sure:
        LADDERS.put(key, _Kept(group.version, nights, tuple(after), tuple(played)))
    return tuple(after), tuple(played)


def _grown(kept: _Kept | None, index: int, token: str, games: tuple[Game, ...]
           ) -> tuple[Standing, tuple[Game, ...]] | None:
    """Where night ``index`` (every night before it unchanged) stood when kept,
    and its games since, if it only grew since (None: it must be replayed)."""
    if kept is None or index >= len(kept.nights) or kept.nights[index][0] != token:
        return None
    before = kept.games[index]
    if games[:len(before)] != before:
        return None
    return kept.after[index], games[len(before):]


def night_games_of(row: NightRow) -> tuple[tuple[Game, ...], bool]:
    """A night's games (kept per night version), and whether they were read
    at the version ``row`` says (else they are not kept)."""
    kept = GAMES.get(row.view_token)
    if kept is not None and kept.version == row.version:
        return kept.games, True
    table = db.session.get(GameTable, row.id)
    if table is None:
        raise NotFound("No such night")
    totals = totals_of(table)
    if totals is not None:
        games, last = totals_game(totals), None
        results: tuple[HandResult, ...] = ()
        sure = table.version == row.version and not writing(db.session)
    else:
        state = TableState.load(table)
        results = state.night.results
        games, last = _games_since(kept, state.rules, results), results[-1] if results else None
        sure = state.cacheable and state.version == row.version
    if sure:
        GAMES.put(row.view_token, _Games(row.version, games, len(results), last))
    return games, sure


def _games_since(kept: _Games | None, rules: Rules, results: tuple[HandResult, ...]
                 ) -> tuple[Game, ...]:
    """The games of ``results``: those kept, and the hands after them, when
    the last hand result they were read from is still there (a hand saved);
    else all of them read again."""
    if kept is not None and 0 < kept.hands <= len(results) \
            and results[kept.hands - 1] is kept.last:
        return kept.games + hand_games(rules, results[kept.hands:])
    return hand_games(rules, results)
