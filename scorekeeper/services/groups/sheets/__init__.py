"""A group's past nights from a spreadsheet: the file read into rows
(:mod:`.files`), its columns guessed (:mod:`.columns`, :mod:`.layout`,
:mod:`.names`), read as nights (:mod:`.shapes`, :mod:`.nights`,
:mod:`.hands`), previewed (:mod:`.preview`), brought in (:mod:`.bring_in`)
and taken back whole (:mod:`.undo`).
"""
