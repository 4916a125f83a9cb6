"""This device's record of one person's games (web/model/device_stats.py): counting a game, the panel, resetting."""

from ..model import device_stats as stats
from ..render import screens


class StatsController:
    """`asking`: "reset the stats?" was asked and waits for the answer."""

    def __init__(self, app):
        self.app = app
        self.asking = False

    def note_result(self, session):
        """A game just ended: count it (one person's games against bots only)."""
        if session.game.is_over and len(session.setup.humans) == 1:
            stats.record(self.app.device.store, session.setup, session.game)

    def reset(self, sure):
        """First click asks; then True resets, False keeps."""
        if sure is True:
            stats.reset(self.app.device.store)
        self.asking = sure is None

    def panel(self):
        return screens.stats_panel(stats.load(self.app.device.store), self.asking)
