"""A night at one card table.  Its face (:data:`FACE`), what the views and
the other packages may call: starting it and finding it (:mod:`.tables`),
loading it once per request (:mod:`.state`), its hands, tapped or said
(:mod:`.hands`, :mod:`.words`), its roster, settle-up, payments and handles
(:mod:`.roster`, :mod:`.settle`, :mod:`.payments`, :mod:`.pay`), its windows
(:mod:`.window`), its file and its checks (:mod:`.exports`,
:mod:`.import_checks`) and a night of totals from paper (:mod:`.paper`).
Behind it: the nights kept replayed per version (:mod:`.kept`).
"""

FACE = ("tables", "state", "hands", "words", "roster", "settle", "payments", "pay", "window",
        "exports", "import_checks", "paper")
