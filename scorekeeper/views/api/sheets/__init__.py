"""The API of a group's spreadsheet import: its routes (:mod:`.routes`) and
its request schemas (:mod:`.schemas`).
"""
