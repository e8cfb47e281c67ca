"""A group's season: each night's result (kept per night version), the
nights a season page covers, and the standings they add up to.

The pages and the API ask here; the adding up is :mod:`scorekeeper.ledger.season`.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Any

from sqlalchemy import bindparam, select

from scorekeeper.db.engine import writing
from scorekeeper.db.models import GameTable, Owner, db
from scorekeeper.ledger.season import (
    NightResult,
    Season,
    paper_night,
    played_between,
    player_season,
    season,
    season_chart,
)
from scorekeeper.ledger.stats import player_stats
from scorekeeper.limits import EARLIEST, LATEST
from scorekeeper.services import NotFound, ServiceError, caches
from scorekeeper.services.checks import check_date
from scorekeeper.services.groups.group import CARRIED
from scorekeeper.services.nights.paper import totals_of
from scorekeeper.services.nights.state import TableState

#: Each group night's result for the season at its latest version read
#: (version, result), by the night's share token.
RESULTS: caches.Recent[str, tuple[int, NightResult]] = caches.register(
    "night results", caches.Recent(8192))


@dataclass(frozen=True)
class NightRow:
    """What the group's pages read of each night without loading it."""

    id: int
    name: str
    view_token: str
    version: int
    played_on: date
    closed: bool
    settled: str | None
    #: A night of totals (:mod:`scorekeeper.services.nights.paper`).
    paper: bool = False


_NIGHTS = (select(GameTable.id, GameTable.name, Owner.view_token, Owner.version,
                  GameTable.played_on, Owner.created_at, GameTable.closed_at,
                  GameTable.settled, GameTable.totals)
           .join(GameTable.owner).where(GameTable.group_id == bindparam("group"))
           .order_by(GameTable.played_on, GameTable.id))


def night_rows(group_id: int) -> list[NightRow]:
    """The group's nights, oldest first, in one query."""
    return [NightRow(r.id, r.name, r.view_token, r.version,
                     r.played_on or _day(r.created_at), r.closed_at is not None, r.settled,
                     r.totals is not None)
            for r in db.session.execute(_NIGHTS, {"group": group_id})]


def _day(moment: datetime) -> date:
    return (moment if moment.tzinfo else moment.replace(tzinfo=UTC)).date()


def night_result(row: NightRow) -> NightResult:
    """The night's result for the season: kept per version, else replayed
    (through the nights kept in memory) and kept."""
    kept = RESULTS.get(row.view_token)
    known = kept[1] if kept is not None and kept[0] == row.version else None
    if known is not None and (known.closed, known.settled) == (row.closed, row.settled):
        return known
    table = db.session.get(GameTable, row.id)
    if table is None:
        raise NotFound("No such night")
    totals = totals_of(table)
    if totals is not None:
        result = paper_night(row.id, row.name, row.played_on, totals, table.stake_cents,
                             closed=row.closed, settled=row.settled, version=row.version,
                             token=row.view_token)
        if not writing(db.session):
            RESULTS.put(row.view_token, (row.version, result))
        return result
    state = TableState.load(table)
    result = result_of(state, row)
    if state.cacheable and state.version == row.version:
        RESULTS.put(row.view_token, (row.version, result))
    return result


def result_of(state: TableState, row: NightRow) -> NightResult:
    """A loaded night as the season reads it: who played at least one hand
    played the night (a player who only sat out, or came too late, did not)."""
    night = state.night
    standings = state.standings
    played = tuple(n for n in state.players if any(n in r.seated for r in night.results))
    return NightResult(
        table_id=row.id, name=row.name, played_on=row.played_on, hands=len(night.results),
        players=played, points={n: night.balances[n] for n in played},
        cents={n: standings.cents[n] for n in played},
        stats={n: player_stats(night, n) for n in played},
        closed=row.closed, settled=row.settled, roster=state.players, version=row.version,
        token=row.view_token)


def results(group_id: int) -> tuple[list[NightRow], list[NightResult]]:
    """Every night of the group and its result, oldest first."""
    rows = night_rows(group_id)
    return rows, [night_result(r) for r in rows]


# --- seasons ------------------------------------------------------------------------

@dataclass(frozen=True)
class Span:
    """The dates a season page or answer covers (None: open at that end)."""

    start: date | None
    end: date | None
    label: str
    #: The query string that asks for it again (``season=2026``, ``season=all``…).
    query: dict[str, str]

    def key(self) -> tuple[object, ...]:
        """Everything a page of this span shows of it: what a kept page is
        kept under (``?season=2026`` and ``?from=2026-01-01&to=2026-12-31``
        cover the same dates but say them differently)."""
        return self.start, self.end, self.label, tuple(sorted(self.query.items()))


def span(season: str | None, start: str | None, end: str | None,
         today: date | None = None) -> Span:
    """The range a request asks for: ``from``/``to`` dates, else ``season=YYYY``
    or ``season=all``, else this calendar year."""
    if start or end:
        first = check_date(start, "from") if start else None
        last = check_date(end, "to") if end else None
        if first and last and first > last:
            raise ServiceError("'from' must not be after 'to'", "from")
        words = f"{first or 'the start'} to {last or 'now'}"
        query = {k: v for k, v in (("from", start), ("to", end)) if v}
        return Span(first, last, words, query)
    if season == "all":
        return Span(None, None, "All time", {"season": "all"})
    year = (today or date.today()).year
    if season not in (None, ""):
        if not (isinstance(season, str) and season.isascii() and season.isdigit()
                and len(season) == 4 and EARLIEST.year <= int(season) <= LATEST.year):
            raise ServiceError("season must be a year (YYYY) or 'all'", "season")
        year = int(season)
    return Span(date(year, 1, 1), date(year, 12, 31), str(year), {"season": str(year)})




# --- what a season page shows ---------------------------------------------------------

def _years(rows: list[NightRow]) -> list[int]:
    return sorted({r.played_on.year for r in rows}, reverse=True)


def standings(group_id: int, asked: Span) -> Season:
    """The season's standings over the nights ``asked`` covers."""
    _, found = results(group_id)
    return season(played_between(found, asked.start, asked.end))


def season_view(group_id: int, asked: Span) -> dict[str, Any]:
    """What a season page shows (the scorekeeper's and the share link's): the
    standings and their chart, the years with nights, the nights newest
    first, the nights still open and those carried to the group's tab."""
    rows, found = results(group_id)
    totals = season(played_between(found, asked.start, asked.end))
    return {"span": asked, "season": totals, "chart": season_chart(totals),
            "years": _years(rows), "nights": list(reversed(totals.nights)),
            "open_nights": [r for r in rows if not r.closed],
            "carried": [r for r in rows if r.settled == CARRIED]}


def player_view(group_id: int, asked: Span, name: str) -> dict[str, Any]:
    """What a player's season page shows: their season over ``asked``."""
    rows, found = results(group_id)
    return {"span": asked, "name": name,
            "me": player_season(played_between(found, asked.start, asked.end), name),
            "years": _years(rows)}
