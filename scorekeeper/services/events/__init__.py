"""A tournament: starting and finding it (:mod:`.event`, :mod:`.plan`), its
draws, its tables' progress and codes (:mod:`.draws`, :mod:`.progress`,
:mod:`.grants`), its scores and stages (:mod:`.scores`, :mod:`.stages`),
its public board (:mod:`.board`) and its file (:mod:`.exports`,
:mod:`.import_checks`).
"""
