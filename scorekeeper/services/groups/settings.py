"""A group's own settings changed on the record: whether it keeps a skill
rating beside the money.  Turning it off hides the rating from the group's
pages and API; nothing it is worked out from is lost, so turning it back on
shows it again as if it had never been off.  A change that changes nothing
is refused."""

from __future__ import annotations

from dataclasses import dataclass, field

from scorekeeper.db.models import Group
from scorekeeper.services import Code, Conflict, ServiceError, writes
from scorekeeper.services.once import Once, earlier

#: The history's words for the rating turned on and off.
RATING_WORDS = {True: "The skill rating is shown again", False: "The skill rating is off"}


@dataclass(frozen=True)
class Changed:
    """What a settings change did, in the history's words (none, for a
    retry: the caller answers what the first one did), the settings now and
    the group's version the change made."""

    rating: bool
    version: int
    said: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, object]:
        return {"changed": self.said, "rating": self.rating, "version": self.version}


def change_settings(group: Group, *, rating: object = None, by: str | None = None,
                    once: Once | None = None, seen: int | None = None) -> Changed:
    """Turn the group's rating on or off (None: as it is)."""
    if rating is None:
        raise ServiceError("Say what to change: rating (true or false)", "rating")
    if not isinstance(rating, bool):
        raise ServiceError("rating must be true or false", "rating")
    said: list[str] = []
    with writes.unit(once) as work:
        if earlier(once) is not None:
            work.cancel()
            return Changed(group.rating, group.version)
        version = writes.begin_group(group.id, seen=seen)
        if rating == group.rating:
            raise Conflict(f"{RATING_WORDS[rating]} already: nothing to change", "rating",
                           code=Code.UNCHANGED)
        group.rating = rating
        said.append(RATING_WORDS[rating])
        writes.audit_group(group.id, "settings", "; ".join(said), by)
        answer = Changed(rating, version, said)
        work.remember(group, 200, answer.to_json())
    return answer
