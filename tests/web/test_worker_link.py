"""The page's Python as it runs in its Web Worker (web/startup/boot.Link, web/dom.WorkerDom,
web/model/storage.PageStorage), under CPython, its messages to the page collected: what
it sends the page, what it does with what the page says."""

import asyncio
import json
import threading

from web.model import storage
from web.startup.boot import Link

GAME = "?players=human,bot:easy,bot:easy&seed=3&speed=instant"


def boot(search=GAME, items=None, run=False):
    """A Link booted as the page boots it; the messages it sent, flattened. Its loops (bots,
    steps) run only with `run`, inside an event loop; else they are dropped unstarted."""
    sent = []
    link = Link(lambda text: sent.extend(json.loads(text)), schedule=lambda callback: None)
    if not run:
        link.dom.spawn = lambda coro: coro.close()
    link.receive(json.dumps({"type": "boot", "search": search, "hash": "", "languages": ["en"],
                             "storage": items or {}, "saving": True, "url": "http://127.0.0.1/", "first": None,
                             "share": False}))
    return link, sent


def of(sent, kind):
    return [m for m in sent if m["type"] == kind]


def test_the_first_drawing_sends_everything_and_then_only_what_changed():
    link, sent = boot()
    [first] = of(sent, "render")
    assert first["skeleton"] and {"header", "prompt", "board", "hand", "log"} <= set(first["regions"])
    assert of(sent, "ready")
    sent.clear()
    link.app.render()
    link.dom.flush()
    [again] = of(sent, "render")
    assert again["regions"] == {} and "skeleton" not in again  # nothing changed: nothing sent


def test_a_new_log_turn_is_sent_alone_not_the_whole_log():
    link, sent = boot()
    sent.clear()
    link.receive(json.dumps({"type": "command", "act": "draw", "arg": None, "form": {}, "seq": link.dom.seq}))
    [drawn] = of(sent, "render")
    turns = [name for name in drawn["regions"] if name.startswith("turn-")]
    assert turns and "<!--region:turn-" in drawn["regions"]["log"]  # the log holds markers, the turns apart
    assert of(sent, "done") and of(sent, "store")  # answered, and the save written


def test_a_choice_of_play_clicked_on_a_drawing_older_than_the_last_action_is_not_acted_on():
    """A double tap: the second "draw" was made on the drawing before the first was played."""
    async def play():
        link, sent = boot(run=True)
        seen = link.dom.seq
        link.receive(json.dumps({"type": "command", "act": "draw", "arg": None, "form": {}, "seq": seen}))
        for _ in range(2000):  # the bots play (their loop runs in this worker's event loop)
            await asyncio.sleep(0)
            if link.app.game.person_to_move() and link.app.game.steps.current is None:
                break
        played = link.app.game.actions_played()
        link.receive(json.dumps({"type": "command", "act": "draw", "arg": None, "form": {}, "seq": seen}))
        assert link.app.game.actions_played() == played  # dropped
        link.receive(json.dumps({"type": "command", "act": "draw", "arg": None, "form": {}, "seq": link.dom.seq}))
        assert link.app.game.actions_played() == played + 1  # on the drawing shown now: played

    run_alone(play())


def run_alone(coro):
    """Runs `coro` in an event loop of its own thread: in the whole suite, Playwright's sync
    API keeps a loop running on this thread, where asyncio.run refuses to start another."""
    failure = []

    def main():
        try:
            asyncio.run(coro)
        except BaseException as error:  # handed back to the test's thread
            failure.append(error)

    thread = threading.Thread(target=main)
    thread.start()
    thread.join()
    if failure:
        raise failure[0]


def test_a_write_the_browser_refused_leaves_the_copy_as_the_page_has_it_and_is_said():
    link, sent = boot()
    link.receive(json.dumps({"type": "refused", "key": storage.SAVE_KEY, "value": None, "reason": "full"}))
    assert link.storage.getItem(storage.SAVE_KEY) is None
    assert "storage for this page is full" in json.dumps(of(sent, "render")[-1])  # above the table


def test_a_save_written_over_another_than_expected_stops_this_tab():
    link, sent = boot()
    link.receive(json.dumps({"type": "refused", "key": storage.SAVE_KEY, "value": "another tab's", "reason": "changed"}))
    assert link.app.stale and link.storage.getItem(storage.SAVE_KEY) == "another tab's"


def test_the_page_moves_a_value_whole_or_not_at_all():
    sent, said = [], []
    page = storage.PageStorage({"a": "text"}, sent.append)
    page.move("a", "b", said.append)
    assert sent == [{"type": "move", "id": 1, "from": "a", "to": "b"}] and said == []  # asked, not yet done
    page.moved(1, refused=True)
    assert page.items == {"a": "text"} and said and said[0]  # refused: as it was, and why
    page.move("a", "b", said.append)
    page.moved(sent[-1]["id"], refused=False)
    assert page.items == {"b": "text"} and said[-1] is None


def test_a_guarded_write_carries_the_length_and_end_of_the_save_it_expects():
    sent = []
    page = storage.PageStorage({}, sent.append)
    expected = "x" * 100 + "END"
    page.setItem(storage.SAVE_KEY, "new", expect=expected)
    page.setItem(storage.SAVE_KEY, "newer", expect=None)
    assert sent[0]["expect"] == [103, expected[-storage.SAVE_END:]] and sent[1]["expect"] is None


def test_an_action_sends_the_parts_of_the_board_it_changed_not_the_board():
    """Each tile, the meeples' layer and the ring's centre are regions of their own: drawing
    two cards sends the piles' new counts, not the ring's 24 tiles, and never the skeleton
    (a page patched whole measures and lays out everything)."""
    link, sent = boot()
    [first] = of(sent, "render")
    tiles = [name for name in first["regions"] if name.startswith("tile-")]
    assert len(tiles) >= 12 and {"meeples", "ring-center", "board"} <= set(first["regions"])
    assert all(f"<!--region:{name}-->" in first["regions"]["board"] for name in tiles)
    sent.clear()
    link.receive(json.dumps({"type": "command", "act": "draw", "arg": None, "form": {}, "seq": link.dom.seq}))
    [drawn] = of(sent, "render")
    assert "skeleton" not in drawn
    assert "ring-center" in drawn["regions"]  # the decks' counts
    assert not [name for name in drawn["regions"] if name.startswith("tile-")]  # no tile changed
