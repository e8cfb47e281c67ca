"""The API of a tournament: its routes (:mod:`.routes`), the director's
devices and codes (:mod:`.admin`) and its request schemas (:mod:`.schemas`).
"""
