"""Follow every turn, and take back a slip: the log grouped by turn, steps shown
one at a time (pause, next step, scoring steps held), slip-proof clicks, undo.

Positions are set up exactly by a saved game whose engine record carries a
scenario `setup` (play_helpers.open_scenario): Ann (seat 0) with meeples on
tiles 2 and 3 holds movement cards 7 and 13; card 7 moves a meeple from tile 2
"square" to tile 6, where both Barbares meeples stand (their home).
"""

import re

import pytest

from lepeuple.core.cards import NAMES
from play_helpers import (
    actions_count,
    game_url,
    hand_ids,
    open_scenario,
    play_decision,
    saved_actions,
    shoot,
    visible,
    wait_actions,
    wait_for_person,
)
from web.model.playback import hold_seconds

SEATS = [{"kind": "human", "name": "Ann"}, {"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "easy"}]
HOTSEAT = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}, {"kind": "bot", "level": "easy"}]


def setup(power=(), active=0):
    return {"meeples": [[2, 3], [6, 6], [10, 10]],
            "hands": [{"movement": [7, 13], "power": list(power)}, {"movement": [2, 3], "power": []},
                      {"movement": [4, 9], "power": []}],
            "scores": [0, 0, 0], "active": active}


@pytest.fixture
def context_options():
    return {"viewport": {"width": 1366, "height": 768}}


# ----- the log ---------------------------------------------------------------

GROUPS = """() => [...document.querySelectorAll('[data-testid=log] li.log-turn')].map(li => {
    const head = li.querySelector(':scope > h3.log-turn-head');
    const lines = li.querySelector(':scope > ol.log-lines');
    return {
        seat: li.getAttribute('data-seat'),
        head: head ? head.textContent : null,
        headFirst: !!(head && lines && (head.compareDocumentPosition(lines) & Node.DOCUMENT_POSITION_FOLLOWING)),
        folded: !!li.closest('details'),
        lines: lines ? [...lines.children].map(x => x.textContent) : [],
    };
})"""


def seat_names(page):
    return page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('.panel[data-seat]')]
        .map(p => [p.getAttribute('data-seat'), p.querySelector('.name').textContent]))""")


POWER_NAMES = sorted((name for key, name in NAMES.items() if isinstance(key, str) and key != "defense"),
                     key=len, reverse=True)
# Lines whose subject is the player whose turn it is (Défense answers and pickaxe
# draws may be by someone else).
BY_TURN_PLAYER = re.compile(r"^(.+?) (plays card \d+ on |draws two\.|plays no power card\.|plays (?:"
                            + "|".join(map(re.escape, POWER_NAMES)) + r")\b)")


def test_log_groups_each_turn_under_its_own_heading(goto_ready, page):
    goto_ready(game_url("human,bot:easy,bot:easy", 11, "&names=Ann"))
    mine = 0
    for _ in range(60):
        wait_for_person(page)
        kind = play_decision(page)
        assert kind != "end"
        mine += kind in ("move", "draw")
        if mine >= 3:
            break
    wait_for_person(page)
    names = seat_names(page)
    assert names["0"] == "Ann" and len(names) == 3
    groups = page.evaluate(GROUPS)
    assert len(groups) >= 9, [g["head"] for g in groups]
    checked = 0
    for g in groups:
        assert g["head"] is not None and g["headFirst"], g
        if g["seat"] is None:  # the game's set-up lines, before the first turn
            continue
        name = names[g["seat"]]
        assert g["head"] in (f"{name}'s turn", f"{name}'s extra turn") or g["head"].startswith(f"{name} skips"), g
        for line in g["lines"]:
            found = BY_TURN_PLAYER.match(line)
            if found:
                assert found.group(1) == name, (g["head"], line)
                checked += 1
        plays = [i for i, line in enumerate(g["lines"]) if " plays card " in line]
        moves = [i for i, line in enumerate(g["lines"]) if " moves from tile " in line]
        if plays and moves:  # oldest first within a turn
            assert plays[0] < moves[0], g["lines"]
    assert checked >= 9
    # Newest first: the last group in the page is the oldest turn, Ann's first one.
    assert groups[-1]["seat"] == "0" and groups[-1]["head"] == "Ann's turn", groups[-1]
    page.locator("[data-testid=log]").scroll_into_view_if_needed()
    page.wait_for_function("() => document.getAnimations().every(a => a instanceof CSSAnimation || a.playState !== 'running')")
    shoot(page, "story-log")


def test_the_log_keeps_every_line_of_a_long_game(goto_ready, page):
    goto_ready(game_url("human,bot:easy,bot:easy", 12, "&names=Ann"))
    for _ in range(500):
        wait_for_person(page)
        if play_decision(page) == "end":
            break
    assert visible(page, "[data-testid=end-screen]")
    summary = page.locator("[data-testid=end-screen] .summary").inner_text()
    played = int(re.search(r"(\d+) turns? played", summary).group(1))
    groups = page.evaluate(GROUPS)
    turns = [g for g in groups if g["head"] and re.search(r"'s (extra )?turn$", g["head"])]
    assert len(turns) == played, (len(turns), played)
    assert played > 6  # long enough that turns fold
    # Only the newest six are open; every older one is still in the page, folded.
    assert [g["folded"] for g in groups[:6]] == [False] * 6
    assert all(g["folded"] for g in groups[6:])
    earlier = page.locator("[data-testid=log] li.log-earlier > details > summary").inner_text()
    assert earlier == f"{len(groups) - 6} earlier turns"
    assert groups[-1]["seat"] == "0" and groups[-1]["head"] == "Ann's turn"
    assert groups[-1]["lines"], "the first turn lost its lines"
    # Every move of the record is in the log (each bot or human "plays card" line).
    moves = sum(1 for a in saved_actions(page) if a["type"] == "move")
    plays = sum(1 for g in groups for line in g["lines"] if re.search(r" plays card \d+ on ", line))
    assert plays == moves
    # An event's line gives each player's change with its reason.
    events = [line for g in groups for line in g["lines"] if EVENT_LINE.match(line)]
    assert events
    for line in events:
        changes = line.split(": ", 1)[1]
        for part in changes.rstrip(".").split("; "):
            assert REASON.search(part), (part, line)


EVENT_LINE = re.compile(r"^(Supply at the .+'? home|(Noble a|Sneaky a|A)ttack on .+'s home) \(tile \d+\): ")
REASON = re.compile(r" [+−]\d+ \((supply|noble attack|sneaky attack|moved meeple|helper|home attacked)\)")


# ----- slip-proof clicks ---------------------------------------------------------

def test_double_click_on_skip_applies_one_action(page, site_url, wait_ready):
    open_scenario(page, site_url, wait_ready, SEATS, setup(power=["force"]))
    wait_for_person(page)
    assert visible(page, "[data-testid=skip]") and actions_count(page) == 0
    page.dblclick("[data-testid=skip]")
    wait_for_person(page)
    assert actions_count(page) == 1
    assert saved_actions(page) == [{"type": "pass"}]
    assert visible(page, "[data-testid=draw]")  # Ann's movement phase, still hers


def test_double_click_on_draw_applies_one_action(page, site_url, wait_ready):
    # Two humans: after Ann draws, Bob is to move (a pass screen), so no bot adds actions.
    open_scenario(page, site_url, wait_ready, HOTSEAT, setup())
    wait_for_person(page)
    page.click("[data-testid=pass-ok]")
    page.dblclick("[data-testid=draw]")
    wait_for_person(page)  # Ann sees the two cards drawn (hot-seat), then hands over
    page.click("[data-testid=hand-over-ok]")
    wait_for_person(page)
    assert actions_count(page) == 1
    assert saved_actions(page) == [{"type": "draw"}]
    assert page.locator("[data-testid=pass-screen] h2").inner_text() == "Pass the device to Bob"


def test_a_tap_on_a_meeple_token_on_a_landing_tile_chooses_the_tile(page, site_url, wait_ready):
    open_scenario(page, site_url, wait_ready, SEATS, setup())
    wait_for_person(page)
    page.locator("[data-testid=hand] button.card[data-arg='7']").click()
    page.locator(".actions .meeple-btn", has_text="tile 2").click()
    tile = page.locator(".tile[data-tile='6']")
    assert "reach" in tile.get_attribute("class").split()
    token = page.locator(".meeple-layer .pawn[data-on='6']").first  # a meeple standing on tile 6
    page.wait_for_function("() => document.getAnimations().every(a => a instanceof CSSAnimation)")  # no meeple gliding
    box = token.bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    # The bots then play on at once: the first action of the record is Ann's move.
    page.wait_for_function("() => Number(document.body.dataset.actions) >= 1", timeout=5_000)
    assert saved_actions(page)[0] == {"type": "move", "card": 7, "meeple": [0, 0], "how": "square"}


# ----- choices with consequences -----------------------------------------------

def test_landing_tiles_say_what_each_move_would_do(page, site_url, wait_ready):
    import lepeuple

    open_scenario(page, site_url, wait_ready, SEATS, setup())
    wait_for_person(page)
    game = lepeuple.new_game(3, {"defense": "reaction", "scores": "visible", "target": 12}, 1, setup())
    moves = [a for a in game.legal_actions() if a.type == "move" and a.card == 7]
    page.locator("[data-testid=hand] button.card[data-arg='7']").click()
    # Before a meeple is chosen: every movable meeple's landings (Z1 from 2, Z2 from 3).
    reach = {int(x) for x in page.eval_on_selector_all(".tile.reach", "els => els.map(e => e.dataset.tile)")}
    assert reach == {game.path(a)[-1] for a in moves}
    for tile in reach:
        label = page.locator(f".tile[data-tile='{tile}'] .tile-target").get_attribute("aria-label")
        assert label.startswith(f"move to tile {tile} (") and ("Z1 (" in label or "Z2 (" in label), label
    # Tile 4 is a pickaxe: a split of Z1 through it draws a power card; tile 5 is a
    # flank: left there with nobody opposite, B (+1, by its own home) and F (+2), who play
    # before Ann, could end a move opposite and score with it.
    tag5 = page.locator(".tile[data-tile='5'] .outcome-tag").inner_text()
    assert "+card" in tag5 and "open: B F" in tag5, tag5
    assert "pickaxe on 4: a power card" in page.locator(".tile[data-tile='5'] .tile-target").get_attribute("aria-label")
    page.locator(".actions .meeple-btn", has_text="tile 2").click()
    ways = page.locator(".actions .reach-btn").all_inner_texts()
    assert any(w.startswith("circle: to tile 5") for w in ways) and any("split: tiles 4 → 5" in w for w in ways), ways
    # Two ways to tile 5 with different results (a pickaxe on the way or not): asked.
    page.locator(".tile[data-tile='5'] .tile-target").click()
    assert page.locator("[data-testid=prompt]").inner_text() == \
        "Tile 5 can be reached two ways, with different results: choose one."
    assert sorted(page.eval_on_selector_all(".actions .reach-btn", "els => els.map(e => e.dataset.how)")) == \
        ["circle", "split"]
    assert actions_count(page) == 0
    # Tile 6 is reached one way only: no question, the move is played.
    page.click("[data-testid=cancel]")
    if visible(page, "[data-testid=cancel]") and not visible(page, ".tile[data-tile='6'].reach"):
        page.click("[data-testid=cancel]")
    if not visible(page, ".tile[data-tile='6'].reach"):
        page.locator("[data-testid=hand] button.card[data-arg='7']").click()
        page.locator(".actions .meeple-btn", has_text="tile 2").click()
    page.locator(".tile[data-tile='6'] .tile-target").click()
    page.wait_for_function("() => Number(document.body.dataset.actions) >= 1", timeout=5_000)
    assert saved_actions(page)[0] == {"type": "move", "card": 7, "meeple": [0, 0], "how": "square"}


def test_a_tag_reads_at_a_glance_and_gives_its_words_on_hover_and_on_focus(page, site_url, wait_ready):
    """A landing tile's tag is a few signs ("+card", "open: B F"); its words, the same
    as the tile's label, show over the tile when the pointer rests on it or the keyboard
    reaches it, and go when it leaves."""
    open_scenario(page, site_url, wait_ready, SEATS, setup())
    wait_for_person(page)
    page.locator("[data-testid=hand] button.card[data-arg='7']").click()
    target = page.locator(".tile[data-tile='5'] .tile-target")
    tag, words = target.locator(".outcome-tag"), target.locator(".tag-words")
    assert tag.is_visible() and len(tag.inner_text()) <= 40, tag.inner_text()
    assert not words.is_visible()
    target.hover()
    assert words.is_visible()
    said = words.inner_text()
    assert "pickaxe on 4: a power card" in said and len(said) > len(tag.inner_text()), said
    assert said.strip() in target.get_attribute("aria-label")  # a screen reader hears the same words
    shoot(page, "tag-words-hover")
    page.mouse.move(5, 5)
    assert not words.is_visible()
    page.keyboard.press("Shift")  # the keyboard in use: its focus is shown (:focus-visible)
    target.focus()
    assert words.is_visible() and words.inner_text() == said
    target.blur()
    assert not words.is_visible()


# ----- taking back a slip --------------------------------------------------------

def test_undo_a_skip_and_it_survives_a_reload(page, site_url, wait_ready):
    open_scenario(page, site_url, wait_ready, SEATS, setup(power=["force"]))
    wait_for_person(page)
    before = {"hand": hand_ids(page), "prompt": page.locator("[data-testid=prompt]").inner_text()}
    assert not visible(page, "[data-testid=undo]")
    page.click("[data-testid=skip]")
    wait_actions(page, 1)
    page.wait_for_selector("[data-testid=undo]", timeout=5_000)
    shoot(page, "story-undo")
    page.click("[data-testid=undo]")
    wait_actions(page, 0)
    wait_for_person(page)
    assert saved_actions(page) == []
    assert visible(page, "[data-testid=skip]") and not visible(page, "[data-testid=undo]")
    assert {"hand": hand_ids(page), "prompt": page.locator("[data-testid=prompt]").inner_text()} == before
    page.reload()
    wait_ready(page)
    wait_for_person(page)
    assert actions_count(page) == 0 and saved_actions(page) == []
    assert visible(page, "[data-testid=skip]")
    assert {"hand": hand_ids(page), "prompt": page.locator("[data-testid=prompt]").inner_text()} == before


def test_undo_is_refused_after_a_draw(page, site_url, wait_ready):
    # Vitesse (asks nobody, can be taken back), then card 7: the move draws a card,
    # and Ann's extra turn starts: nothing of hers can be taken back any more.
    open_scenario(page, site_url, wait_ready, SEATS, setup(power=["vitesse"]))
    wait_for_person(page)
    page.locator("[data-testid=hand] button.card.power").first.click()
    page.click("[data-testid=confirm]")
    wait_actions(page, 1)
    wait_for_person(page)
    assert visible(page, "[data-testid=undo]")
    page.locator("[data-testid=hand] button.card[data-arg='7']").click()
    page.locator(".actions .meeple-btn", has_text="tile 2").click()
    page.locator(".actions .reach-btn[data-to='6']").click()
    wait_actions(page, 2)
    wait_for_person(page)
    assert "extra turn" in page.locator("[data-testid=log] li.log-turn").first.inner_text()
    assert page.locator("[data-testid=hand] button.card.movement").count() >= 1  # still Ann to move
    assert not visible(page, "[data-testid=undo]")


UNDO_WATCH = """() => {
    // When the undo button came and went, and when body[data-actions] changed.
    window.__undo = {shown: [], actions: []};
    let on = false;
    new MutationObserver(() => {
        const now = !!document.querySelector('[data-testid=undo]');
        if (now !== on) { window.__undo.shown.push([performance.now(), now]); on = now; }
    }).observe(document.body, {subtree: true, childList: true});
    new MutationObserver(() => window.__undo.actions.push([performance.now(), Number(document.body.dataset.actions)]))
        .observe(document.body, {attributes: true, attributeFilter: ['data-actions']});
}"""


def voleur_setup():
    """The Barbares bot (to move) holds Voleur; Ann, the only one with points, holds Défense."""
    return {"meeples": [[2, 3], [6, 6], [10, 10]],
            "hands": [{"movement": [7, 13], "power": ["defense"]}, {"movement": [2, 3], "power": ["voleur"]},
                      {"movement": [4, 9], "power": []}],
            "scores": [3, 0, 0], "active": 1}


@pytest.mark.realtime  # speed=normal: seconds of real pauses
def test_a_bot_waits_while_the_undo_window_is_open(page, site_url, wait_ready):
    open_scenario(page, site_url, wait_ready, SEATS, voleur_setup(), speed="normal")
    page.wait_for_selector("[data-testid=defend-no]", timeout=60_000)
    assert actions_count(page) == 1 and "Voleur" in page.locator("[data-testid=prompt]").inner_text()
    page.evaluate(UNDO_WATCH)
    page.click("[data-testid=defend-no]")
    page.wait_for_selector("[data-testid=undo]", timeout=10_000)
    assert actions_count(page) == 2  # the bot has not gone on
    page.wait_for_function("() => Number(document.body.dataset.actions) >= 3", timeout=30_000)
    log = page.evaluate("window.__undo")
    shown_at = next(t for t, on in log["shown"] if on)
    next_action = next(t for t, n in log["actions"] if n >= 3)
    assert next_action - shown_at >= 1500, f"the bot went on {next_action - shown_at:.0f} ms after take back showed"


@pytest.mark.realtime  # speed=normal: seconds of real pauses
def test_take_back_a_defense_answer_before_the_bot_goes_on(page, site_url, wait_ready):
    open_scenario(page, site_url, wait_ready, SEATS, voleur_setup(), speed="normal")
    page.wait_for_selector("[data-testid=defend-no]", timeout=60_000)
    page.click("[data-testid=defend-no]")
    page.wait_for_selector("[data-testid=undo]", timeout=10_000)
    page.click("[data-testid=undo]")
    page.wait_for_selector("[data-testid=defend-yes]", timeout=5_000)
    assert actions_count(page) == 1
    assert saved_actions(page) == [{"type": "power", "card": "voleur", "target": 0}]
    panel = page.locator(".panel.seat-0").inner_text()
    assert "3 points" in panel, panel


# ----- steps, pause, next step -----------------------------------------------------

def watch_actions(page, seconds):
    """Every value body[data-actions] takes during `seconds` (from now)."""
    return page.evaluate("""ms => new Promise(done => {
        const seen = [document.body.dataset.actions];
        const obs = new MutationObserver(() => seen.push(document.body.dataset.actions));
        obs.observe(document.body, {attributes: true, attributeFilter: ['data-actions']});
        setTimeout(() => { obs.disconnect(); done(seen.map(Number)); }, ms);
    })""", int(seconds * 1000))


@pytest.mark.realtime  # speed=normal: seconds of real pauses
def test_pause_and_step(goto_ready, page):
    goto_ready("?players=bot:easy,bot:easy,bot:easy&seed=4&speed=normal")
    page.wait_for_selector("[data-testid=pause]", timeout=60_000)
    page.wait_for_function("() => Number(document.body.dataset.actions) >= 2", timeout=60_000)
    page.click("[data-testid=pause]")
    page.wait_for_selector("[data-testid=play-on]", timeout=5_000)
    assert visible(page, "[data-testid=step]") and not visible(page, "[data-testid=pause]")
    # A decision already being thought out may still land; then nothing more.
    page.wait_for_function("() => !document.body.dataset.thinking", timeout=30_000)
    seen = watch_actions(page, 3.0)
    assert len(set(seen)) == 1, f"actions went on while paused: {seen}"
    paused_at = seen[0]
    # "Next step": one step or one bot decision, then paused again.
    moved = False
    for _ in range(12):
        before = (actions_count(page), page.locator("[data-testid=prompt]").inner_text())
        page.click("[data-testid=step]")
        page.wait_for_function(
            """([n, text]) => Number(document.body.dataset.actions) !== n
                || document.querySelector('[data-testid=prompt]').textContent !== text""",
            arg=list(before), timeout=30_000)
        seen = watch_actions(page, 3.0)
        assert max(seen) - before[0] <= 1, f"one step played more than one action: {before[0]} -> {seen}"
        assert visible(page, "[data-testid=play-on]") and visible(page, "[data-testid=step]")
        if max(seen) > before[0]:
            moved = True
            break
    assert moved, "twelve steps and no bot decision"
    page.click("[data-testid=play-on]")
    assert not visible(page, "[data-testid=play-on]")
    page.wait_for_function("n => Number(document.body.dataset.actions) >= n + 3",
                           arg=paused_at, timeout=60_000)


def test_replay_opened_and_closed_while_a_bot_steps_never_stalls_the_game(goto_ready, page):
    """Issue 21's repro: Draw two, then within 0.7 s Replay and Close; the bots play on."""
    goto_ready("?players=human,bot:easy,bot:easy&speed=normal&seed=11")
    wait_for_person(page)
    page.click("[data-testid=draw]")
    page.wait_for_timeout(300)
    page.click("[data-testid=replay-open]")
    page.click("[data-testid=replay-close]")
    page.wait_for_function("() => document.body.dataset.screen === 'table'")
    page.wait_for_function("() => Number(document.body.dataset.actions) >= 3", timeout=90_000)
    wait_for_person(page, 90_000)
    assert visible(page, "[data-testid=hand] button.card") or visible(page, "[data-testid=skip]") \
        or visible(page, "[data-testid=draw]")


def test_next_step_then_own_controls_come_back(goto_ready, page):
    """Paused, each "Next step" shows a new step; once nothing waits the player's own
    controls are back (no Play on / Next step, the banner is theirs)."""
    goto_ready("?players=human,bot:easy,bot:easy&speed=normal&seed=4242")
    wait_for_person(page)
    page.click("[data-testid=draw]")
    page.wait_for_selector("[data-testid=pause]", timeout=30_000)
    page.click("[data-testid=pause]")
    page.wait_for_selector("[data-testid=step]", timeout=30_000)
    for _ in range(40):
        if not visible(page, "[data-testid=step]"):
            break
        before = page.locator("[data-testid=prompt]").inner_text()
        page.click("[data-testid=step]")
        page.wait_for_function("text => !document.querySelector('[data-testid=step]') "
                               "|| document.querySelector('[data-testid=prompt]').textContent !== text",
                               arg=before, timeout=30_000)
    assert not visible(page, "[data-testid=play-on]") and not visible(page, "[data-testid=step]")
    wait_for_person(page, 5_000)
    assert page.locator("[data-testid=prompt]").inner_text().startswith("Player 1: play a")
    play_decision(page)
    shoot(page, "story-own-controls-back")


SCORING_WATCH = """() => {
    // Each scoring step shown (a new text in a .prompt.scoring is a new step): when it
    // appeared and went, its highlighted tiles, its lines.
    window.__scoring = [];
    let current = null;
    const look = () => {
        const el = document.querySelector('.prompt.scoring');
        const text = el ? el.textContent : null;
        if (current && current.text !== text) {
            current.end = performance.now();
            current = null;
        }
        if (text !== null && !current) {
            current = {start: performance.now(), end: null, text,
                       tiles: document.querySelectorAll('.tile.scoring').length,
                       showing: !!document.querySelector('.board.showing')};
            window.__scoring.push(current);
        }
    };
    new MutationObserver(look).observe(document.body, {subtree: true, childList: true, characterData: true,
                                                       attributes: true, attributeFilter: ['class']});
    look();
}"""


@pytest.mark.realtime  # speed=normal: seconds of real pauses
def test_a_scoring_step_is_held_and_highlighted(goto_ready, page):
    """An event's scoring step (a supply or an attack, not a Force's +2): its tiles
    highlighted, the prompt marked, held at least 2 s at speed normal (its long line:
    web/model/playback.hold_seconds), every step as long as its text asks."""
    goto_ready("?players=bot:easy,bot:easy,bot:easy&seed=4&speed=normal")
    page.evaluate(SCORING_WATCH)
    page.wait_for_function(f"() => (document.querySelector('.prompt.scoring') || {{}}).textContent?.match({EVENT_RE})",
                           timeout=300_000)
    shoot(page, "story-scoring-step")
    assert page.locator(".tile.scoring").count() >= 1
    assert visible(page, ".board.showing")
    page.wait_for_function(f"() => window.__scoring.some(s => s.end !== null && s.text.match({EVENT_RE}))", timeout=30_000)
    step = page.evaluate(f"window.__scoring.find(s => s.end !== null && s.text.match({EVENT_RE}))")
    held = (step["end"] - step["start"]) / 1000
    assert step["tiles"] >= 1 and step["showing"], step
    assert held >= 2.0, f"a scoring step was held {held:.2f} s: {step['text']}"
    # Every scoring step (a Force's +2 too) is held as long as its text asks.
    for s in page.evaluate("window.__scoring.filter(s => s.end !== null)"):
        assert (s["end"] - s["start"]) / 1000 >= 0.9 * hold_seconds("normal", s["text"].strip()), s


EVENT_RE = r"/(Supply|[Aa]ttack) (at|on) /"


# ----- the new-game form -------------------------------------------------------

def test_new_game_form_seed_starts_empty_after_a_linked_game(goto_ready, page):
    goto_ready(game_url("human,bot:easy,bot:easy", 7))
    wait_for_person(page)
    save_seed = page.evaluate("JSON.parse(localStorage.getItem('lepeuple.save')).record.seed")
    assert save_seed == 7  # the link's seed is used for its game
    page.click("[data-testid=new-game]")
    page.click("[data-testid=discard]")
    page.wait_for_selector("[data-testid=newgame]")
    assert page.locator("input[name=seed]").input_value() == ""
