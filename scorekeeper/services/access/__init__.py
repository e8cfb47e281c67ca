"""What a request may do.  Its face (:data:`FACE`): the credentials it
proves and what the policy (:mod:`scorekeeper.policy.acl`) says of them
(:mod:`.credentials`), and what a bearer token is and may do (:mod:`.tokens`).
"""

FACE = ("credentials", "tokens")
