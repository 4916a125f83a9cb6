"""What every controller shares of this device: the browser, storage and preferences."""

import random

from ..model import botrunner
from ..model.storage import Store


class Device:
    """`dom` (web/dom.py, a fake in tests), `store` (the save, preferences and stats),
    the bot `levels` offered, the `rng` for new seeds, whether storage `saving`
    keeps anything, the bot `speed`, the turn `sound` ("on" | "off"), and the URL's `search` and the browser's
    `languages` read at start-up."""

    def __init__(self, dom, backend, search="", languages=(), clock=None, rng=None, saving=True):
        self.dom = dom
        self.store = Store(backend, clock)
        self.levels = botrunner.levels()
        self.rng = rng or random.Random()
        self.saving = saving  # False: the browser keeps nothing (storage disabled), say so
        self.speed = "normal"
        self.sound = "off"  # a tone when it becomes the person's turn (a preference)
        self.search, self.languages = search, languages

    def set_speed(self, speed, remember=False):
        """The bot speed (one of playback.READ); `remember`: kept as a preference."""
        self.speed = speed
        if remember:
            self.store.set_pref("speed", speed)

    def set_sound(self, sound, remember=False):
        """The turn tone, "on" or "off"; `remember`: kept as a preference."""
        self.sound = sound
        self.dom.set_sound(sound == "on")
        if remember:
            self.store.set_pref("sound", sound)
