"""Bots say why on the page: each bot decision's line in the log carries its reason
(an element with data-reason), kept in the save; Hint says why on the first press."""

import json
import random
import re

from test_web_app import PLAY_ACTS, make
from web.model import storage
from web.render.why import why_text


def play_some(app, dom, decisions, seed=3):
    """Click offered controls until bots have made `decisions` decisions."""
    rng = random.Random(seed)
    while sum(app.session.is_bot(s) for s in app.session.actors) < decisions:
        acts = [a for a in dom.acts() if a[0] in PLAY_ACTS and a[0] != "cancel"]
        app.command(*rng.choice(acts))
        dom.run_tasks()


def reasons(html):
    return re.findall(r'<span class="why-line" data-reason="([a-z_]+)">([^<]*)</span>', html)


def test_every_bot_decision_in_the_log_carries_its_reason():
    app, dom, _ = make("?players=human,bot:normal,bot:easy&seed=8&speed=instant")
    play_some(app, dom, 4)
    shown = reasons(dom.html)
    decided = [w for w in app.session.whys if w]
    assert len(decided) == sum(app.session.is_bot(s) for s in app.session.actors) >= 4
    telling = [w for w in decided if why_text(w, app.session.seats, 0)]  # a plain move repeats the log: no line
    assert len(shown) == len(telling) and telling
    assert all(text.strip() for _, text in shown)
    assert any("chance to win" in text or "close call" in text for _, text in shown)  # normal weighs its options


def test_the_reasons_survive_a_reload():
    app, dom, backend = make("?players=human,bot:normal,bot:normal&seed=5&speed=instant")
    play_some(app, dom, 3)
    saved = json.loads(backend.items[storage.SAVE_KEY])
    assert len(saved["whys"]) == len(saved["record"]["actions"])
    again, dom2, _ = make("", backend.items)
    assert reasons(dom2.html) == reasons(dom.html) != []


def test_a_save_with_unreadable_reasons_still_plays():
    app, dom, backend = make("?players=human,bot:easy,bot:easy&seed=5&speed=instant")
    play_some(app, dom, 2)
    saved = json.loads(backend.items[storage.SAVE_KEY])
    saved["whys"] = [{"kind": "event"}, "nonsense", 3] + [None] * 40
    again, dom2, _ = make("", {storage.SAVE_KEY: json.dumps(saved)})
    assert again.screen == "table" and again.session.game.record() == app.session.game.record()


def test_hint_says_why_on_the_first_press_and_never_warns():
    for seed in (11, 12, 13):
        app, dom, _ = make(f"?players=human,bot:easy,bot:easy&seed={seed}&speed=instant")
        app.command("hint")
        dom.run_tasks()
        text = re.search(r'data-testid="hint-text">(.*?)</span>', dom.html).group(1)
        assert "Why:" in text, text
        assert "an opponent may score" not in text and "!" not in text
