"""A private replay of a game's history, kept in step as the history grows.

What a game's history implies beyond its current state — who decided each action,
what each action revealed (the undo policy, lepeuple/core/undo.py), what every seat saw
the others do (the bots' public log, lepeuple/research/history.py) — is read by
replaying the history on a shadow game of one's own, never on the engine's play
path. The shadow replays only the actions added since it was last asked, and
starts again when the history no longer begins with what it replayed (an undo).
"""


class Shadow:
    """Replays `game`'s history on a private game; `follow(step)` returns one item per action."""

    __slots__ = ("done", "game", "items")

    def __init__(self, game):
        self.game = game.fresh()  # keeps no history of its own
        self.done, self.items = [], []

    def fits(self, history):
        """Does `history` still begin with the actions this shadow replayed?"""
        return len(self.done) <= len(history) and history[:len(self.done)] == self.done

    def follow(self, history, step):
        """Replay the actions of `history` not yet replayed; `step(shadow game, action)`
        plays one (with the game's `push`) and returns what to keep about it."""
        for action in history[len(self.done):]:
            self.items.append(step(self.game, action))
            self.done.append(action)
        return self.items
