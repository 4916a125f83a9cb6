"""The guided game: chapters of steps, each position a scenario setup (docs/engine.md,
Scenarios) played by the engine.

Three players: you are seat 0 (Zombies Polaires, home 2), the two others are
played by the script (seat 1 Barbares Bichettes, home 6; seat 2 Fées des Rots,
home 10). A chapter is a list of steps. A step with a `setup` (a scenario:
players, options, seed, setup) starts a new table from it; the other steps
go on from the step before. Hands, decks and seeds are fixed, so every step is
the same every time. Each step is one decision of yours (`expect`, in the JSON
action notation) or a page to read (`expect` None); `then` are the scripted
actions of the other players that follow it, up to your next decision.
`point` names the tiles and cards the page points at, `rule` the docs/rules.md
section that explains the step. The page's words for each step are the
message ids "tut.<id>.title", "tut.<id>.do" (what to do) and "tut.<id>.done"
(what just happened), or "tut.<id>.text" for a page to read.

The words of a step describe only what is on the table when they show: what
the other players do after "Next" is told by the next step.

tests/web/test_guide_script.py plays every step and checks the state each
text describes.
"""

from ..core.actions import from_json
from ..core.scenario import build

PLAYERS = 3
OPTIONS = {"defense": "reaction", "scores": "visible", "target": 12}
SEED = 3  # basics: only the reshuffle at the very end draws on it (both meeples go home)


def _hand(movement, power=()):
    return {"movement": list(movement), "power": list(power)}


def _scenario(setup, seed=1):
    return {"players": PLAYERS, "options": dict(OPTIONS), "seed": seed, "setup": setup}


def _power(card, target=None):
    action = {"type": "power", "card": card}
    return action if target is None else {**action, "target": target}


def _move(card, meeple, how):
    return {"type": "move", "card": card, "meeple": list(meeple), "how": how}


def _step(sid, expect, rule, tiles=(), cards=(), then=(), setup=None):
    step = {"id": sid, "expect": None if expect is None else [expect], "then": list(then),
            "point": {"tiles": list(tiles), "cards": list(cards)}, "rule": rule}
    if setup is not None:
        step["setup"] = setup
    return step


DRAW, PASS = {"type": "draw"}, {"type": "pass"}

# ----- Basics: a first game (the turn, moving, scoring, a pickaxe, Force, Défense)

BASICS = _scenario({
    "meeples": [[2, 2], [6, 6], [10, 10]],
    "hands": [_hand([2, 13], ["defense"]), _hand([3, 4], ["sortilege"]), _hand([5, 6])],
    "scores": [0, 2, 3],
    # Top first. Yours: 7 (turn 1), 22 (turn 2), 21 (turn 3); redeployments:
    # 18 and 10 after the supply, 12 and 11 after the noble attack.
    "movement_deck": [7, 8, 9, 14, 15, 18, 10, 22, 16, 17, 19, 20, 21, 23, 12, 11, 24, 1],
    "power_deck": ["force", "soin", "chance", "troc"],
    "active": 0,
}, SEED)

BOT_TURN_1 = [PASS, DRAW, DRAW]  # Barbares: skip power, draw two; Fées: draw two

BASICS_STEPS = [
    _step("intro", None, "R1", tiles=[2, 6, 10], cards=[2], setup=BASICS),
    _step("own", _move(2, (0, 0), "circle"), "R11", [2, 3], [2], then=BOT_TURN_1),
    _step("supply", _move(13, (0, 1), "circle"), "R14", [1, 3], [13], then=BOT_TURN_1),
    _step("pickaxe", _move(7, (0, 1), "split"), "R12", [2, 4, 5], [7], then=BOT_TURN_1),
    _step("power", _power("force"), "R5", cards=["force"]),
    _step("noble", _move(22, (0, 1), "square"), "R14", [9, 11], [22], then=[_power("sortilege", 0)]),
    _step("defense", {"type": "defend", "play": True}, "R16", cards=["defense"], then=[DRAW, DRAW]),
    _step("other", _move(21, (1, 0), "square"), "R14", [6, 11, 9], [21]),
    _step("end", None, "R21"),
]

# ----- Power cards I: points and hands (a new table for each card)

CARDS_STEPS = [
    _step("soin", _power("soin"), "R5", cards=["soin"], setup=_scenario({
        "hands": [_hand([2, 13], ["soin"]), _hand([3, 4]), _hand([5, 6])], "scores": [3, 4, 5],
        "movement_deck": [7, 8, 9], "power_deck": ["force"]})),
    _step("voleur", _power("voleur", 2), "R5", cards=["voleur"], setup=_scenario({
        "hands": [_hand([2, 13], ["voleur"]), _hand([3, 4]), _hand([5, 6])], "scores": [4, 4, 5],
        "movement_deck": [7, 8, 9], "power_deck": ["force"]})),
    # The Barbares hold Défense: they are asked, and (after Next) play it.
    _step("sortilege", _power("sortilege", 1), "R16", cards=["sortilege"], then=[{"type": "defend", "play": True}],
          setup=_scenario({
              "hands": [_hand([2, 13, 7, 8, 9, 14], ["sortilege"]), _hand([3, 4], ["defense"]), _hand([5, 6])],
              "scores": [5, 4, 4], "movement_deck": [15, 16, 17], "power_deck": ["force"]})),
    # Six cards in hand: draw two brings one (R8).
    _step("full", DRAW, "R8"),
    # Seed 2: the random card is the Barbares' Force.
    _step("bandit", _power("bandit", 1), "R5", cards=["bandit"], setup=_scenario({
        "hands": [_hand([2, 13], ["bandit"]), _hand([3, 4], ["force"]), _hand([5, 6])], "scores": [5, 4, 4],
        "movement_deck": [7, 8, 9], "power_deck": ["soin"]}, seed=2)),
    # Seed 2: the random card is the Fées' Chance.
    _step("magie_noire", _power("magie_noire", 2), "R5", cards=["magie_noire"], setup=_scenario({
        "hands": [_hand([2, 13], ["magie_noire"]), _hand([3, 4]), _hand([5, 6], ["chance"])], "scores": [5, 4, 4],
        "movement_deck": [7, 8, 9], "power_deck": ["soin"]}, seed=2)),
    _step("troc", _power("troc", 1), "R5", cards=["troc"], setup=_scenario({
        "hands": [_hand([2], ["troc"]), _hand([3, 4, 8], ["force", "soin"]), _hand([5, 6])], "scores": [5, 4, 4],
        "movement_deck": [7, 9, 10], "power_deck": ["chance"]})),
    _step("chance", _power("chance"), "R5", cards=["chance"], setup=_scenario({
        "hands": [_hand([2, 13], ["chance"]), _hand([3, 4]), _hand([5, 6])], "scores": [5, 4, 4],
        "movement_deck": [15, 16, 17], "power_deck": ["vitesse", "soin"]})),
    _step("cards_end", None, "R5"),
]

# ----- Power cards II: turns and meeples, and the end of the game (one table)

TURNS = _scenario({
    "meeples": [[11, 7], [8, 6], [10, 10]],
    "hands": [_hand([2, 19], ["vitesse", "massue"]), _hand([3, 4]), _hand([5, 6])],
    "scores": [10, 7, 6],
    # Top first: your draw two (14, 15), after the pickaxe (16), the Fées' draw
    # two (17, 18), the redeployments after the noble attack (20, 21), yours (22).
    "movement_deck": [14, 15, 16, 17, 18, 20, 21, 22, 23, 24],
    "power_deck": ["permutation", "soin"],
})

TURNS_STEPS = [
    _step("vitesse", _power("vitesse"), "R19", cards=["vitesse"], setup=TURNS),
    _step("extra", DRAW, "R19"),
    _step("massue", _power("massue", 1), "R20", cards=["massue"]),
    _step("after_massue", _move(2, (0, 0), "circle"), "R20", [11, 12], [2], then=[DRAW]),
    _step("permutation", {"type": "power", "card": "permutation", "meeple": [0, 0], "other": [1, 0]}, "R5",
          [12, 8], ["permutation"]),
    _step("win", _move(19, (0, 0), "circle"), "R21", [8, 5, 7], [19]),
    _step("turns_end", None, "R21"),
]

CHAPTERS = (
    {"id": "basics", "steps": BASICS_STEPS},
    {"id": "cards", "steps": CARDS_STEPS},
    {"id": "turns", "steps": TURNS_STEPS},
)
CHAPTER_IDS = tuple(c["id"] for c in CHAPTERS)
STEPS = tuple(step for chapter in CHAPTERS for step in chapter["steps"])  # every step, chapter after chapter
STEP_IDS = tuple(s["id"] for s in STEPS)


def steps(chapter):
    """The steps of chapter number `chapter`."""
    return CHAPTERS[chapter]["steps"]


def first_index(chapter):
    """Where chapter number `chapter` starts in STEPS."""
    return sum(len(c["steps"]) for c in CHAPTERS[:chapter])


def table_start(chapter, upto):
    """The step whose setup the table of step `upto` was set up from."""
    return max(i for i, step in enumerate(steps(chapter)[:upto + 1]) if "setup" in step)


def new_table(step):
    """The game of a step that starts a new table, before its decision."""
    return build(step["setup"])


def replay(chapter, upto, done):
    """(game, events by step) at step `upto` of a chapter — after its own decision too
    when `done` — played from that table's setup: the way back to a step after a reload.
    The events list starts at the table's first step."""
    base = table_start(chapter, upto)
    game = new_table(steps(chapter)[base])
    events = []
    for i in range(base, upto + (1 if done else 0)):
        step, got = steps(chapter)[i], []
        if step["expect"] is not None:
            got += game.apply(from_json(step["expect"][0]))
        if i < upto:
            for action in step["then"]:
                got += game.apply(from_json(action))
        events.append(got)
    return game, events
