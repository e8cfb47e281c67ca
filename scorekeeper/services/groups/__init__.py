"""A group of regulars: the group and its members (:mod:`.group`), its
seasons, settle-up and exports, the skill rating worked out per version
(:mod:`.ratings`, rating with the pure :mod:`scorekeeper.rating`), and its
past nights brought in from a spreadsheet (:mod:`.sheets`).
"""
