"""The guided game reveals nothing the rules hide (R9; issue 50, item 6): at every step of
every chapter — before and after the player's decision, and with the step's card chosen
so that its target buttons show — the page is drawn again after the cards the player
cannot see are redealt (the others' hands, card for card of the same kind, and both decks'
order), and not one character changes."""

import random
import re

import pytest

from lepeuple.coach import guide_script as script
from lepeuple.core.actions import from_json
from web.markup import to_html
from web.model.guide_game import GuideGame
from web.model.storage import MemoryBackend
from web.render import guide_view

PLACES = [(chapter, index, done) for chapter in range(len(script.CHAPTERS))
          for index, step in enumerate(script.steps(chapter))
          for done in ((False, True) if step["expect"] is not None else (False,))]


def redealt(game, rng):
    """A copy of `game` that looks the same to seat 0: every card of the others' hands that
    seat 0 does not know (R9, view "known") swapped with one of its deck, the decks shuffled."""
    g = game.clone(history=True)
    known = g.view(0)["known"]
    for hands, deck in ((g.moves, g.mdeck), (g.powers, g.pdeck)):
        for seat in range(1, g.players):
            for i, card in enumerate(hands[seat]):
                if deck and card not in known[seat]:
                    j = rng.randrange(len(deck))
                    hands[seat][i], deck[j] = deck[j], card
        rng.shuffle(deck)
    return g


def drawn(guide):
    """The guide's page, and with the step's card chosen (its meeples, tiles or targets offered)."""
    pages = [to_html(guide_view.guide_screen(guide))]
    exp = guide.expected()
    if exp is not None and getattr(exp, "card", None) is not None and guide.current_chooser() is not None:
        guide.click("card", exp.card)
        pages.append(to_html(guide_view.guide_screen(guide)))
        guide.chooser = None
    return pages


def test_every_guide_step_is_a_real_place():
    assert len(PLACES) > 40


@pytest.mark.parametrize(("chapter", "index", "done"), PLACES)
def test_the_guide_draws_the_same_page_whatever_the_hidden_cards(chapter, index, done):
    guide = GuideGame(MemoryBackend(), chapter, index, done)
    before = drawn(guide)
    true_game = guide.session.game
    changed = 0
    for seed in range(3):
        other = redealt(true_game, random.Random(seed))
        changed += other.moves[1:] != true_game.moves[1:] or other.powers[1:] != true_game.powers[1:]
        guide.session.game, guide.chooser = other, None
        assert drawn(guide) == before
    guide.session.game = true_game
    others = range(1, true_game.players)
    swappable = (any(true_game.moves[s] for s in others) and true_game.mdeck
                 or any(true_game.powers[s] for s in others) and true_game.pdeck)
    assert changed or not swappable  # the redeal did change the hidden cards when it could


def test_a_targeted_cards_caveat_is_said_of_every_target_alike():
    """In the chapter where the Barbares hold Défense (and the Fées no power card), the target
    buttons of Sortilège say the same caveat for both."""
    for chapter in range(len(script.CHAPTERS)):
        for index, step in enumerate(script.steps(chapter)):
            exp = step["expect"] and from_json(step["expect"][0])
            if not exp or exp.type != "power" or exp.target is None:
                continue
            guide = GuideGame(MemoryBackend(), chapter, index, False)
            guide.click("card", exp.card)
            html = to_html(guide_view.guide_screen(guide))
            buttons = re.findall(r'<button[^>]*data-act="target"[^>]*>.*?</button>', html)
            assert {re.search(r'data-arg="(\d)"', b).group(1) for b in buttons} == {"1", "2"}, buttons
            assert all("(unless " in b and " plays Défense)" in b for b in buttons), buttons
            return
    raise AssertionError("no targeted power card in the guide")
