"""Work done away from the threads that answer the phones.  Its face
(:data:`FACE`), what the views and the other packages may call: the import
process beside the server that reads and writes a big file off the GIL
(:mod:`.elsewhere`), the jobs a long import or undo becomes and the page or
client follows (:mod:`.jobs`), the progress that work reports as it goes
(:mod:`.progress`), and a long write done a turn at a time so a save waits
for one short turn at most (:mod:`.turns`).
"""

FACE = ("elsewhere", "jobs", "progress", "turns")
