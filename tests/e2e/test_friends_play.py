"""A friend plays everything a person at the host's device plays (issue 49, section 4), in
real browsers joined by real WebRTC on loopback (tests/e2e/test_friends.py joins them):
a power card at another seat, Défense in answer to one, Take back granted and refused,
hidden scores, Hint, and Ask to rejoin after either page reloads. Each game starts from an
exact position (a scenario in the host's save, docs/engine.md), so each case is reached
in a few clicks. Every message a friend's page receives, as it came off its data channel,
is checked: views of its own seat only, each the engine's view at that moment, no card
named that its seat never sees (tests/seat_told.py)."""

import json
import re
import time

import pytest

import lepeuple
from friend_helpers import friends_python, in_view, open_host, received, seat_friend
from play_helpers import WAITING, answered, open_scenario, play_decision, saved_actions, shoot, wait_for_person
from scripts import browser as chromium
from tests.seat_told import cards_named, others_points, seen_cards, views_checked

TABLE = "TABLEtable01"
ANN, BEA, BOT = 0, 1, 2
SEATS = [{"kind": "human", "name": "Ann"}, {"kind": "remote", "name": "Bea", "table": TABLE, "token": "TOKENtoken01"},
         {"kind": "bot", "level": "easy"}]


def record_of(host):
    return json.loads(host.evaluate("localStorage.getItem('lepeuple.save')"))["record"]


def host_on(browser, site_url, setup, options=None):
    """The host's device on a saved game from `setup` (Ann here, Bea a friend, a bot)."""
    context = browser.new_context()
    host = context.new_page()
    open_scenario(host, site_url, chromium.wait_ready, SEATS, setup, options=options)
    host.wait_for_selector(f"[data-testid=open-invite-{BEA}]", timeout=60_000)
    return context, host


def score_on(page, seat):
    """The score a page's panel shows for `seat` (None: hidden, a band shown instead)."""
    score = page.locator(f".panel.seat-{seat} .score")
    if "hidden-score" in score.get_attribute("class"):
        return None
    return int(re.search(r"\d+", score.inner_text()).group())


def log_text(page):
    return page.inner_text("[data-testid=log]")


def shown(page, line):
    """Until the page's log shows `line` (a loaded machine draws a moment after it counts the action)."""
    page.wait_for_function("line => document.querySelector('[data-testid=log]')?.innerText.includes(line)",
                           arg=line, timeout=30_000)


def caught_up(guest, host, timeout_s=30):
    """Until the friend's page has been told every action the host's record holds, the host's
    count read again each time (its bots may still be playing: a count read once can be passed)."""
    deadline = time.monotonic() + timeout_s
    while guest.evaluate("Number(document.body.dataset.actions)") != len(saved_actions(host)):
        assert time.monotonic() < deadline, "the friend's page never caught up with the host's record"
        guest.wait_for_timeout(100)
    answered(guest)


def assert_told_its_seat_only(guest, host, seat=BEA):
    """Every message the friend's page received: its seat's views, each the engine's, no
    card its seat never sees (the host's record says what the engine dealt)."""
    record, told = record_of(host), received(guest)
    assert views_checked(told, record, seat) >= 1
    assert cards_named(told) <= seen_cards(record, seat)
    return told


def play(page, card, target=None):
    """Play a power card from the hand (at `target`)."""
    page.click(f"[data-testid=hand] button.card[data-arg='\"{card}\"']")
    if target is not None:
        page.click(f".actions button[data-act=target][data-arg='{target}']")
    answered(page)


# Bea to play; she holds Sortilège, Ann holds no power card (so nobody is asked for Défense).
BEA_ATTACKS = {"active": BEA, "scores": [3, 2, 5],
               "hands": [{"movement": [2]}, {"movement": [8], "power": ["sortilege"]}, {"movement": [3]}]}


def test_a_friend_plays_a_card_at_the_hosts_person_both_boards_show_it_and_taking_it_back_is_granted(browser, site_url):
    host_context, host = host_on(browser, site_url, BEA_ATTACKS)
    context, guest = seat_friend(host, browser, site_url, BEA)
    wait_for_person(guest)
    assert score_on(guest, ANN) == score_on(host, ANN) == 3
    play(guest, "sortilege", target=ANN)
    caught_up(guest, host)
    for page in (guest, host):
        shown(page, "Bea plays Sortilège at Ann.")
    assert score_on(guest, ANN) == 2 and score_on(host, ANN) == 2  # Ann −1, on both boards
    assert saved_actions(host) == [{"type": "power", "card": "sortilege", "target": ANN}]
    guest.click("[data-testid=undo]")  # asked of the host, whose engine allows it
    host.wait_for_function("() => document.body.dataset.actions === '0'", timeout=30_000)
    caught_up(guest, host)
    assert saved_actions(host) == []
    for page in (guest, host):
        shown(page, "Bea took back: Sortilège at Ann.")
    assert score_on(guest, ANN) == 3 and score_on(host, ANN) == 3
    assert guest.locator("[data-testid=hand] button.card[data-arg='\"sortilege\"']").count() == 1  # hers again
    assert_told_its_seat_only(guest, host)
    context.close()
    host_context.close()


# Ann to play; she holds Sortilège, Bea holds Défense.
ANN_ATTACKS = {"active": ANN, "scores": [3, 4, 5],
               "hands": [{"movement": [2], "power": ["sortilege"]}, {"movement": [8], "power": ["defense"]},
                         {"movement": [3]}]}

# On the friend's page: the host's messages held back, as a slow network would (the page is
# not told of them until RELEASE), and handed on in order.
HOLD = """
from web.startup import boot
app = next(o for o in __import__("gc").get_objects() if isinstance(o, boot.Link)).app
held = []
def holding(message):
    if message.get("op") == "message":
        held.append(message)
    else:
        type(app).net_event(app, message)
app.net_event = holding
"""
RELEASE = """
del app.net_event
for message in held:
    app.net_event(message)
next(o for o in __import__("gc").get_objects() if isinstance(o, boot.Link)).dom.flush()
len(held)
"""


def test_a_friend_answers_the_hosts_card_with_defense_and_a_take_back_too_late_is_refused(browser, site_url):
    host_context, host = host_on(browser, site_url, ANN_ATTACKS)
    context, guest = seat_friend(host, browser, site_url, BEA)
    wait_for_person(host)
    play(host, "sortilege", target=BEA)  # Ann plays Sortilège at Bea
    guest.wait_for_selector("[data-testid=defend-yes]", timeout=30_000)
    assert "Ann plays Sortilège at you" in guest.inner_text("[data-testid=prompt]")
    guest.click("[data-testid=defend-yes]")
    caught_up(guest, host)
    for page in (guest, host):  # cancelled: Bea keeps her 4 points, on both screens
        shown(page, "Bea plays Défense: the power card has no effect.")
        assert score_on(page, BEA) == 4
    assert saved_actions(host)[-1] == {"type": "defend", "play": True}
    guest.wait_for_selector("[data-testid=undo]")  # her answer may still be taken back
    friends_python(guest, HOLD)  # her network is slow: she does not hear of Ann's move yet
    wait_for_person(host)
    assert play_decision(host) == "move"  # Ann moves on
    played = saved_actions(host)
    guest.click("[data-testid=undo]")  # too late: the host's game has moved on
    host.wait_for_timeout(1000)
    assert friends_python(guest, RELEASE) >= 2  # Ann's move, then the host's answer
    guest.wait_for_selector("[data-testid=notices]", timeout=30_000)
    assert "The host refused that: the game had moved on." in guest.inner_text("[data-testid=notices]")
    caught_up(guest, host)
    assert saved_actions(host) == played and score_on(host, BEA) == 4 and score_on(guest, BEA) == 4
    assert guest.locator("[data-testid=undo]").count() == 0
    assert_told_its_seat_only(guest, host)
    context.close()
    host_context.close()


def test_with_hidden_scores_a_friend_sees_only_its_own_score_on_screen_and_over_the_channel(browser, site_url):
    host_context, host = host_on(browser, site_url, ANN_ATTACKS, options={"scores": "hidden"})
    context, guest = seat_friend(host, browser, site_url, BEA)
    wait_for_person(host)
    play(host, "sortilege", target=BOT)  # the bot loses a point Bea is not told of
    goes_on(host, guest, decisions=12)  # the game goes on a while, every decision by clicks
    caught_up(guest, host)
    game = lepeuple.load(record_of(host))
    assert game.scores[BOT] != 5 and len(game.history) >= 6  # others' points did change
    assert score_on(guest, BEA) == game.scores[BEA]
    assert score_on(guest, ANN) is None and score_on(guest, BOT) is None
    assert score_on(host, ANN) == game.scores[ANN] and score_on(host, BEA) is None  # Ann's eyes, at the host
    told = assert_told_its_seat_only(guest, host)
    assert others_points(told, BEA) == []
    context.close()
    host_context.close()


# Bea to move; movement cards only.
BEA_MOVES = {"active": BEA, "hands": [{"movement": [2]}, {"movement": [8, 7]}, {"movement": [3]}]}


def test_a_friend_presses_hint_and_sees_a_hint_for_her_own_seat(browser, site_url):
    host_context, host = host_on(browser, site_url, BEA_MOVES)
    context, guest = seat_friend(host, browser, site_url, BEA)
    wait_for_person(guest)
    guest.click("[data-testid=hint]")  # thought out on her own device, from her seat's view
    guest.wait_for_selector("[data-testid=hint-text]", timeout=60_000)
    assert "Hint:" in guest.inner_text("[data-testid=hint-text]")
    hinted = guest.locator("[data-testid=hand] .card.hinted, .actions .hinted")
    assert hinted.count() >= 1  # one of her own cards (or her own Draw two)
    assert host.locator("[data-testid=hint-text]").count() == 0
    assert saved_actions(host) == []  # a hint plays nothing
    assert_told_its_seat_only(guest, host)
    context.close()
    host_context.close()


def not_connected(host, seat):
    host.wait_for_function(f"() => !/connected/.test(document.querySelector('[data-testid=remote-state-{seat}]')"
                           "?.textContent || '')", timeout=60_000)


def rejoin(host, guest, seat=BEA):
    """The friend's request to rejoin, pasted at the host; the host's answer, pasted back."""
    guest.wait_for_selector("[data-testid=rejoin-link]", timeout=60_000)
    request = guest.input_value("[data-testid=rejoin-link]")
    assert "#rejoin=" in request
    host.click(f"[data-testid=open-invite-{seat}]")
    host.fill(f"[data-testid=reply-{seat}]", request)
    host.click(f"[data-testid=reply-{seat}-connect]")
    host.wait_for_function(f"() => /#reply=/.test(document.querySelector('[data-testid=invite-{seat}-link]')?.value)",
                           timeout=60_000)
    guest.fill("[data-testid=answer]", host.input_value(f"[data-testid=invite-{seat}-link]"))
    guest.click("[data-testid=answer-connect]")
    host.wait_for_function(f"() => /connected/.test(document.querySelector('[data-testid=remote-state-{seat}]')"
                           "?.textContent || '')", timeout=60_000)
    guest.wait_for_selector("[data-testid=remote-bar]:not(.away)", timeout=60_000)


def goes_on(host, guest, decisions=6):
    """A few more decisions by clicks, each page deciding for its own person: the record grows."""
    before = len(saved_actions(host))
    for _ in range(decisions):
        for page in (host, guest):
            if page.evaluate(WAITING):
                play_decision(page)
        host.wait_for_timeout(100)
    assert len(saved_actions(host)) > before


def friends_page_reloads(host, guest):
    guest.reload()  # the same link: her page was seated at this table, it asks to rejoin
    guest.wait_for_selector("body[data-ready]", state="attached", timeout=120_000)
    not_connected(host, BEA)


def hosts_page_reloads(host, guest):
    host.reload()  # resumed from its save
    host.wait_for_selector("body[data-ready]", state="attached", timeout=120_000)
    guest.wait_for_selector("[data-testid=remote-bar].away", timeout=60_000)  # "waiting for the host"
    guest.click("[data-testid=rejoin]")


@pytest.mark.parametrize("reload", [friends_page_reloads, hosts_page_reloads], ids=["friend", "host"])
def test_a_page_reloads_the_friend_asks_to_rejoin_and_the_game_goes_on_from_where_it_was(browser, site_url, reload):
    host_context, host = host_on(browser, site_url, BEA_MOVES)
    context, guest = seat_friend(host, browser, site_url, BEA)
    goes_on(host, guest)
    caught_up(guest, host)
    hand, played = guest.inner_text("[data-testid=hand]"), saved_actions(host)
    reload(host, guest)
    rejoin(host, guest)
    caught_up(guest, host)
    assert guest.inner_text("[data-testid=hand]") == hand and saved_actions(host) == played  # as it stood
    goes_on(host, guest)
    caught_up(guest, host)
    assert_told_its_seat_only(guest, host)
    context.close()
    host_context.close()


# ----- the table screen (issue 49, section 5) ------------------------------------------

def font_px(page, selector):
    return float(page.evaluate("sel => parseFloat(getComputedStyle(document.querySelector(sel)).fontSize)", selector))


@pytest.mark.parametrize("size", [(1366, 900), (390, 844)])
def test_the_table_screen_shows_the_board_the_last_action_in_large_and_whom_the_game_waits_on(browser, site_url, size):
    """The host's device takes no seat (Bea a friend, two bots): its screen is everyone's."""
    viewport = {"width": size[0], "height": size[1]}
    host_context = browser.new_context(viewport=viewport)
    host = open_host(host_context, site_url, "remote,bot:easy,bot:easy", "Bea", seed=3)
    context, guest = seat_friend(host, browser, site_url, 0)
    for _ in range(4):  # Bea's decisions and the bots' after them
        wait_for_person(guest)
        play_decision(guest)
    caught_up(guest, host)
    assert host.locator("[data-testid=hand], .empty-hand").count() == 0  # no hand, and no empty box
    words = host.inner_text("[data-testid=last-action]")
    names = host.eval_on_selector_all(".panel .name", "els => els.map(e => e.textContent)")
    assert any(name in words for name in names), words  # who did what
    assert font_px(host, ".last-action-text") >= 28  # read from across the table
    for selector in ("[data-testid=prompt]", "[data-testid=last-action]", ".ring"):
        assert in_view(host, selector), selector
    shoot(host, f"table-screen-{size[0]}x{size[1]}")
    context.close()  # Bea's phone is gone: when her turn comes, the table screen says the game waits on her
    host.wait_for_function("() => /waits for Bea/.test(document.querySelector('[data-testid=prompt]').textContent)",
                           timeout=90_000)
    for selector in ("[data-testid=prompt]", "[data-testid=invite-again-0]", "[data-testid=last-action]"):
        assert in_view(host, selector), selector
    host_context.close()
