"""The app's kinds of owner of nights, each declared whole in its own module
(a night on its own, a group, a tournament) and registered here by one line
(:func:`scorekeeper.services.registry.register`).  A new kind is its
module and its line; docs/architecture.md says what else it may touch.
Its face is this registration alone: nothing outside imports a kind's module.
"""

from scorekeeper.services import registry
from scorekeeper.services.kinds import event, group, table

FACE: tuple[str, ...] = ()

registry.register(table.KIND)
registry.register(group.KIND)
registry.register(event.KIND)
