"""The other spellings of a group's members' names, remembered: a name the
organiser matched to a member when a sheet came in ("Jacob Buysse" is Jake,
by spelling, by sound or by his own choice) is kept, so the next sheet that
spells it so is matched by itself, and listed on the member's page, where it
may be forgotten.  Taking back the import that taught a spelling forgets it
too (:mod:`scorekeeper.services.groups.sheets.undo`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select

from scorekeeper.db.models import GROUP, AuditEntry, Member, MemberAlias, db
from scorekeeper.limits import MAX_ROW_ID, PLAYER_NAME
from scorekeeper.names import name_key
from scorekeeper.services import NotFound, ServiceError, checks, writes
from scorekeeper.services.once import Once, earlier

#: The history's word for a spelling forgotten, and for a sheet's import
#: taken back (with the spellings it taught, forgotten with it).
FORGET = "forget alias"
TAKEN_BACK = "undo import"
#: Why a spelling taken back with its import is forgotten, as listed.
WITH_ITS_IMPORT = "taken back with the import that taught it"


@dataclass(frozen=True)
class Alias:
    """One remembered spelling: its id, the spelling and whose it is."""

    id: int
    alias: str
    member: str

    def to_json(self) -> dict[str, object]:
        return {"id": self.id, "alias": self.alias, "member": self.member}


def aliases_of(group_id: int) -> list[Alias]:
    """The group's remembered spellings, oldest first."""
    return [Alias(row.id, row.alias, name) for row, name in db.session.execute(
        select(MemberAlias, Member.name).join(Member, Member.id == MemberAlias.member_id)
        .where(MemberAlias.group_id == group_id).order_by(MemberAlias.id))]


def remembered(group_id: int) -> dict[str, str]:
    """Each remembered spelling's key → the member's name (what a sheet's
    names are matched by first)."""
    return {name_key(a.alias): a.member for a in aliases_of(group_id)}


def remember(group_id: int, spellings: Iterable[tuple[str, str]], import_id: int) -> list[str]:
    """Keep each (spelling, member) the organiser confirmed that isn't the
    member's own name or one kept already, inside the import's write;
    returns the spellings kept."""
    known = remembered(group_id)
    members = {m.name: m for m in db.session.scalars(
        select(Member).where(Member.group_id == group_id))}
    kept = []
    for spelling, name in spellings:
        key = name_key(spelling)
        member = members.get(name)
        if member is None or key == name_key(name) or key in known \
                or len(spelling) > PLAYER_NAME:
            continue
        db.session.add(MemberAlias(group_id=group_id, member_id=member.id, alias=spelling,
                                   import_id=import_id))
        known[key] = name
        kept.append(spelling)
    return kept


def forget(group_id: int, alias_id: object, by: str | None = None, once: Once | None = None,
           seen: int | None = None, why: object = None) -> Alias:
    """Forget one remembered spelling (the next sheet asks again who it is),
    as one change of the group, saying why if asked (:func:`forgotten`
    lists it from then on); returns what was forgotten."""
    if isinstance(alias_id, bool) or not isinstance(alias_id, int) \
            or not 0 < alias_id <= MAX_ROW_ID:
        raise ServiceError("alias must be the id of one of the group's spellings", "alias")
    said = checks.reason(why, said=False)
    with writes.unit(once) as work:
        if earlier(once) is not None:
            work.cancel()
            found = db.session.get(MemberAlias, alias_id)
            return Alias(alias_id, found.alias if found else "", "")
        writes.begin_group(group_id, seen=seen)
        row = db.session.get(MemberAlias, alias_id)
        if row is None or row.group_id != group_id:
            raise NotFound("No such spelling in this group (forgotten already?)")
        gone = Alias(row.id, row.alias, row.member.name)
        row.member.aliases.remove(row)
        writes.audit_owner(GROUP, group_id, FORGET,
                           f"Forgot that {gone.alias} is {gone.member}: the next sheet asks"
                           + (f" ({said})" if said else ""), by,
                           {"alias": gone.alias, "member": gone.member, "why": said})
        work.remember((GROUP, group_id), 200, gone.to_json())
    return gone


@dataclass(frozen=True)
class Forgotten:
    """A spelling forgotten by hand: what it was, whose, who forgot it, when
    and why (its row is gone; this is the group's history's entry)."""

    alias: str
    member: str
    by: str | None
    at: datetime
    why: str | None


def taught_by(import_id: int) -> list[dict[str, str]]:
    """The spellings a sheet's import taught, still remembered: what its
    taking back forgets (kept with that entry, so :func:`forgotten` lists them)."""
    return [{"alias": row.alias, "member": name} for row, name in db.session.execute(
        select(MemberAlias, Member.name).join(Member, Member.id == MemberAlias.member_id)
        .where(MemberAlias.import_id == import_id).order_by(MemberAlias.id))]


def forgotten(group_id: int) -> list[Forgotten]:
    """The spellings forgotten, oldest first, by hand or with the import
    that taught them taken back: listed, struck through, beside the ones
    still remembered."""
    found = []
    for e in db.session.scalars(select(AuditEntry).where(
            AuditEntry.of(GROUP, group_id), AuditEntry.action.in_((FORGET, TAKEN_BACK)))
            .order_by(AuditEntry.id)):
        if not e.after:
            continue
        if e.action == FORGET and "alias" in e.after:
            found.append(Forgotten(e.after["alias"], e.after["member"], e.by, e.at,
                                   e.after.get("why")))
        found += [Forgotten(a["alias"], a["member"], e.by, e.at, WITH_ITS_IMPORT)
                  for a in e.after.get("forgot", []) if e.action == TAKEN_BACK]
    return found
