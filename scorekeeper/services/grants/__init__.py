"""The grants of every owner of nights: its edit grants and share token
(:mod:`.grants`), its one-time take-over codes (:mod:`.handovers`) and a
table's one live view token (:mod:`.share`).
"""
