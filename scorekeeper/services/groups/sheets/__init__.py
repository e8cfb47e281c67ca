"""A group's past nights from a spreadsheet.  Its face (:data:`FACE`), what
the views may call: the file read into rows (:mod:`.files`), its columns
and layout guessed (:mod:`.columns`, :mod:`.layout`), kept between the page's
steps (:mod:`.staged`), previewed (:mod:`.preview`) and brought in
(:mod:`.bring_in`).  Behind it: the
workbook and its cells (:mod:`.xlsx`, :mod:`.xlsx_cells`, :mod:`.cells`),
the names (:mod:`.names`), the nights and hands read from the rows
(:mod:`.shapes`, :mod:`.nights`, :mod:`.hands`) and an import taken back
whole (:mod:`.undo`, called by :mod:`.bring_in`).
"""

FACE = ("files", "columns", "layout", "staged", "preview", "bring_in")
