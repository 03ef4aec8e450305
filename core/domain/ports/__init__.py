"""What the domain needs from the outside world, as Protocols, one module per concept.

Adapters in core.adapters implement them; tests use in-memory fakes. Import a port from its module
(`from core.domain.ports.unit_of_work import UnitOfWork`): this package re-exports nothing.
"""
