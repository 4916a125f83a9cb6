"""Issue 50 on the page: an exposed meeple's mark on the board, Défense's few words whole on
its card in the hand, each Permutation swap saying what it leads to — on a phone and a
desktop (screenshots under test-results/screenshots/ to look at)."""

import pytest

from play_helpers import open_scenario, shoot

SEATS = [{"kind": "human", "name": "Ann"}, {"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "easy"}]
# Z1 alone on 5 (nobody on 7); Ann holds Défense and Permutation, and card 2.
SETUP = {"meeples": [[5, 3], [1, 6], [11, 10]],
         "hands": [{"movement": [2], "power": ["permutation", "defense"]}, {"movement": [3]}, {"movement": [4]}]}
SIZES = {"phone": (390, 844), "desktop": (1280, 800)}


@pytest.mark.parametrize("size", sorted(SIZES))
def test_marks_defense_and_permutation_as_a_player_sees_them(page, site_url, wait_ready, size):
    page.set_viewport_size(dict(zip(("width", "height"), SIZES[size])))
    open_scenario(page, site_url, wait_ready, SEATS, SETUP)
    page.wait_for_selector("[data-testid=hand] .card.power-permutation")
    # Z1 (alone on 5) and F1 (alone on 11) carry the mark; Z2 and B1, facing each other, none.
    marked = page.eval_on_selector_all(".meeple.exposed", "els => els.map(e => e.dataset.key)")
    assert sorted(marked) == ["meeple-0-0", "meeple-2-0"], marked
    mark = page.locator("[data-key=meeple-0-0] .open-mark")
    assert mark.is_visible() and mark.bounding_box()["height"] >= 10
    assert "Before its owner plays again" in page.get_attribute("[data-key=meeple-0-0]", "aria-label")
    # Défense's words on its card are whole (not cut): the text's box holds all of it.
    text = page.locator("[data-testid=hand] .card.power-defense > .power-text")
    if size == "desktop":  # a phone's hand shows no power text: a long press shows the card whole
        assert text.inner_text() == "Cancels an attack on you"
        assert page.evaluate("el => el.scrollHeight <= el.clientHeight + 1", text.element_handle())
    shoot(page, f"issue50-exposed-{size}")
    page.click("[data-testid=hand] .card.power-permutation")
    page.click(".actions .meeple-btn:has-text('Z1')")
    swap = page.locator(".actions .effect-btn", has_text="F1")
    assert "Z1 on tile 11, open" in swap.inner_text()
    shoot(page, f"issue50-permutation-{size}")
    if size == "desktop":
        page.hover("[data-testid=hand] .card.power-defense")
        zoom = page.locator("[data-testid=hand] .card.power-defense .card-zoom .power-text")
        zoom.wait_for(state="visible")
        assert "still redeployed" in zoom.inner_text()
        assert page.evaluate("el => el.getBoundingClientRect().bottom <= el.parentElement.getBoundingClientRect().bottom + 1",
                             zoom.element_handle())
        shoot(page, "issue50-defense-zoom-desktop")
