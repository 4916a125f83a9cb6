"""What the page knows and does between the engine and the screen, with no drawing and no DOM.

session.py (one game as its host holds it: the engine game, its seats, its log),
host.py (the host: the one authority, telling each table what its seats may see),
protocol.py (the messages between the host and its tables), seatgame.py (a seat's
game as its table was told it: what a table draws, with no engine game),
invite.py (the links friends send each other to join),
newgame.py (a game's setup: seats, options, seed; from the form, the URL or a
save), eyes.py (who may see whose cards), choices.py (clicks to the engine's
legal actions), playback.py (an action's events as steps), botrunner.py (a bot
thinking in slices), storage.py (the save in localStorage), device_stats.py
(this device's record of games against bots), replay_game.py (a game to step
through, and its files and links), guide_game.py (the guided game: the step
the player is on, what a click means, progress kept). The controllers
(web/controllers/) hold these; web/render/ draws from them.
"""
