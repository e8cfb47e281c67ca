"""The API of a tournament: its routes (:mod:`.routes`), its scores
(:mod:`.scores`: penalties, tickets, tables done, standings), the
director's devices and codes (:mod:`.admin`) and its request schemas
(:mod:`.schemas`).
"""
