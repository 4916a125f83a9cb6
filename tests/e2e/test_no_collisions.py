"""Nothing on the table collides or is cut short, at every width a player uses.

The page is opened with the rules panel, the guided game, the replay and the review
each open (a movement card chosen where there is one, so the landing tiles carry their
tags), then laid out at the widths 390, 768, 1024, 1280, 1366 and 1920; and a game is
played by clicks, each decision at the next of those widths (landing tags, exposed
meeples' marks, tied scores, the card played last), each card the person plays looked
at along its flight to the ring's middle. At each one the boxes the browser laid out
are measured:

- no caption, badge, score marker, tag or exposed meeple's mark lies over a tile (a tag
  over its own tile is where it hangs, a mark over its meeple's), and no tile over another;
- no two score markers on one spot of the score track (tied scores stand one above the other);
- a landing tag or a mark stays on the ring (the meeples' layer clips at its edge); a
  mark, which lasts, lies over nothing of the ring's middle, no other mark, no other meeple;
- no card of the middle (the card played last, or flying there) covers a caption;
- no text is cut (hidden overflow, an ellipsis, a line clamp) unless its box scrolls
  the way it is cut (the narration, the log, the rules), nor runs out of its card;
- no row of buttons scrolls sideways, and the page never does;
- the end of a game's dialog fits the screen from 768 px wide, with nothing to scroll;
  at every width its title, the winners and its main buttons are in view, uncovered.
"""

import json

from play_helpers import answered, finish_move, game_url, menu_click, play_decision, press, shoot, visible, wait_for_person

SIZES = [(390, 844), (768, 1024), (1024, 768), (1280, 800), (1366, 900), (1920, 1080)]

# The captions of the ring's middle that a card of the middle lies over (the card played
# last, or flying there), in words: at a caption's centre and ends, what is drawn on top is
# the caption. (A card drawn flies from its deck to the hand: it leaves the middle, over all.)
UNCOVERED = """() => {
  const out = [];
  const seen = (e) => e.checkVisibility({ opacityProperty: true, visibilityProperty: true })
    && e.getBoundingClientRect().width > 0;
  for (const caption of [...document.querySelectorAll('.ring-center .pile-label')].filter(seen)) {
    const a = caption.getBoundingClientRect(), y = (a.top + a.bottom) / 2;
    for (const x of [a.left + 3, (a.left + a.right) / 2, a.right - 3]) {
      const top = document.elementFromPoint(x, y);
      if (top && !caption.contains(top) && top.closest('.ring-center')) {
        const card = top.closest('.card') || top;
        const what = `${card.tagName.toLowerCase()}.${[...card.classList].join('.')} ${card.dataset.fly || ''}`;
        out.push(`a caption covered: "${caption.textContent.slice(0, 30)}" under ${what} at ${innerWidth}`);
        break;
      }
    }
  }
  return out;
}"""

# Every collision and cut on the page as laid out now, in words (empty: none).
MEASURE = """() => {
  const uncovered = """ + UNCOVERED + """;
  const box = (e) => e.getBoundingClientRect();
  const seen = (e) => e.checkVisibility({ opacityProperty: true, visibilityProperty: true }) && box(e).width > 0;
  const over = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1
    && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
  const name = (e) => e.tagName.toLowerCase() + '.' + [...e.classList].join('.')
    + (e.dataset.tile ? `[${e.dataset.tile}]` : '') + (e.textContent.trim() ? ` "${e.textContent.trim().slice(0, 40)}"` : '');
  const out = [];
  const tiles = [...document.querySelectorAll('.ring .tile')].filter(seen);
  const pairs = (list, say) => list.forEach((a, i) => list.slice(i + 1).forEach((b) => {
    if (over(box(a), box(b))) out.push(say(a, b));
  }));
  pairs(tiles, (a, b) => `tile over tile: ${name(a)} ${name(b)}`);
  // The tile a thing belongs to: a landing tag's own tile, an exposed meeple's mark's tile.
  const own = (thing) => thing.closest('.tile') || document.querySelector(
    `.ring .tile[data-tile="${thing.closest('.meeple')?.dataset.on}"]`);
  const things = '.ring-center .pile-label, .ring-center .card, .track-target, .track-marker, .track-bar, '
    + '.board ~ .legend > summary, .outcome-tag, .open-mark';
  for (const thing of [...document.querySelectorAll(things)].filter(seen)) {
    for (const tile of tiles) {
      if (tile === own(thing)) continue;
      if (over(box(thing), box(tile))) out.push(`over a tile: ${name(thing)} on ${name(tile)}`);
    }
  }
  const markers = [...document.querySelectorAll('.track-marker')].filter(seen);
  pairs(markers, (a, b) => `markers stacked: ${a.title} ${b.title}`);
  // A landing tag or an exposed meeple's mark: on the ring (its meeples' layer clips at the
  // ring's edge), over no score marker, caption or card of the middle, nor over each other.
  const ring = document.querySelector('.ring');
  for (const tag of [...document.querySelectorAll('.outcome-tag, .open-mark')].filter(seen)) {
    const a = box(tag), r = box(ring);
    if (a.left < r.left - 1 || a.right > r.right + 1 || a.top < r.top - 1 || a.bottom > r.bottom + 1) {
      const span = (b) => `${Math.round(b.left)}-${Math.round(b.right)}`;
      out.push(`off the ring: ${name(tag)} ${span(a)} in ${span(r)}`);
    }
  }
  // An exposed meeple's mark lasts: it hides no score marker, caption or card of the middle,
  // nor another mark.
  const marks = [...document.querySelectorAll('.open-mark')].filter(seen);
  const middle = [...document.querySelectorAll('.track-marker, .track-target, .ring-center .pile-label, .ring-center .card')]
    .filter(seen);
  for (const mark of marks) {
    for (const thing of middle) {
      if (over(box(mark), box(thing))) out.push(`a mark over the middle: ${name(mark)} on ${name(thing)}`);
    }
  }
  pairs(marks, (a, b) => `marks over each other: ${name(a)} ${name(b)}`);
  const pawns = [...document.querySelectorAll('.meeple .pawn-art')].filter(seen);
  for (const mark of marks) {
    for (const art of pawns) {
      if (!mark.closest('.meeple').contains(art) && over(box(mark), box(art))) {
        out.push(`a mark and another meeple: ${name(mark)} ${art.closest('.meeple').dataset.key}`);
      }
    }
  }
  out.push(...uncovered());
  for (const el of document.querySelectorAll('#app *')) {
    if (!seen(el) || el.closest('.visually-hidden, .card-zoom, .tag-words, svg')) continue;
    if (el.clientWidth <= 1 && el.clientHeight <= 1) continue;  // for screen readers only (clipped to 1 px)
    const s = getComputedStyle(el);
    const clamp = s.webkitLineClamp !== 'none' && s.webkitLineClamp !== '' && s.display === '-webkit-box';
    const wide = el.scrollWidth > el.clientWidth + 1, tall = el.scrollHeight > el.clientHeight + 1;
    const scrollsX = /auto|scroll/.test(s.overflowX), scrollsY = /auto|scroll/.test(s.overflowY);
    if (el.matches('.actions, [class*=row], .replay-steps, .replay-choices') && wide && scrollsX) {
      out.push(`a row scrolls sideways: ${name(el)} ${el.scrollWidth} > ${el.clientWidth}`);
    }
    const clips = (x) => x !== 'visible';
    if (!el.textContent.trim()) continue;
    if ((wide && clips(s.overflowX) && !scrollsX) || (tall && clips(s.overflowY) && !scrollsY) || (clamp && tall)) {
      out.push(`text cut: ${name(el)} (${el.scrollWidth}x${el.scrollHeight} in ${el.clientWidth}x${el.clientHeight})`);
    }
  }
  for (const card of [...document.querySelectorAll('.hand .card, .all-hands .card')].filter(seen)) {
    for (const part of card.querySelectorAll(':scope > *')) {
      if (seen(part) && part.textContent.trim() && box(part).bottom > box(card).bottom + 1) {
        out.push(`text runs out of its card: ${name(part)}`);
      }
    }
  }
  const page = document.documentElement.scrollWidth;
  if (page > innerWidth) out.push(`the page scrolls sideways: ${page}`);
  const end = document.querySelector('[data-testid=end-screen] .dialog');
  if (end && seen(end) && innerWidth >= 768 && end.scrollHeight > end.clientHeight + 1) {
    out.push(`the end dialog scrolls: ${end.scrollHeight} > ${end.clientHeight}`);
  }
  if (end && seen(end)) {  // at every width its title, the winners and its main buttons in view, uncovered
    for (const el of end.querySelectorAll('#end-title, .winners, :scope > .form-actions .btn')) {
      const a = box(el), x = (a.left + a.right) / 2, y = (a.top + a.bottom) / 2;
      const top = document.elementFromPoint(x, y);
      if (a.top < 0 || a.bottom > innerHeight || a.left < 0 || a.right > innerWidth || !top || !el.contains(top)) {
        out.push(`not in view in the end dialog: ${name(el)} (${top ? name(top) : 'off the screen'} there)`);
      }
    }
  }
  return [...new Set(out)];
}"""


# Every card that flies into the ring's middle (the card a person plays, web/page/motion.mjs)
# is looked at along its flight, at each tenth of it, as it starts: what covers a caption
# then is kept in window.__flightProblems, the number of flights in window.__flights.
WATCH_FLIGHTS = """() => {
  window.__flights = 0; window.__flightProblems = [];
  if (Element.prototype.animate.watched) return;
  const uncovered = """ + UNCOVERED + """;
  const animate = Element.prototype.animate;
  const watched = function (...args) {
    const flight = animate.apply(this, args);
    if (this.closest('.ring-center')) {
      window.__flights += 1;
      flight.pause();
      const length = flight.effect.getComputedTiming().duration;
      for (let k = 0; k <= 10; k++) {
        flight.currentTime = length * k / 10;
        window.__flightProblems.push(...uncovered().map((said) => `${said}, at ${k * 10} % of its flight`));
      }
      flight.currentTime = 0;
      flight.play();
    }
    return flight;
  };
  watched.watched = true;
  Element.prototype.animate = watched;
}"""


def measure_sizes(page, what, sizes=SIZES):
    """The problems found at each size, by size ({} when none)."""
    found = {}
    for width, height in sizes:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(700)  # the layout settles, the score markers' glide (0.5 s) ends
        problems = page.evaluate(MEASURE)
        shoot(page, f"collisions-{what}-{width}x{height}")
        if problems:
            found[f"{width}x{height}"] = problems
    return found


def choose_a_card(page):
    """A movement card chosen, so that the landing tiles show their tags."""
    wait_for_person(page)
    card = page.locator("[data-testid=hand] button.card.movement")
    if card.count():
        card.first.click()
        answered(page)


def report(found):
    return json.dumps(found, indent=1, ensure_ascii=False)


def test_the_table_with_the_rules_panel_open(goto_ready, page):
    goto_ready(game_url("human,bot:easy,bot:easy", 3))
    choose_a_card(page)
    found = measure_sizes(page, "table")
    menu_click(page, "[data-testid=rules-open]")
    found |= {f"rules {k}": v for k, v in measure_sizes(page, "rules").items()}
    assert not found, report(found)


def test_the_guided_game(goto_ready, page):
    goto_ready("?tutorial=1")
    page.wait_for_selector("[data-testid=tutorial]")
    for _ in range(6):  # on to a step that asks for a card, then the card chosen
        if page.locator("[data-testid=hand] button.card.movement").count():
            break
        nxt = page.locator(".coach-actions .btn.primary")
        if not nxt.count():
            break
        nxt.first.click()
    choose_a_card(page)
    found = measure_sizes(page, "guide")
    assert not found, report(found)


def test_the_replay_and_the_review_of_a_finished_game(goto_ready, page):
    goto_ready(game_url("human,bot:easy,bot:easy", 5, "&target=6"))
    for _ in range(300):
        wait_for_person(page)
        if play_decision(page) == "end":
            break
    found = {f"end {k}": v for k, v in measure_sizes(page, "end").items()}
    page.set_viewport_size({"width": 1366, "height": 900})
    page.click("[data-testid=end-replay]")
    page.wait_for_selector("[data-testid=replay-bar]")
    page.click("[data-testid=replay-back]")
    found |= {f"replay {k}": v for k, v in measure_sizes(page, "replay").items()}
    page.set_viewport_size({"width": 1366, "height": 900})
    page.click("[data-testid=replay-close]")
    page.click("[data-testid=end-review]")
    page.wait_for_selector("[data-testid=review-panel]:not([aria-busy])", timeout=600_000)
    page.locator("[data-testid=review-item]").first.click()
    found |= {f"review {k}": v for k, v in measure_sizes(page, "review").items()}
    assert not found, report(found)


def test_a_game_played_through_every_width(goto_ready, page):
    """A game played by clicks, each decision at the next of the six widths and measured
    as it is: a movement card chosen (its landing tiles tagged), the meeples left exposed
    with their marks, tied scores, the card played last in the ring's middle; and each card
    the person plays, along its flight to the middle."""
    goto_ready(game_url("human,bot:easy,bot:easy", 3))
    page.evaluate(WATCH_FLIGHTS)
    found, moves = {}, 0

    def look(decision, what):
        width, height = SIZES[decision % len(SIZES)]
        page.wait_for_timeout(700)  # the score markers' glide ends
        problems = page.evaluate(MEASURE)
        shoot(page, f"collisions-game-{decision:02d}-{what}-{width}x{height}")
        if problems:
            found[f"decision {decision} ({what}) {width}x{height}"] = problems

    for decision in range(24):
        width, height = SIZES[decision % len(SIZES)]
        page.set_viewport_size({"width": width, "height": height})
        wait_for_person(page)
        cards = page.locator("[data-testid=hand] button.card.movement")
        if visible(page, "[data-testid=draw]") and cards.count():
            press(page, cards.first)
            look(decision, "card chosen")
            finish_move(page)
            moves += 1
        else:
            look(decision, "to decide")
            if play_decision(page) == "end":
                break
    flights, in_flight = page.evaluate("[window.__flights, [...new Set(window.__flightProblems)]]")
    if in_flight:
        found["flights"] = in_flight
    assert moves >= 4 and flights >= moves, (moves, flights)  # the person's cards were seen flying
    assert not found, report(found)


def test_a_phone_shows_the_prompt_after_start_and_after_every_action(goto_ready, page):
    """390 × 844: Start pressed at the foot of the new-game form, the table opens at its
    top; then after each decision the prompt is on the screen, no row scrolls sideways."""
    page.set_viewport_size({"width": 390, "height": 844})
    goto_ready("?speed=instant")
    page.locator("[data-testid=start]").scroll_into_view_if_needed()
    assert page.evaluate("scrollY") > 0  # the form is longer than the screen
    page.click("[data-testid=start]")
    wait_for_person(page)
    assert page.evaluate("scrollY") == 0  # the table from its top: the header, the whole turn
    for decision in range(10):
        wait_for_person(page)
        prompt = page.locator("[data-testid=prompt]").bounding_box()
        wide = page.evaluate("document.documentElement.scrollWidth")
        assert prompt["y"] >= 0 and prompt["y"] + prompt["height"] <= 844 and wide == 390, (decision, prompt, wide)
        rows = page.evaluate("[...document.querySelectorAll('.actions')].filter(e => e.scrollWidth > e.clientWidth).length")
        assert rows == 0
        if play_decision(page) == "end":
            break
