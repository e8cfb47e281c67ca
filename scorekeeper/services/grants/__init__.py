"""The grants of every owner of nights.  Its face (:data:`FACE`): its edit
grants and share token (:mod:`.grants`), its one-time take-over codes
(:mod:`.handovers`) and a table's one live view token (:mod:`.share`).
"""

FACE = ("grants", "handovers", "share")
