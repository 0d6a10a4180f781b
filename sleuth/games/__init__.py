"""One package per game; each exposes ``SPEC`` (see ``sleuth.core.registry``)."""
