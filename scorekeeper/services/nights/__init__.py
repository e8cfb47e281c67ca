"""A night at one card table: starting it (:mod:`.tables`), loading it once
per request (:mod:`.state`) and keeping it replayed per version
(:mod:`.kept`); its hands, said or tapped (:mod:`.hands`, :mod:`.words`),
its roster, settle-up, payments and handles, its windows and exports, and
a night of totals brought in from paper (:mod:`.paper`).
"""
