"""Setting a game up: the standard deal (R6) or an exact scenario setup (docs/engine.md)."""

from .cards import POWER_IDS, POWER_ORDER, movement_ids
from .decks import Origins
from .errors import SetupError, known_object, show
from .game import Game, check_options, check_players
from .rng import Rng
from .view import public

SETUP_KEYS = {"meeples", "hands", "scores", "movement_deck", "power_deck", "active",
              "skips", "extra_turns", "shields"}


MAX_SEED = 2**53 - 1
"""The largest seed (seeds are 0 to MAX_SEED): a record is JSON, which JavaScript reads
too (the page, a friend's device), and a JavaScript number holds every whole number
exactly only up to 2^53 − 1 (Number.MAX_SAFE_INTEGER): a larger seed could come back
as another, and deal other cards."""


def new_game(players, options=None, seed=0, setup=None):
    """A game ready for its first decision: standard (R6) or from a scenario `setup`."""
    players = check_players(players)
    if type(seed) is not int or not 0 <= seed <= MAX_SEED:
        raise SetupError(f"the seed is a whole number from 0 to 2^53 − 1 ({MAX_SEED:,}), not {show(seed)}")
    setup = dict(known_object({} if setup is None else setup, SETUP_KEYS, SetupError, "the setup is", "setup key"))
    g = _blank(players, check_options(options), seed)
    g.setup = setup or None
    _place(g, setup)
    g.origins = Origins.dealt(g.moves, g.powers, g.options)
    g.begin(_seat(g, setup.get("active", 0), "active"), new_game)
    return g


_HOMES = {n: bytes(4 * (m >> 1) + 2 for m in range(2 * n)) for n in (3, 4, 5)}


def _blank(players, options, seed):
    """R6: meeples at home (a list: see Game), empty hands and piles, scores 0."""
    return Game(players=players, options=options, seed=seed, pos=list(_HOMES[players]),
                moves=[[] for _ in range(players)], powers=[[] for _ in range(players)], scores=[0] * players,
                mdeck=[], mdisc=[], pdeck=[], pdisc=[], active=0, phase="move", to_move=0,
                skips=[0] * players, extra=0, shields=[False] * players, winners=[], rng=Rng(seed),
                pending=None, known=[{} for _ in range(players)], history=[])


def _place(g, setup):
    n = g.players
    if "meeples" in setup:
        g.pos = [_tile(g, t) for pair in _per_seat(setup["meeples"], n, "meeples") for t in _pair(pair)]
    if "scores" in setup:
        g.scores = [_count(s, "a score", g.options["target"]) for s in _per_seat(setup["scores"], n, "scores")]
    if "skips" in setup:
        g.skips = [_count(s, "skips", max_skips(n)) for s in _per_seat(setup["skips"], n, "skips")]
    if "shields" in setup:
        g.shields = [_flag(s) for s in _per_seat(setup["shields"], n, "shields")]
    g.extra = _count(setup.get("extra_turns", 0), "extra_turns", MAX_EXTRA_TURNS)
    hands = setup.get("hands")
    if hands is not None:
        hands = _per_seat(hands, n, "hands")
        g.moves = [list(_cards(h, "movement", movement_ids(n))) for h in hands]
        g.powers = [list(_cards(h, "power", POWER_IDS)) for h in hands]
    shielded = ["defense"] * sum(g.shields)
    g.mdeck, g.mdisc = _deck(g, movement_ids(n), setup.get("movement_deck"), g.moves, [], lambda c: c)
    g.pdeck, g.pdisc = _deck(g, list(POWER_IDS), setup.get("power_deck"), g.powers, shielded, POWER_ORDER.get)
    if hands is None:  # deal 2 movement cards each, one at a time, seat 0 first (R6)
        for _ in range(2):
            for seat in range(n):
                g.moves[seat].append(g.mdeck.pop())
        return
    for seat in range(n):
        if g.hand_size(seat) > 7:
            raise SetupError(f"seat {seat} holds more than 7 cards")


def _deck(g, all_cards, listed, hands, elsewhere, order):
    """(deck with its top last, discard pile) for one kind of card."""
    held = [c for hand in hands for c in hand] + elsewhere
    if listed is not None:
        if not isinstance(listed, list):
            raise SetupError("a deck is a list of cards, top first")
        held += listed
    for card in held:  # movement cards are ints (not bools), power cards strings
        if type(card) is not type(all_cards[0]) or card not in all_cards:
            raise SetupError(f"no card {show(card)} in this game")
    if len(set(held)) != len(held):
        raise SetupError("a card is listed twice")
    rest = [c for c in all_cards if c not in held] if held else all_cards
    if listed is None:  # unlisted cards are shuffled into the deck from the seed
        g.rng.shuffle(rest)
        return rest, []
    return list(reversed(listed)), sorted(rest, key=order)


def _per_seat(value, n, name):
    if not isinstance(value, list) or len(value) != n:
        raise SetupError(f"{name} needs one entry per seat ({n})")
    return value


def _pair(pair):
    if not isinstance(pair, list) or len(pair) != 2:
        raise SetupError(f"each seat has two meeples, not {show(pair)}")
    return pair


def _tile(g, tile):
    if type(tile) is not int or not 1 <= tile <= g.tiles:
        raise SetupError(f"no tile {show(tile)} on a ring of {g.tiles}")
    return tile


# The limits of a setup's counts, from the rules (docs/engine.md, Scenarios): a setup
# describes the start of a turn, which a real game can reach.
MAX_EXTRA_TURNS = 1
"""One Vitesse (R5), one power card per turn (R10), and each extra turn is taken
at the end of the turn that granted it (R19): a turn starts owing at most one."""


def max_skips(players):
    """One Massue (R5), at most one power card per turn (R10): before a seat's turn
    comes round, each of the other seats can make it skip once (R20)."""
    return players - 1


def _count(value, name, most):
    """A whole number from 0 to `most`. Scores stop at the target: R21 ends the game at
    the end of the turn a score reaches it, so no turn starts past it."""
    if type(value) is not int or not 0 <= value <= most:
        raise SetupError(f"{name} must be a whole number from 0 to {most}, not {show(value)}")
    return value


def _flag(value):
    if type(value) is not bool:
        raise SetupError(f"shields are true or false, not {show(value)}")
    return value


def _seat(g, seat, name):
    if type(seat) is not int or not 0 <= seat < g.players:
        raise SetupError(f"{name} must be a seat from 0 to {g.players - 1}, not {show(seat)}")
    return seat


def _cards(hand, kind, allowed):
    if not isinstance(hand, dict) or set(hand) - {"movement", "power"}:
        raise SetupError(f"a hand is {{'movement': [...], 'power': [...]}}, not {show(hand)}")
    cards = hand.get(kind, [])
    if not isinstance(cards, list):
        raise SetupError(f"{kind} cards are a list, not {show(cards)}")
    for card in cards:
        if type(card) is not type(allowed[0]) or card not in allowed:
            raise SetupError(f"no {kind} card {show(card)} in this game")
    return cards


def state_json(g):
    """The full state as the scenario command prints it (docs/engine.md, Scenarios)."""
    n = g.players
    return {
        "scores": g.scores[:],
        "meeples": [[g.pos[2 * s], g.pos[2 * s + 1]] for s in range(n)],
        "hands": [{"movement": g.moves[s][:], "power": g.powers[s][:]} for s in range(n)],
        **public(g),
    }
