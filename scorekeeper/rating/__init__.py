"""The skill rating, pure: which games a night gives (:mod:`.games`) and
how they move each player's estimate (:mod:`.ladder`).  No web and no
database; :mod:`scorekeeper.services.groups.ratings` loads the nights and
keeps the results per version.
"""
