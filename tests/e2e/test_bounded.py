"""Nothing a link or another page's storage holds stops the page (issue 22), in Chromium."""

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from web.model.replay_game import pack

SEATS = [{"kind": "human", "name": "Ann"}, {"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "easy"}]
SKIPS = {"format": 1, "players": 3, "options": {}, "seed": 1, "actions": [], "setup": {"skips": [100_000_000] * 3}}


def test_the_skips_link_is_refused_with_a_message_naming_the_limit(page, site_url, wait_ready):
    link = pack(SEATS, SKIPS)
    assert len(link) < 210  # about the 198 characters of the link in the issue
    page.goto(site_url + link)
    wait_ready(page)
    text = page.inner_text("body")
    assert "skips must be a whole number from 0 to 2" in text
    assert page.evaluate("document.body.dataset.screen") == "new"
    assert page.evaluate("localStorage.getItem('lepeuple.save')") is None


BAD_STATS = ('{"played": "1", "won": 0, "by_players": {}, "by_level": {}, "best": null,'
             ' "total": 0, "streak": 0, "last": null}')


def test_stats_another_page_wrote_are_set_aside_and_the_page_starts(page, site_url, wait_ready):
    page.goto(site_url)
    wait_ready(page)
    page.evaluate("bad => localStorage.setItem('lepeuple.stats', bad)", BAD_STATS)
    page.reload()
    wait_ready(page)
    assert "statistics on this device could not be read" in page.inner_text("body")
    assert page.evaluate("localStorage.getItem('lepeuple.stats.broken')") == BAD_STATS
    page.reload()  # counted afresh: no notice the second time
    wait_ready(page)
    assert "could not be read" not in page.inner_text("body")
    stats = page.evaluate("localStorage.getItem('lepeuple.stats')")
    assert stats is None or json.loads(stats)["played"] == 0
