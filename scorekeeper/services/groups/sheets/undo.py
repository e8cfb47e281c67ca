"""Taking a spreadsheet's import back: the nights it made and the members it
added go, with every row that was theirs (players, hands, their history,
any grant or code), so the group is as it was before, its version aside.

Refused, with the reason, once something was built on them: one of its
nights changed since (a payment handle, a next night started from it), or
a member it added has played a night of the group since.
"""

from __future__ import annotations

from sqlalchemy import delete, select

from scorekeeper.db.models import (
    GameTable,
    Member,
    MemberAlias,
    Player,
    SheetImport,
    db,
)
from scorekeeper.services import Conflict
from scorekeeper.services.nights.tables import forget_tables


def forget_nights(group_id: int, record: SheetImport) -> None:
    """Remove what ``record`` brought in (inside the caller's write), or
    refuse when that would lose something done since."""
    nights = [t for t in (db.session.get(GameTable, i) for i in record.nights) if t is not None]
    for table in nights:
        if table.version != 0 or table.group_id != group_id:
            raise Conflict(f"The night of {table.played_on} changed since it was brought in: "
                           "taking the import back would lose that", "import")
    ids = [t.id for t in nights]
    members = [m for m in (db.session.get(Member, i) for i in record.members) if m is not None]
    for member in members:
        since = db.session.scalars(
            select(GameTable.played_on).join(Player, Player.table_id == GameTable.id)
            .where(GameTable.group_id == group_id, Player.name == member.name,
                   GameTable.id.not_in(ids)).limit(1)).first()
        if since is not None:
            raise Conflict(f"{member.name}, who joined with this import, has played since "
                           f"(the night of {since}): taking the import back would leave that "
                           "night without its member", "import")
    db.session.execute(delete(MemberAlias).where(MemberAlias.import_id == record.id))

    def members_go() -> None:
        for member in members:
            member.group.members.remove(member)  # the group forgets them: deleted as orphans
    forget_tables(nights, members_go)
