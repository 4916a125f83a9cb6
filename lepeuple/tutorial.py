"""The guided first game: a scenario setup (docs/engine.md, Scenarios) and its script.

Three players: you are seat 0 (Zombies Polaires, home 2), the two others are
played by the script (seat 1 Barbares Bichettes, home 6; seat 2 Fées des Rots,
home 10). Hands and decks are fixed, so every step below is the same game
every time. Each step is one decision of yours (`expect`, in the JSON action
notation) or a page to read (`expect` None); `then` are the scripted actions
of the other players that follow it, up to your next decision. `point` names
the tiles and cards the page points at, `rule` the RULES.md section that
explains the step. The page's words for each step are the message ids
"tut.<id>.do" (what to do) and "tut.<id>.done" (what just happened).

tests/web/test_tutorial_script.py plays every step on this setup and checks the
state each text describes.
"""

from .actions import from_json
from .setup import new_game

PLAYERS = 3
OPTIONS = {"defense": "reaction", "scores": "visible", "target": 12}
SEED = 3  # only the reshuffle at the very end draws on it: both meeples go home

SETUP = {
    "meeples": [[2, 2], [6, 6], [10, 10]],
    "hands": [{"movement": [2, 13], "power": ["defense"]},
              {"movement": [3, 4], "power": ["sortilege"]},
              {"movement": [5, 6], "power": []}],
    "scores": [0, 2, 3],
    # Top first. Yours: 7 (turn 1), 22 (turn 2), 21 (turn 3); redeployments:
    # 18 and 10 after the supply, 12 and 11 after the noble attack.
    "movement_deck": [7, 8, 9, 14, 15, 18, 10, 22, 16, 17, 19, 20, 21, 23, 12, 11, 24, 1],
    "power_deck": ["force", "soin", "chance", "troc"],
    "active": 0,
}

BOT_TURN_1 = [{"type": "pass"}, {"type": "draw"}, {"type": "draw"}]  # Barbares: skip power, draw two; Fées: draw two

STEPS = [
    {"id": "intro", "expect": None, "then": [], "point": {"tiles": [2, 6, 10], "cards": [2]}, "rule": "R1"},
    {"id": "own", "expect": [{"type": "move", "card": 2, "meeple": [0, 0], "how": "circle"}],
     "then": BOT_TURN_1, "point": {"tiles": [2, 3], "cards": [2]}, "rule": "R11"},
    {"id": "supply", "expect": [{"type": "move", "card": 13, "meeple": [0, 1], "how": "circle"}],
     "then": BOT_TURN_1, "point": {"tiles": [1, 3], "cards": [13]}, "rule": "R14"},
    {"id": "pickaxe", "expect": [{"type": "move", "card": 7, "meeple": [0, 1], "how": "split"}],
     "then": BOT_TURN_1, "point": {"tiles": [2, 4, 5], "cards": [7]}, "rule": "R12"},
    {"id": "power", "expect": [{"type": "power", "card": "force"}],
     "then": [], "point": {"tiles": [], "cards": ["force"]}, "rule": "R5"},
    {"id": "noble", "expect": [{"type": "move", "card": 22, "meeple": [0, 1], "how": "square"}],
     "then": [{"type": "power", "card": "sortilege", "target": 0}], "point": {"tiles": [9, 11], "cards": [22]},
     "rule": "R14"},
    {"id": "defense", "expect": [{"type": "defend", "play": True}],
     "then": [{"type": "draw"}, {"type": "draw"}], "point": {"tiles": [], "cards": ["defense"]}, "rule": "R16"},
    {"id": "other", "expect": [{"type": "move", "card": 21, "meeple": [1, 0], "how": "square"}],
     "then": [], "point": {"tiles": [6, 11, 9], "cards": [21]}, "rule": "R14"},
    {"id": "end", "expect": None, "then": [], "point": {"tiles": [], "cards": []}, "rule": "R21"},
]

STEP_IDS = tuple(s["id"] for s in STEPS)


def start():
    """The game of the guided first game, before its first step."""
    return new_game(PLAYERS, OPTIONS, SEED, SETUP)


def replay(upto, done):
    """(game, events by step) after the steps before `upto`, and step `upto`'s own
    decision too when `done`: the way back to a step after a reload."""
    game = start()
    events = []
    for i, step in enumerate(STEPS[:upto + (1 if done else 0)]):
        got = []
        if step["expect"] is not None:
            got += game.apply(from_json(step["expect"][0]))
        if i < upto:
            for action in step["then"]:
                got += game.apply(from_json(action))
        events.append(got)
    return game, events
