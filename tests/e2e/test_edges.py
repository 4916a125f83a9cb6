"""Issue 43, where a person meets it: an earlier version's save or file that went on past
its game's end opens as the game ended, with a notice; the new-game fields and links
take ASCII digits only, before Python is ready as after, and say the seed's range;
Start over a game in progress asks first."""

import json

import pytest

from lepeuple import new_game
from lepeuple.core.actions import DRAW
from lepeuple.core.setup import MAX_SEED
from play_helpers import game_url, visible, wait_for_person
from test_first_screen import assert_refused, early_form, not_ready
from web.model import storage

SEATS = [{"kind": "human", "name": "Ann"}, {"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "easy"}]
NOTICE = ("An earlier version of the game went on recording this game after it was over. It is shown as it ended, "
          "after action 118,746; the actions recorded after the end are left out ({count}).")


@pytest.fixture(scope="module")
def full_record():
    """A game of "draw two" again and again until its record is full (docs/rules-readings.md, 19)."""
    game = new_game(3, {}, 1)
    while not game.is_over:
        game.apply(DRAW)
    return game.record()


def past_end(record, extra):
    return storage.encode(SEATS, {**record, "actions": record["actions"] + [{"type": "draw"}] * extra})


def test_an_earlier_versions_save_past_a_full_record_is_resumed_as_it_ended_with_a_notice(
        page, site_url, wait_ready, full_record):
    """The issue's save: every action legal up to the full record, then 4 more ("cannot be
    read — action 118746: {'type': 'draw'}: the game is over")."""
    text = past_end(full_record, 4)
    page.goto(site_url)
    wait_ready(page)
    page.evaluate("text => localStorage.setItem('lepeuple.save', text)", text)
    page.reload()
    wait_ready(page, timeout_ms=120_000)
    assert page.evaluate("document.body.dataset.screen") == "table"
    assert NOTICE.format(count=4) in page.inner_text("[data-testid=notices]")
    assert "Game over" in page.inner_text("body") and "{'" not in page.inner_text("body")
    assert page.evaluate("localStorage.getItem('lepeuple.save')") == text  # kept as it was


def test_an_earlier_versions_file_past_a_full_record_opens_in_the_replay_with_a_notice(
        page, goto_ready, full_record, tmp_path):
    goto_ready()
    path = tmp_path / "old.json"
    path.write_text(past_end(full_record, 6000))  # longer than any record the engine writes
    page.set_input_files("[data-testid=open-file]", str(path))
    page.wait_for_selector("[data-testid=replay-bar]", timeout=60_000)
    assert NOTICE.format(count="6,000") in page.inner_text("[data-testid=notices]")
    assert page.evaluate("localStorage.getItem('lepeuple.save')") is None  # a file touches no save


NOT_DIGITS = ["１２", "٣", "1_000"]


@pytest.mark.parametrize("context_options", [{"service_workers": "block"}])  # the snapshot held through page.route
def test_the_fields_take_ascii_digits_only_before_and_after_python_is_ready(page, site_url, wait_ready):
    """The early form refuses what Python refuses, by the same rule (newgame.WHOLE and the
    seed's pattern, its range included): said at once, and again once Python is ready."""
    held = early_form(page, site_url)
    for typed in NOT_DIGITS:
        page.fill("input[name=seed]", typed)
        page.click("[data-testid=start]")
        assert_refused(page, {"seed": typed}, "seed")
    page.fill("input[name=seed]", str(MAX_SEED + 1))
    page.fill("input[name=target]", "1e1")  # a number field takes it; Python does not
    page.click("[data-testid=start]")
    assert_refused(page, {"target": "1e1", "seed": str(MAX_SEED + 1)}, "target")
    assert "0 to 2⁵³ − 1 (9,007,199,254,740,991)" in page.inner_text("#error-seed")
    assert not_ready(page) and "Starting when ready" not in page.inner_text("#loading")
    held.release()
    wait_ready(page, timeout_ms=120_000)
    assert_refused(page, {"target": "1e1", "seed": str(MAX_SEED + 1)}, "target")  # Python says it again
    page.fill("input[name=target]", "15")
    for typed in NOT_DIGITS:
        page.fill("input[name=seed]", typed)
        page.click("[data-testid=start]")
        assert_refused(page, {"seed": typed}, "seed")
    page.fill("input[name=seed]", str(MAX_SEED))
    page.click("[data-testid=start]")
    assert page.evaluate("document.body.dataset.screen") == "table"
    assert json.loads(page.evaluate("localStorage.getItem('lepeuple.save')"))["record"]["seed"] == MAX_SEED


def test_a_link_with_digits_that_are_not_ascii_is_refused_by_name(goto_ready, page):
    goto_ready("?players=human,bot:easy,bot:easy&seed=1_0&target=1_5")
    errors = page.inner_text("[data-testid=errors]")
    assert page.evaluate("document.body.dataset.screen") == "new" and "“1_0”" in errors and "“1_5”" in errors
    assert page.evaluate("localStorage.getItem('lepeuple.save')") is None


def test_start_on_the_form_asks_before_it_replaces_a_game_in_progress(goto_ready, page):
    goto_ready(game_url("human,bot:easy,bot:easy", 5))
    wait_for_person(page)
    saved = page.evaluate("localStorage.getItem('lepeuple.save')")
    page.click("[data-testid=replay-open]")
    page.click("[data-testid=new-game]")  # from the replay the form comes at once
    page.fill("input[name=seed]", "8")
    page.click("[data-testid=start]")
    assert visible(page, "[data-testid=confirm-discard]")
    assert "discard the game in progress?" in page.inner_text("[data-testid=confirm-discard]")
    page.click("[data-testid=keep]")
    assert page.evaluate("document.body.dataset.screen") == "table"
    assert page.evaluate("localStorage.getItem('lepeuple.save')") == saved
    page.click("[data-testid=replay-open]")
    page.click("[data-testid=new-game]")
    page.fill("input[name=seed]", "8")
    page.click("[data-testid=start]")
    page.click("[data-testid=discard]")
    assert page.evaluate("document.body.dataset.screen") == "table"
    assert json.loads(page.evaluate("localStorage.getItem('lepeuple.save')"))["record"]["seed"] == 8
