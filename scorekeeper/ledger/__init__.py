"""The ledger (pure, standard library only): what a replayed night adds up
to.  Money from points, the one standings shape, settling up, the night's
statistics, the running-balance chart and the words that describe a hand.
"""
