"""A tournament's pages for its director: starting and registering
(:mod:`.event`), the sessions, draws, tables and scores (:mod:`.sessions`),
and the directors' devices and codes (:mod:`.directors`).
"""
