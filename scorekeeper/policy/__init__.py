"""Who may do what, declared as data and decided by one pure function: each
kind of resource's ACL and :func:`~scorekeeper.policy.acl.permits` walking a
night's lineage (:mod:`.acl`), in the words of :mod:`.vocabulary` (the
credentials, roles, stages and actions).  Pure: no web framework, ORM or
form library; which credentials a request holds is worked out by
:mod:`scorekeeper.services.access.credentials`.
"""
