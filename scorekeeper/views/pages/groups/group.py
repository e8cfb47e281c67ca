"""A group's pages for the phone that runs it (``/g/<id>``): its home (next
night, this season, recent nights), the season standings for any range, a
player's season, settling the carried nights, sharing and exporting; and
starting a group.  The read-only pages behind the group's share link are
:mod:`scorekeeper.views.viewers.group`; both draw the same templates.

Season pages are rendered once per version of the group (a change to any
of its nights raises it) and served from memory after that.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from flask import (
    Blueprint,
    abort,
    flash,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask_wtf import FlaskForm
from markupsafe import Markup
from werkzeug.wrappers import Response
from wtforms import HiddenField, RadioField, StringField, TextAreaField
from wtforms.validators import InputRequired, Length

from scorekeeper.ledger.season import NightResult
from scorekeeper.limits import (
    GROUP_NAME,
    MAX_GROUP_LIST,
    MAX_NIGHTS,
    whole_number,
)
from scorekeeper.policy.acl import OwnerAction
from scorekeeper.rules import PRESETS
from scorekeeper.services import ServiceError, uploads
from scorekeeper.services.grants import grants, handovers
from scorekeeper.services.grants.grants import new_token
from scorekeeper.services.groups import group as group_service
from scorekeeper.services.groups import seasons
from scorekeeper.services.groups import settings as group_settings
from scorekeeper.services.groups import settle as group_settle
from scorekeeper.services.groups.aliases import aliases_of, forgotten
from scorekeeper.services.groups.group import GroupHead
from scorekeeper.services.once import Once
from scorekeeper.services.writes import abandon
from scorekeeper.views import claims
from scorekeeper.views.access import grant_label, load_group, load_group_head, permission
from scorekeeper.views.forms import STAKE, WholeField
from scorekeeper.views.held import GROUPS_HELD, keep_running, session_token
from scorekeeper.views.json_errors import status_of
from scorekeeper.views.pages import refused
from scorekeeper.views.qr import link, qr_svg
from scorekeeper.views.rendered import RENDERED
from scorekeeper.views.throttle import throttled
from scorekeeper.views.viewers.season import (
    asked_page,
    asked_span,
    player_page,
    season_context,
)

bp = Blueprint("groups", __name__)

RECENT_NIGHTS = 8


class GroupForm(FlaskForm):
    """Start a group: its name, the regulars, how it plays and for how much."""

    name = StringField("Group name", validators=[InputRequired(), Length(max=GROUP_NAME)],
                       default="Thursday regulars")
    players = TextAreaField("Regulars", validators=[Length(max=MAX_GROUP_LIST)])
    preset = RadioField("How do you play?", choices=[(p.id, p.name) for p in PRESETS.values()],
                        default="called-ace", validators=[InputRequired()])
    stake_cents = WholeField("Stake per point (cents)", default=25,
                             validators=[InputRequired(), STAKE])
    submission = HiddenField()


@bp.route("/g/new", methods=["GET", "POST"])
@permission(OwnerAction.PUBLIC)
def new() -> str | Response | tuple[str, int]:
    """Start a group of regulars; this phone runs it."""
    form = GroupForm()
    if not form.submission.data:
        form.submission.data = new_token()
    error = None
    if request.method == "POST" and form.validate_on_submit():
        names = [n for n in (form.players.data or "").splitlines() if n.strip()]
        try:
            group, token = group_service.create_group(
                form.name.data, names, form.preset.data, None, form.stake_cents.data,
                once=Once(f"form:group:{form.submission.data[:64]}"))
        except ServiceError as failure:
            error = failure.message
        else:
            keep_running(group, token)
            flash(f"{group.name} is ready. Start its first night when you sit down.")
            return redirect(url_for("groups.home", group_id=group.id))
    page = render_template("groups/new.html", form=form, error=error,
                           presets=PRESETS.values())
    return (page, 400) if request.method == "POST" else page


@bp.app_template_global()
def night_line(night: NightResult, group_id: int, public: bool = False) -> Markup:
    """A night's line in a group's list, rendered once per version of the night
    (a season page after a save re-renders one line, not fifty)."""
    key = ("night-line", night.token, night.version, night.closed, night.settled,
           group_id, bool(public))
    body = RENDERED.get(key, lambda: render_template(
        "groups/_night_line.html", n=night, group_id=group_id, public=public))
    return Markup(body.decode())


def cached(key: tuple[Hashable, ...], render: Any) -> str | bytes:
    """A group page rendered once per ``key`` and served to every phone that
    runs the group (it holds no form, so no form token either); a page with a
    message for this phone only is its own."""
    if session.get("_flashes"):
        return str(render())
    return RENDERED.get(key, render)


def _season_page(group: GroupHead, template: str, variant: str, paged: bool = False,
                 **extra: Any) -> str | bytes:
    """A season page, rendered once per version of the group (which every
    change to one of its nights raises), season asked for and (``paged``:
    the season page) page of its nights."""
    asked = asked_span(paged)
    page = asked_page() if paged else 1
    key = ("group", group.view_token, group.version, variant, asked.key(), page,
           tuple(sorted(extra.items())))

    def render() -> str:
        return render_template(template, group=group, **season_context(group, asked, page),
                               **extra)
    return cached(key, render)


@bp.get("/g/<int:group_id>")
@permission(OwnerAction.RUN)
def home(group_id: int) -> str | bytes:
    """The group's home: tonight's night, this season, recent nights."""
    group = load_group_head(group_id)
    return _season_page(group, "groups/home.html", "home", recent=RECENT_NIGHTS)


@bp.get("/g/<int:group_id>/season")
@permission(OwnerAction.RUN)
def season_page(group_id: int) -> str | bytes:
    """Season standings for a year, any dates, or all time, and the season's
    nights a page at a time (``?page=``: the latest first)."""
    group = load_group_head(group_id)
    return _season_page(group, "groups/season.html", "season", paged=True)


@bp.get("/g/<int:group_id>/players/<name>")
@permission(OwnerAction.RUN)
def player(group_id: int, name: str) -> str:
    """One player's season."""
    group = load_group(group_id).row
    return player_page(group, name, "groups/player.html", aliases=aliases_of(group.id),
                       forgotten=[f for f in forgotten(group.id) if f.member == name])


@bp.get("/g/<int:group_id>/nights/<int:table_id>")
@permission(OwnerAction.RUN)
def night(group_id: int, table_id: int) -> Response | str:
    """One of the group's nights: its ledger on a phone that scores it, else
    its read-only share page; a night of totals, its totals."""
    group = load_group(group_id).row
    row = next((r for r in seasons.night_rows(group.id) if r.id == table_id), None)
    if row is None:
        abort(404, "That night isn't one of this group's")
    if row.paper:  # no hands to show: its totals, as they came
        return render_template("groups/paper_night.html", group=group,
                               night=seasons.night_result(row))
    if session_token(table_id):
        return redirect(url_for("hands.ledger", table_id=table_id))
    return redirect(url_for("viewer.view", token=row.view_token))


@bp.get("/g/<int:group_id>/settle")
@permission(OwnerAction.RUN)
def settle(group_id: int) -> str:
    """The carried nights and the fewest payments that clear them all."""
    group = load_group(group_id).row
    return render_template("groups/settle.html", group=group,
                           settlement=group_settle.carried_settlement(group.id))


@bp.post("/g/<int:group_id>/settle/paid")
@permission(OwnerAction.RUN)
def paid(group_id: int) -> Response | tuple[str, int]:
    """Everyone paid what the group's settle-up said: the carried nights clear."""
    group = load_group(group_id).row
    raw = request.form.get("nights", "")
    shown = [whole_number(n) for n in raw.split(",")] if raw else []
    if len(shown) > MAX_NIGHTS or any(n is None for n in shown):
        abort(400, "This form's list of nights isn't one this app wrote; reload the page "
              "and try again. Nothing was saved.")
    try:
        cleared = group_settle.mark_paid(group, [n for n in shown if n is not None])
    except ServiceError as error:
        return refused(f"Not done: {error.message}", status_of(error),
                       lambda: settle(group_id))
    flash(f"Paid: {cleared} carried night{'' if cleared == 1 else 's'} settled.")
    return redirect(url_for("groups.home", group_id=group_id))


HANDOVERS = "group_handovers"  # session key: group id → the code this phone showed
CLAIM = claims.ClaimPage(grants.GROUP, GROUPS_HELD, "groups/claim.html", "group", "groups.home",
                         "This phone now runs {name}.")


@bp.get("/g/<int:group_id>/share")
@permission(OwnerAction.RUN)
def share(group_id: int) -> str:
    """The group's read-only link and its QR code; a one-time code that lets
    another phone run the group, and the phones that can; what the group's
    pages show (its skill rating, or not)."""
    return _share_page(load_group(group_id))


def _share_page(checked: Any, rating_error: str | None = None) -> str:
    """The share page of the group ``checked`` (``rating_error``: why the
    rating switch just tapped changed nothing, said beside it)."""
    group = checked.row
    url = link("group_viewer.view", token=group.view_token)
    code = session.get(HANDOVERS, {}).get(str(group.id))
    live = handovers.live_handover(grants.GROUP, code) if isinstance(code, str) else None
    claim_url = link("groups.claim", code=code) if live is not None else None
    return render_template(
        "groups/share.html", group=group, share_url=url, handover=live, claim_url=claim_url,
        qr=Markup(qr_svg(url, f"QR code for {group.name}'s standings")),
        claim_qr=Markup(qr_svg(claim_url, "QR code to run the group")) if claim_url else None,
        editors=grants.active_grants(grants.GROUP, group), me=checked.grant,
        minutes=int(handovers.HANDOVER_LIFETIME.total_seconds() // 60),
        rating_error=rating_error)


@bp.post("/g/<int:group_id>/rating")
@permission(OwnerAction.RUN)
def rating(group_id: int) -> Response | tuple[str, int]:
    """Turn the group's skill rating off, or on again (``rating``: on|off)."""
    checked = load_group(group_id)
    wanted = {"on": True, "off": False}.get(request.form.get("rating", ""))
    try:
        said = group_settings.change_settings(
            checked.row, rating=wanted, by=grant_label(checked) or "Scorekeeper",
            seen=whole_number(request.form.get("version", ""), 0))
    except ServiceError as error:
        abandon()
        return _share_page(load_group(group_id), error.message), status_of(error)
    flash(f"{'; '.join(said.said)}.")
    return redirect(url_for("groups.share", group_id=group_id, _anchor="settings"))


@bp.post("/g/<int:group_id>/share/handover")
@permission(OwnerAction.RUN)
def handover(group_id: int) -> Response:
    """Show a one-time code for another phone (this phone keeps it to show its QR)."""
    group = load_group(group_id).row
    code = handovers.start_handover(grants.GROUP, group)
    session[HANDOVERS] = {**session.get(HANDOVERS, {}), str(group.id): code}
    return redirect(url_for("groups.share", group_id=group.id, _anchor="handover"))


@bp.route("/gclaim/<code>", methods=["GET", "POST"])
@permission(OwnerAction.PUBLIC)
def claim(code: str) -> str | Response | tuple[str, int]:
    """Opened from the code's QR: name this phone, then it runs the group too."""
    return claims.claim(CLAIM, code)


@bp.post("/g/<int:group_id>/editors/<int:editor_id>/revoke")
@permission(OwnerAction.RUN)
def revoke(group_id: int, editor_id: int) -> Response | tuple[str, int]:
    """Stop one phone running the group (never the last one)."""
    group = load_group(group_id).row
    try:
        gone = grants.revoke_grant(grants.GROUP, group, editor_id)
    except ServiceError as error:
        return refused(error.message, status_of(error), lambda: share(group_id))
    flash(f"{gone.label} can no longer run {group.name}.")
    return redirect(url_for("groups.share", group_id=group.id))


@bp.route("/g/import", methods=["GET", "POST"])
@permission(OwnerAction.PUBLIC)
@throttled
def import_page() -> str | Response | tuple[str, int]:
    """Bring in a group from its JSON export; a bad file creates nothing, and a
    double tap brings it in once (the form's one-time token)."""
    error = None
    submission = (request.form.get("submission") or new_token())[:64]
    if request.method == "POST":
        upload = request.files.get("file")
        if upload is None or not upload.filename:
            error = "Choose the group's .json export file"
        else:
            try:
                group, token, _ = uploads.bring(
                    "group", upload.read(), uploads.Asked(token=f"form:group-import:{submission}"))
            except ServiceError as failure:
                error = failure.message
            else:
                keep_running(group, token)
                flash(f"{group.name} is back with its nights.")
                return redirect(url_for("groups.home", group_id=group.id))
    page = render_template("groups/import.html", error=error, submission=submission)
    return (page, 400) if error else page
