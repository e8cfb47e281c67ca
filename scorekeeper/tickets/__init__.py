"""Paper score tickets a photo can be read from: where everything is on one
(:mod:`.layout`, standard library), the block printed on it
(:mod:`.drawing`), a photo's bytes opened safely (:mod:`.photo_bytes`) and
the photo read (:mod:`.reader`, a pure function from bytes to a reading)."""
