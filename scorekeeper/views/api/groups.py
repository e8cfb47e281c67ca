"""JSON API v1, groups (see docs/api.md): start one, read it, its season
standings, a player's season, settling its carried nights, closing a night
(paid or carried), and a whole group's export and import.

A group's edit token reads and writes; its share token only reads.  A night
of the group is started with ``POST /tables`` and ``"group": <id>``,
authorised by the group's edit token.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from flask import Response, jsonify, request, url_for

from scorekeeper.limits import MAX_NAME_ASKED, MAX_NIGHTS, MAX_ROW_ID, QUOTED
from scorekeeper.names import find_name, name_key
from scorekeeper.policy.acl import Action, OwnerAction
from scorekeeper.services import NotFound, ServiceError
from scorekeeper.services.grants import grants
from scorekeeper.services.groups import exports as group_exports
from scorekeeper.services.groups import group as group_service
from scorekeeper.services.groups import ratings, seasons
from scorekeeper.services.groups import settings as group_settings
from scorekeeper.services.groups import settle as group_settle
from scorekeeper.services.nights import settle as settle_service
from scorekeeper.services.registry import owner_of
from scorekeeper.views.access import api_group, api_table, permission
from scorekeeper.views.api import bp, flag, if_match, request_body, request_once
from scorekeeper.views.api.exports import api_import
from scorekeeper.views.api.hands import retried
from scorekeeper.views.api.jobs import ANSWERS, accepted, asks_for_a_job, refused
from scorekeeper.views.qr import link
from scorekeeper.views.rendered import RENDERED
from scorekeeper.views.throttle import throttled

if TYPE_CHECKING:
    from scorekeeper.db.models import Group


def created_group(group: Group, token: str) -> tuple[Response, int, dict[str, str]]:
    """201 for a new group: the only time its edit token is shown."""
    body = {"id": group.id, "edit_token": token, "view_token": group.view_token,
            "view_url": link("group_viewer.view", token=group.view_token)}
    return jsonify(body), 201, {"Location": f"{bp.url_prefix}/groups/{group.id}",
                                "ETag": f'"{group.version}"'}


@bp.post("/groups")
@permission(OwnerAction.PUBLIC)
def create_group() -> tuple[Response, int, dict[str, str]]:
    """Start a group of regulars (players, rules and stake are optional)."""
    data = request_body()
    once = request_once(data)
    group, token = group_service.create_group(
        data.get("name"), data.get("players"), data.get("preset", "called-ace"),
        data.get("options"), data.get("stake_cents", 25), label="API client", once=once)
    if token is None:  # a retry: the same group, and a new token for the client
        token = grants.add_grant(grants.GROUP, group, "API client")
    return created_group(group, token)


@bp.get("/groups/<int:group_id>")
@permission(OwnerAction.READ_OWNER)
def show_group(group_id: int) -> Response:
    """The group: members, the next night's rules and stake, and its nights
    (a night of totals with its totals, in points and cents)."""
    group = api_group(group_id).row
    rows, results = seasons.results(group.id)
    return jsonify({
        "id": group.id, "name": group.name, "players": group_service.members(group),
        "preset": group.preset, "options": dict(group.options),
        "stake_cents": group.stake_cents, "rating": group.rating, "version": group.version,
        "nights": [{"id": row.id, "name": row.name, "played_on": row.played_on.isoformat(),
                    "hands": result.hands, "players": list(result.roster),
                    "closed": row.closed, "settled": row.settled,
                    **({"totals": result.points, "totals_cents": result.cents}
                       if result.paper else {})}
                   for row, result in zip(rows, results, strict=True)],
    })


@bp.patch("/groups/<int:group_id>")
@permission(OwnerAction.RUN)
def change_group(group_id: int) -> Response:
    """``{"rating": false}`` turns the group's skill rating off (its pages and
    API stop showing it; nothing it reads is lost), ``true`` back on."""
    group = api_group(group_id).row
    data = request_body()
    once = request_once(data)
    first = retried(once)
    if first is None:
        seen = if_match(group.version)
        first = (group_settings.change_settings(
            group, rating=data.get("rating"), by="API client", once=once,
            seen=seen.version if seen is not None else None).to_json(), 200)
    return jsonify(first[0])


def _span() -> seasons.Span:
    """The season asked for: a season, or a from/to range, never both."""
    args = request.args
    if args.get("season") and (args.get("from") or args.get("to")):
        raise ServiceError("Ask for a season or a from/to range, not both", "season")
    return seasons.span(args.get("season"), args.get("from"), args.get("to"))


@bp.get("/groups/<int:group_id>/standings")
@permission(OwnerAction.READ_OWNER)
def group_standings(group_id: int) -> Response:
    """Points and money over a season (``?season=YYYY|all``, or ``from``/``to``)."""
    group = api_group(group_id).row
    asked = _span()

    def answer() -> str:
        totals = seasons.standings(group.id, asked)
        rated = ratings.shown_ratings(group, asked)
        return json.dumps({
            "from": asked.start.isoformat() if asked.start else None,
            "to": asked.end.isoformat() if asked.end else None,
            "nights": len(totals.nights), "hands": totals.hands,
            "balances": totals.points, "balances_cents": totals.cents,
            "players": [{"rank": r.rank, "name": r.name, "nights": r.nights, "hands": r.hands,
                         "points": r.points, "cents": r.cents} for r in totals.rows],
            "rating": rated is not None,
            "ratings": [rating_json(r) for r in rated.rows] if rated else [],
            "rating_trend_nights": rated.trend_nights if rated else 0,
            "rating_settled_nights": ratings.SETTLED_NIGHTS,
            "rating_kind": ratings.kind_of(asked),
        }, ensure_ascii=False)
    return _kept(group, ("standings", asked.key()), answer)


def _kept(group: Group, what: tuple[Any, ...], answer: Any) -> Response:
    """A JSON answer worked out once per version of the group (every change to
    one of its nights raises it) and kept for the requests that follow."""
    body = RENDERED.get(("group-api", group.view_token, group.version, *what), answer)
    return Response(body, mimetype="application/json")


@bp.get("/groups/<int:group_id>/players/<name>")
@permission(OwnerAction.READ_OWNER)
def group_player(group_id: int, name: str) -> Response:
    """One player's season (``?season=``, ``from``, ``to`` as for standings)."""
    group = api_group(group_id).row
    asked = _span()

    def answer() -> str:
        found = find_name(name[:MAX_NAME_ASKED], group_service.members(group))
        if found is None:
            return "null"
        mine = seasons.player_view(group.id, asked, found)["me"]
        rated = ratings.player_rating(group, asked, found)
        return json.dumps(player_json(found, mine, rated), ensure_ascii=False)
    response = _kept(group, ("player", name_key(name[:MAX_NAME_ASKED]), asked.key()), answer)
    if response.get_data() == b"null":
        raise NotFound(f"{name[:QUOTED]} isn't a player of this group")
    return response


def rating_json(row: ratings.RatingRow) -> dict[str, Any]:
    """A player's skill rating as the API answers it (docs/groups.md, "Rating";
    provisional under ratings.SETTLED_NIGHTS nights, docs/rating.md)."""
    return {"rank": row.rank, "name": row.name, "rating": row.rating, "trend": row.trend,
            "games": row.games, "nights": row.nights, "provisional": row.provisional,
            "mu": round(row.mu, 3), "sigma": round(row.sigma, 3)}


def _rated_json(rated: ratings.PlayerRating | None) -> dict[str, Any]:
    """A player's rating, best partner and toughest opponent (null: none)."""
    row = rated.row if rated else None
    partner = rated.best_partner if rated else None
    opponent = rated.toughest_opponent if rated else None
    return {
        "rating": rating_json(row) if row else None,
        "rating_kind": rated.kind if rated else None,
        "best_partner": {"name": partner.name, "won": partner.count, "together": partner.of}
        if partner else None,
        "toughest_opponent": {"name": opponent.name, "lost": opponent.count,
                              "against": opponent.of} if opponent else None,
    }


def player_json(name: str, mine: Any, rated: ratings.PlayerRating | None = None
                ) -> dict[str, Any]:
    """A player's season as the API answers it: every key always, zeros (and
    null for a night, a hand or a rating) when they played no night in it."""
    if mine is None:
        return {"name": name, "nights": 0, "hands": 0, "points": 0, "cents": 0, "picks": 0,
                "picker_wins": 0, "picker_win_percent": None, "partner": 0,
                "partner_wins": 0, "leasters_won": 0, "winning_nights": 0,
                "losing_nights": 0, "best_night": None, "worst_night": None,
                "biggest_hand": None, "worst_hand": None, "longest_winning_streak": 0,
                "longest_losing_streak": 0, "current_streak": 0, **_rated_json(None)}

    def night(mark: Any) -> dict[str, Any] | None:
        if mark is None:
            return None
        return {"table": mark.night.table_id, "played_on": mark.night.played_on.isoformat(),
                "points": mark.points, "cents": mark.cents}

    def hand(big: Any) -> dict[str, Any] | None:
        if big is None:
            return None
        return {"table": big.night.table_id, "played_on": big.night.played_on.isoformat(),
                "hand": big.number, "points": big.points}

    return {
        "name": name, "nights": mine.nights, "hands": mine.hands, "points": mine.points,
        "cents": mine.cents, "picks": mine.picked, "picker_wins": mine.picker_wins,
        "picker_win_percent": mine.win_percent, "partner": mine.partner,
        "partner_wins": mine.partner_wins, "leasters_won": mine.leasters_won,
        "winning_nights": mine.winning_nights, "losing_nights": mine.losing_nights,
        "best_night": night(mine.best_night), "worst_night": night(mine.worst_night),
        "biggest_hand": hand(mine.biggest_hand), "worst_hand": hand(mine.worst_hand),
        "longest_winning_streak": mine.longest_winning_streak,
        "longest_losing_streak": mine.longest_losing_streak,
        "current_streak": mine.current_streak, **_rated_json(rated),
    }


@bp.get("/groups/<int:group_id>/settlement")
@permission(OwnerAction.READ_OWNER)
def group_settlement(group_id: int) -> Response:
    """The fewest payments that settle every carried night together."""
    group = api_group(group_id).row
    settled = group_settle.carried_settlement(group.id)
    return jsonify({
        "transfers": [{"from": t.payer, "to": t.payee, "cents": t.cents}
                      for t in settled.transfers],
        "nights": [row.id for row in settled.nights], "owed_cents": settled.owed,
    })


@bp.post("/groups/<int:group_id>/settlement/paid")
@permission(OwnerAction.RUN)
def group_paid(group_id: int) -> Response:
    """The group's settle-up was paid: its carried nights are cleared.  A body
    ``{"nights": [...]}`` (the settlement's) refuses it if the tab holds other
    nights now; a retry with the same Idempotency-Key gets the first answer."""
    group = api_group(group_id).row
    data = request_body()
    shown = data.get("nights")
    if shown is not None and not (
            isinstance(shown, list) and len(shown) <= MAX_NIGHTS
            and all(isinstance(n, int) and not isinstance(n, bool) and 0 < n <= MAX_ROW_ID
                    for n in shown)):
        raise ServiceError("nights must be the settlement's list of night ids", "nights")
    once = request_once(data)
    return jsonify({"cleared": group_settle.mark_paid(group, shown, once)})


@bp.post("/tables/<int:table_id>/close")
@permission(Action.CLOSE)
def close_table(table_id: int) -> Response:
    """End the night; a group's night is paid at the table or, with
    ``{"carry": true}``, carried to the group's settle-up.  A closed night
    is closed already (409 ``closed``); a close retried under its
    ``Idempotency-Key`` answers as it first did."""
    state = api_table(table_id, retry=True).state
    table = state.table
    data = request_body()
    once = request_once(data)
    first = retried(once)
    if first is None:
        carry = flag(data, "carry")
        owner_of(table).check_carry(carry)  # a night of no group is never carried
        seen = if_match(state.version)
        settle_service.close_table(table, carry, once,
                                   seen.version if seen is not None else None)
        first = ({"id": table.id, "closed": True, "settled": table.settled}, 200)
    answer = jsonify(first[0])
    answer.status_code = first[1]
    return answer


@bp.get("/groups/<int:group_id>/export")
@permission(OwnerAction.RUN)
def export_group(group_id: int) -> Response:
    """The whole group, every night with its history: edit token only.
    Asked with ``Prefer: respond-async`` while the file isn't written at the
    group's version, the job that writes it (202); done, this answers the
    file at once."""
    group = api_group(group_id).row
    if asks_for_a_job() and group_exports.kept(group) is None:
        return accepted(*group_exports.export_job(group, refused))
    return Response(group_exports.export_json(group), mimetype="application/json")


ANSWERS["group_export"] = lambda answer: {
    **answer, "file": url_for("api.export_group", group_id=answer["group"])}


@bp.get("/groups/<int:group_id>/export.csv")
@permission(OwnerAction.RUN)
def export_group_csv(group_id: int) -> Response:
    """The group's nights as a spreadsheet the sheet import reads back."""
    group = api_group(group_id).row
    return Response(group_exports.export_csv(group), mimetype="text/csv")


@bp.post("/groups/import")
@permission(OwnerAction.PUBLIC)
@throttled
def import_group() -> tuple[Response, int, dict[str, str]]:
    """Recreate an exported group with all its nights; checked in full first."""
    group, token = api_import("group")
    if token is None:
        token = grants.add_grant(grants.GROUP, group, "API client")
    return created_group(group, token)
