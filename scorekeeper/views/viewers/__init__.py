"""Every read-only page behind a share link: a night's (:mod:`.night`), a
group's season (:mod:`.group`, with :mod:`.season` shared with the
group's own pages), an event's leaderboard and seat finder (:mod:`.event`),
and what the three share: versions, 304s and kept bodies (:mod:`.live`).
"""
