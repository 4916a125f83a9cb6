"""The page stays responsive while bots think: it draws frames, and the worker
thinking for them looks at the page's messages between slices.

Bots think in the page's worker (PyScript's, web/main.py), in slices (SLICE in
web/model/botrunner.py), giving the worker back its event loop after each: a
click is handled after at most one slice. What a player relies on is that the
page keeps drawing while a bot thinks, not a wall time that the machine's load
can break: so the test counts the slices (web/model/botrunner.Stats) and the
animation frames the browser drew after body[data-ready], while hard and normal
bots play. The longest main-thread task is a figure of scripts/bench/smooth.py
and bot_speed.py, measured with their load average.
"""

import json

COUNT_FRAMES = """
window.__frames = 0;
const tick = () => { window.__frames += 1; requestAnimationFrame(tick); };
requestAnimationFrame(tick);
"""


def test_the_page_draws_frames_while_bots_think(page, site_url, wait_ready):
    page.add_init_script(COUNT_FRAMES)
    page.goto(site_url + "?players=bot:hard,bot:normal,bot:hard&seed=4&speed=instant")
    wait_ready(page)
    frames_at_ready = page.evaluate("window.__frames")
    page.wait_for_function("() => Number(document.body.dataset.actions || 0) >= 6", timeout=120_000)
    frames = page.evaluate("window.__frames") - frames_at_ready
    stats = json.loads(page.evaluate("document.body.dataset.botStats"))
    hard = stats["levels"]["hard"]["decisions"]
    print(f"\n{hard} hard decisions: {stats['slices']} slices, {frames} frames drawn; bots: {stats}")
    assert hard >= 2
    # Each hard decision takes many slices, and the browser draws meanwhile.
    assert stats["slices"] >= 3 * hard
    assert frames >= 4 * hard + 2
