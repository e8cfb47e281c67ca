"""Who may do what: the policy as data (:mod:`.policy`), the credential a
request proves (:mod:`.credentials`), the edit grants and share tokens of
every owner of nights (:mod:`.grants`, :mod:`.share`), one-time take-over
codes (:mod:`.handovers`) and what a bearer token may do (:mod:`.tokens`).
"""
