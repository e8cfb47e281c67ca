"""A tournament.  Its face (:data:`FACE`), what the views and the other
packages may call: starting and finding it, its players and settings
(:mod:`.event`, :mod:`.plan`, :mod:`.settings`, :mod:`.rename`), its draws,
walk-ins and tables' codes (:mod:`.draws`, :mod:`.walk_ins`, :mod:`.grants`), seat
mistakes mended after play, a player leaving mid-session, and the side pots
(a 50/50 drawn: :mod:`.side_draws`) and duplicate registrations of players
(:mod:`.seat_fixes`, :mod:`.entries`,
:mod:`.leaving`),
its tables' progress and its stages (:mod:`.progress`, :mod:`.stages`), its
scores, penalties and signatures (:mod:`.scores`, :mod:`.penalties`,
:mod:`.signatures`), tickets read from photos (:mod:`.photos`), its public board
(:mod:`.board`), its file (:mod:`.exports`) and its record (:mod:`.history`).
Behind it: the standings' rows (:mod:`.standings`) and the checks of an
event's file (:mod:`.import_checks`).
"""

FACE = ("event", "plan", "settings", "rename", "draws", "grants", "progress", "stages",
        "scores", "penalties", "signatures", "board", "exports", "history", "walk_ins",
        "seat_fixes", "leaving", "entries", "side_draws", "photos")
