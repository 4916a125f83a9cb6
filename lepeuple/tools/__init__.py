"""Tools for developers, not shipped with the page: the command line
(python -m lepeuple), the arena and random-game statistics."""
