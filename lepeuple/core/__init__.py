"""The rules engine's core (docs/rules.md): cards, the ring, the state and its one way in
(game.Game), how a move resolves, set-up, views, records and undo. It imports
nothing else of lepeuple."""
