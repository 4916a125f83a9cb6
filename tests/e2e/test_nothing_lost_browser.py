"""Nothing lost, whatever the browser does (issue 43): an unreadable save kept when the
browser's real storage is full, a game's link pasted into an open tab, and markup
injected into the page after start-up that runs nothing."""

import json
from pathlib import Path

import pytest

from play_helpers import game_url
from web.model.replay_game import pack

ROOT = Path(__file__).resolve().parents[2]
UNREADABLE = '{"app": "lepeuple", "version": 1, "seats": [], "record": ' + '"x' * 1_000_000
OLDER = "lepeuple.save.broken.1"


def stored(page, key):
    return page.evaluate("k => localStorage.getItem(k)", key)


def backups(page):
    return page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('lepeuple.save.broken.')).sort()")


def test_an_unreadable_save_is_kept_when_chromiums_storage_is_really_full(page, site_url, wait_ready):
    """An older unreadable save kept aside (2.5 M characters) and a new one (2 M) leave no room
    in Chromium's localStorage for a second copy: "Start a new game" is refused by the browser
    itself. The page says so, offers the download, never overwrites the save (not even from
    the form), and makes room only by removing the older copy once asked."""
    page.goto(site_url)
    wait_ready(page)
    page.evaluate("""([older, save]) => {
        localStorage.clear();
        localStorage.setItem(older, "y".repeat(2_500_000));
        localStorage.setItem("lepeuple.save", save);
    }""", [OLDER, UNREADABLE])
    page.reload()
    wait_ready(page)
    assert page.evaluate("document.body.dataset.screen") == "broken"
    page.click("[data-testid=new-after-broken]")
    page.wait_for_selector("[data-testid=broken-full]")  # the browser refused the copy
    assert stored(page, "lepeuple.save") == UNREADABLE and backups(page) == [OLDER]
    with page.expect_download() as download:
        page.click("[data-testid=download-save]")
    assert Path(download.value.path()).read_text() == UNREADABLE
    page.reload()  # a reload changes nothing of it
    wait_ready(page)
    page.click("[data-testid=new-after-broken]")
    page.wait_for_selector("[data-testid=forget-kept]")
    assert stored(page, "lepeuple.save") == UNREADABLE
    page.click("[data-testid=forget-kept]")  # asked first: nothing removed yet
    assert backups(page) == [OLDER]
    page.click("[data-testid=forget-yes]")
    page.wait_for_selector("[data-testid=newgame]")
    [kept] = backups(page)
    assert kept != OLDER and stored(page, kept) == UNREADABLE and stored(page, "lepeuple.save") is None
    page.click("[data-testid=start]")
    assert page.evaluate("document.body.dataset.screen") == "table"
    assert json.loads(stored(page, "lepeuple.save"))["app"] == "lepeuple"


def finished_link():
    record = json.loads((ROOT / "tests/records/3p-seed2026.json").read_text())["record"]
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "easy"}]
    return pack(seats, record)


def test_a_games_link_pasted_into_an_open_tab_opens_its_replay(goto_ready, page):
    page = goto_ready(game_url("human,bot:easy,bot:easy", 7))
    save = stored(page, "lepeuple.save")
    page.evaluate("hash => { location.hash = hash; }", finished_link())
    page.wait_for_selector("[data-testid=replay-bar]")
    assert page.evaluate("document.body.dataset.screen") == "replay"
    assert stored(page, "lepeuple.save") == save  # the player's own game is not touched
    page.evaluate("() => { location.hash = '#g=not-a-game'; }")
    page.wait_for_selector("[data-testid=notices]")
    assert "link" in page.locator("[data-testid=notices]").inner_text().lower()


@pytest.mark.parametrize("how", ["innerHTML", "append", "patch"])
def test_scripts_added_to_the_page_after_start_up_run_nothing(goto_ready, recorder, how):
    """PyScript's core watches the page for <script type="py">: one added after start-up, in
    PyScript's worker with our own configuration or on the page's thread, a <py-script>, a
    MicroPython one, or an inline <script>, added through markup, through the DOM or through
    the patcher that draws the worker's regions, runs nothing (web/page/guard.mjs)."""
    recorder.allow_console("Content Security Policy|Refused to execute inline script|was taken out")
    page = goto_ready()
    workers = len(page.workers)
    code = "import js\njs.fetch('./pwned-py')\n"
    page.evaluate("""async ([how, code]) => {
        const scripts = [["script", {type: "py", worker: "", config: "./pyscript.toml"}, code],
                         ["script", {type: "py", config: "./pyscript.toml"}, code],
                         ["script", {type: "mpy"}, code], ["py-script", {}, code],
                         ["script", {}, "fetch('./pwned-inline')"]];
        const markup = scripts.map(([tag, attrs, text]) => `<${tag} ${Object.entries(attrs)
            .map(([k, v]) => `${k}="${v}"`).join(" ")}>${text}</${tag}>`).join("");
        const box = document.createElement("div");
        document.body.append(box);
        if (how === "innerHTML") box.innerHTML = markup;
        else if (how === "append") {
            for (const [tag, attrs, text] of scripts) {
                const el = document.createElement(tag);
                for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
                el.textContent = text;
                box.append(el);
            }
        } else {
            const { patch } = await import("./web/page/patch.mjs");
            box.dataset.region = "pwned";
            patch(document.body, null, { pwned: `<div data-region="pwned">${markup}</div>` });
        }
    }""", [how, code])
    page.wait_for_timeout(3000)
    assert not page.locator("script[type=py]:not([name=game]), script[type=mpy], py-script").count()
    assert not [url for url in recorder.requests if "pwned" in url]
    assert len(page.workers) == workers
