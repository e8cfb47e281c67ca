"""A group of regulars.  Its face (:data:`FACE`), what the views and the
other packages may call: the group and its members (:mod:`.group`), its
aliases, settings, seasons, settle-up and exports, the skill rating worked
out per version (:mod:`.ratings`, rating with the pure
:mod:`scorekeeper.rating`), and its past nights brought in from a
spreadsheet (:mod:`.sheets`, a package with a face of its own).
"""

FACE = ("group", "aliases", "settings", "seasons", "settle", "exports", "ratings", "sheets",
        "unclaimed")
