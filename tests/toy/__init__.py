"""A toy ruleset written the way a new one is (docs/architecture.md): its own package,
its own computer player, and one registry line, which the test adds."""
