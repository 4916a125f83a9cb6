"""The rules reference: the rules told for players, one section per rule id.

One source: the text of every section is in the message catalogs
(web/locales/*.po, ids "rules.<section>.<part>"), so the page shows it in
every language, and docs/rules.md is the English text written out by
`markdown()` (`python -m web.render.rules` rewrites it; tests/web/
test_rules_ref.py checks that it is up to date).

The drawings are made by our own code: the card anatomy is `cards.card`, the
very drawing of the table; every scoring example is played by the engine
(a scenario setup and one move), so its points can never disagree with the
rules. The same sections are drawn as a full page (from the new-game screen)
or as a panel beside the board (`rules_panel`), opened at a section.
"""

from functools import lru_cache

from lepeuple import MOVEMENT, PEOPLES, POWER_IDS, TARGETED, flanked_home, home_owner, is_home, is_pickaxe, named_event as named

from ..i18n import power_title, t
from ..markup import h
from . import cards
from .common import COLOURS, badge, button, meeple_label

# (section id, rule ids it explains, blocks). A block is ("p", part), ("ul", parts),
# ("ol", parts) or ("fig", name): a drawing made by `_FIGURES[name]`.
SECTIONS = (
    ("R1", ("R1", "R2", "R3"), (("p", "p1"), ("p", "p2"), ("p", "p3"))),
    ("R4", ("R4",), (("p", "p1"), ("fig", "anatomy"), ("ul", ("arrow", "circle", "square", "split", "id")))),
    ("R6", ("R6",), (("p", "p1"),)),
    ("R10", ("R10",), (("p", "p1"), ("ol", ("power", "move", "end")), ("p", "p2"))),
    ("R11", ("R11",), (("p", "p1"), ("p", "p2"), ("fig", "split"), ("p", "p3"))),
    ("R12", ("R12",), (("p", "p1"),)),
    ("R13", ("R13",), (("p", "p1"), ("p", "p2"), ("p", "p3"))),
    ("R14", ("R14", "R15"), (("p", "p1"), ("ul", ("same", "active", "neither")), ("p", "p2"), ("p", "p3"),
                             ("fig", "examples"))),
    ("R17", ("R17", "R18"), (("p", "p1"), ("p", "p2"), ("fig", "redeploy"), ("p", "p3"))),
    ("R7", ("R7", "R8"), (("p", "p1"), ("p", "p2"), ("p", "p3"))),
    ("R5", ("R5",), (("p", "p1"), ("fig", "powers"), ("p", "p2"))),
    ("R16", ("R16",), (("p", "p1"), ("ul", ("power", "event")), ("p", "p2"))),
    ("R19", ("R19", "R20"), (("p", "p1"),)),
    ("R9", ("R9",), (("p", "p1"),)),
    ("R21", ("R21",), (("p", "p1"),)),
    ("options", (), (("ul", ("shield", "hidden", "target")),)),
)
RULE_IDS = tuple(f"R{n}" for n in range(1, 22))

# Worked examples of R14, each played by the engine: 3 players, everyone on 3 points,
# Z (seat 0) to play; the meeples' tiles and the one move. (id, meeples, move)
EXAMPLES = (
    ("supply", [[3, 2], [6, 6], [10, 10]], (13, (0, 1), "circle")),
    ("noble", [[7, 2], [6, 6], [10, 10]], (8, (0, 1), "circle")),
    ("sneaky", [[2, 2], [11, 6], [10, 10]], (11, (0, 0), "square")),
    ("sneaky-partner", [[11, 2], [6, 6], [10, 10]], (9, (1, 0), "circle")),
    ("neither", [[2, 2], [6, 6], [11, 10]], (9, (1, 0), "circle")),
    ("their-pair", [[2, 2], [6, 11], [10, 10]], (9, (1, 0), "circle")),
)


def section_of(rule):
    """The section that explains a rule id ("R15" -> "R14"), or an example's anchor
    ("R14-sneaky" -> "R14"); None when unknown."""
    rule = str(rule or "")
    head = rule.split("-")[0]
    for sid, ids, _ in SECTIONS:
        if head == sid or head in ids:
            return sid
    return None


def anchor(rule):
    """The element id a link to `rule` scrolls to: the example's figure, else the section."""
    sid = section_of(rule)
    if sid is None:
        return None
    rule = str(rule)
    if "-" in rule and any(rule.split("-", 1)[1] == name for name, _, _ in EXAMPLES):
        return "rules-ex-" + rule.split("-", 1)[1]
    return "rules-" + sid


def why(rule, cls="why"):
    """A small "why?" button that opens the rules at a section (App._do_rules)."""
    return button(t("rules.why"), "rules", rule, cls=f"btn {cls}",
                  attrs={"aria-label": t("rules.why.label", rule=section_title(section_of(rule) or "R1"))})


def section_title(sid):
    ids = next(ids for s, ids, _ in SECTIONS if s == sid)
    return f"{' '.join(ids)} · {t(f'rules.{sid}.h')}" if ids else t(f"rules.{sid}.h")


# ----- the page and the panel ------------------------------------------------

def rules_page():
    """Every section, then a button back to where the player was (the new-game screen)."""
    return h("article", {"class": "rules-page", "data-testid": "rules", "aria-labelledby": "rules-title"},
             h("h2", {"id": "rules-title"}, t("rules.heading")),
             _toc(),
             [_section(sid) for sid, _, _ in SECTIONS],
             h("div", {"class": "form-actions"},
               button(t("rules.back"), "rules-close", cls="btn primary", attrs={"data-testid": "rules-close"})))


def rules_panel(at=None):
    """The rules beside the board (a bottom sheet on a phone): the game stays visible and
    playable; `at` is the section (or example) it was opened at."""
    return h("aside", {"class": "rules-panel", "id": "rules-panel", "data-testid": "rules-panel",
                       "aria-labelledby": "rules-panel-title", "data-escape": "rules-close",
                       "data-at": anchor(at) or ""},
             h("div", {"class": "rules-panel-head"},
               h("h2", {"id": "rules-panel-title"}, t("rules.heading")),
               button(t("rules.close"), "rules-close", cls="btn ghost",
                      attrs={"data-testid": "rules-close", "aria-label": t("rules.close.label")})),
             h("div", {"class": "rules-panel-body", "tabindex": 0, "aria-label": t("rules.heading")},
               _toc(), [_section(sid) for sid, _, _ in SECTIONS]))


def _toc():
    return h("nav", {"class": "rules-toc", "aria-label": t("rules.toc")},
             h("ul", [h("li", h("a", {"href": f"#rules-{sid}"}, section_title(sid))) for sid, _, _ in SECTIONS]))


def _section(sid):
    ids = next(ids for s, ids, _ in SECTIONS if s == sid)
    blocks = next(b for s, _, b in SECTIONS if s == sid)
    return h("section", {"class": f"rules-section rules-{sid}", "id": f"rules-{sid}", "tabindex": -1,
                         "data-rules": " ".join(ids) or sid, "aria-labelledby": f"rules-{sid}-h"},
             h("h3", {"id": f"rules-{sid}-h"}, [h("span", {"class": "rule-id"}, " ".join(ids)) if ids else None,
                                                  " ", t(f"rules.{sid}.h")]),
             [_block(sid, block) for block in blocks])


def _block(sid, block):
    kind, what = block
    if kind == "p":
        return h("p", t(f"rules.{sid}.{what}"))
    if kind in ("ul", "ol"):
        return h(kind, [h("li", t(f"rules.{sid}.{part}")) for part in what])
    return _FIGURES[what]()


# ----- drawings ----------------------------------------------------------------

def _anatomy():
    """Two cards as on the table (one of each arrow, one with split sides), with their parts named."""
    def one(card_id):
        c = MOVEMENT[card_id]
        parts = [t("rules.R4.fig.arrow." + ("own" if c.own else "other")), t("rules.R4.fig.circle", x=cards.signed(c.shift))]
        if c.split:
            parts.append(t("rules.R4.fig.split", y=cards.signed(c.split[0]), z=cards.signed(c.split[1])))
        parts.append(t("rules.R4.fig.square", s=c.square))
        return h("figure", {"class": "anatomy-card", "data-testid": f"anatomy-{card_id}"},
                 cards.card(card_id),
                 h("figcaption", h("strong", t("card.number", id=card_id)), h("ul", [h("li", p) for p in parts])))
    return h("div", {"class": "anatomy"}, one(7), one(9))


def _strip(tiles, meeples, moved=None, trail=None):
    """A few tiles of the 12-tile ring in a row, with the meeples on them."""
    out = []
    for n in tiles:
        kind = "home" if is_home(n) else ("pickaxe" if is_pickaxe(n) else "flank")
        owner = None if kind == "pickaxe" else home_owner(n if kind == "home" else flanked_home(n))  # R1
        style = f"--people:{COLOURS[owner]}" if owner is not None else "--people:#7b3fb5"
        here = [m for m, tile in meeples.items() if tile == n]
        out.append(h("span", {"class": f"d-tile d-{kind}" + (" d-trail" if trail and n in trail else ""),
                              "style": style},
                     h("span", {"class": "d-num"}, n),
                     badge(owner, size=None, extra="d-badge") if kind == "home" else None,
                     h("span", {"class": "d-pick"}, "⛏") if kind == "pickaxe" else None,
                     [h("span", {"class": "d-on"}, h("span", {"class": "d-moved"}, "↓") if m == moved else None,
                        badge(m[0], meeple_label(m), size=None, extra="d-meeple")) for m in here]))
    return h("div", {"class": "d-row", "aria-hidden": "true"}, out)


def _split():
    return h("figure", {"class": "steps-figure diagram-split-steps", "data-testid": "diagram-split"},
             h("div", {"class": "d-cardrow"}, cards.card(7, small=True),
               _strip((2, 3, 4, 5), {(0, 1): 5}, moved=(0, 1), trail=(4,))),
             h("figcaption", t("rules.R11.fig")))


@lru_cache(maxsize=8)
def example(name):
    """(the event's kind, per-seat changes, active seat, the tiles and meeples after the
    move but before redeployment, the card) of a worked example, as the engine plays it."""
    from lepeuple import action_from_json as from_json, new_game

    _, meeples, (card, meeple, how) = next(e for e in EXAMPLES if e[0] == name)
    setup = {"meeples": meeples, "scores": [3, 3, 3], "active": 0,
             "hands": [{"movement": [card] if MOVEMENT[card].own else [card], "power": []},
                       {"movement": [], "power": []}, {"movement": [], "power": []}],
             "movement_deck": [1, 2, 3, 4, 5, 6] if card not in (1, 2, 3, 4, 5, 6) else [14, 15, 16, 17, 18, 19]}
    game = new_game(3, None, 1, setup)
    events = [named(e) for e in game.apply(from_json({"type": "move", "card": card, "meeple": list(meeple), "how": how}))]
    event = next(e for e in events if e.type == "event")
    deltas = tuple(sum(e.delta for e in events if e.type == "score" and e.seat == s) for s in range(3))
    dst = next(e.dst for e in events if e.type == "move")
    where = {(s, i): meeples[s][i] for s in range(3) for i in range(2)}
    where[meeple] = dst
    return event.kind, deltas, 0, event.home, where, card, meeple


def _example_figure(name):
    kind, deltas, active, home, where, card, moved = example(name)
    legacy = {"supply": "supply", "noble": "noble", "sneaky": "sneaky"}.get(name)
    cls = f"diagram diagram-{legacy}" if legacy else f"example diagram-{name}"
    return h("figure", {"class": cls, "id": f"rules-ex-{name}", "tabindex": -1,
                        "data-testid": f"diagram-{name}", "data-kind": kind},
             h("div", {"class": "d-cardrow"}, cards.card(card, small=True),
               _strip((home - 1, home, home + 1), {m: tile for m, tile in where.items()
                                                   if tile in (home - 1, home + 1)}, moved=moved)),
             h("figcaption", h("strong", t(f"rules.ex.{name}.h")), " ", t(f"rules.ex.{name}")),
             h("ul", {"class": "d-changes", "aria-label": t("rules.ex.changes")},
               [h("li", {"class": "d-change" + (" d-active" if seat == active else "")},
                  badge(seat, size=18), " ", example_change(seat, deltas[seat], seat == active))
                for seat in range(3)]))


def example_change(seat, delta, active):
    """"Zombies Polaires (to play): +2" — one player's change in an example."""
    who = PEOPLES[seat] + (t("rules.ex.to_play") if active else "")
    return t("rules.ex.change", who=who, delta=cards.signed(delta) if delta else "±0")


def _examples():
    return h("div", {"class": "diagrams examples"}, [_example_figure(name) for name, _, _ in EXAMPLES])


def _redeploy():
    return h("figure", {"class": "steps-figure diagram-redeploy-steps", "data-testid": "diagram-redeploy"},
             h("div", {"class": "d-cardrow"}, cards.card(18, small=True),
               _strip((1, 2, 3), {(0, 1): 2}, moved=(0, 1))),
             h("figcaption", t("rules.R17.fig")))


def _powers():
    rows = []
    for c in POWER_IDS:
        when = "reaction" if c == "defense" else ("target" if c in TARGETED else "own")
        rows.append(h("tr", {"data-card": c},
                      h("th", {"scope": "row"}, power_title(c)),
                      h("td", t("rules.R5.when." + when)),
                      h("td", t("power." + c)),
                      h("td", t("rules.R5.cancel." + ("yes" if c in TARGETED else "no")))))
    head = h("tr", [h("th", {"scope": "col"}, t(f"rules.R5.col.{k}")) for k in ("card", "when", "effect", "defense")])
    return h("div", {"class": "power-table-wrap", "tabindex": 0},  # it may scroll sideways: the keyboard reaches it
             h("table", {"class": "power-table", "data-testid": "power-table"}, h("thead", head), h("tbody", rows)))


_FIGURES = {"anatomy": _anatomy, "split": _split, "examples": _examples, "redeploy": _redeploy, "powers": _powers}


# ----- docs/rules.md -------------------------------------------------------------

def markdown():
    """docs/rules.md: the English text of every section, the examples' points as the
    engine scores them, the power card table. Written in the current language."""
    out = ["# " + t("rules.doc.title"), "", t("rules.doc.intro"), ""]
    for sid, ids, blocks in SECTIONS:
        out += ["## " + section_title(sid), ""]
        for kind, what in blocks:
            if kind == "p":
                out += [t(f"rules.{sid}.{what}"), ""]
            elif kind in ("ul", "ol"):
                mark = "-" if kind == "ul" else "1."
                out += [f"{mark} {t(f'rules.{sid}.{part}')}" for part in what] + [""]
            else:
                out += _md_figure(what) + [""]
    return "\n".join(out).rstrip("\n") + "\n"


def _md_figure(name):
    if name == "anatomy":
        return [t("rules.R4.fig.md")]
    if name == "split":
        return [t("rules.R11.fig")]
    if name == "redeploy":
        return [t("rules.R17.fig")]
    if name == "powers":
        cols = [t(f"rules.R5.col.{k}") for k in ("card", "when", "effect", "defense")]
        lines = ["| " + " | ".join(cols) + " |", "|" + "---|" * len(cols)]
        for c in POWER_IDS:
            when = "reaction" if c == "defense" else ("target" if c in TARGETED else "own")
            lines.append(f"| {power_title(c)} | {t('rules.R5.when.' + when)} | {t('power.' + c)} | "
                         f"{t('rules.R5.cancel.' + ('yes' if c in TARGETED else 'no'))} |")
        return lines
    lines = []
    for ex, _, _ in EXAMPLES:
        _, deltas, active, _, _, card, _ = example(ex)
        changes = "; ".join(example_change(s, deltas[s], s == active) for s in range(3))
        lines.append(f"- **{t(f'rules.ex.{ex}.h')}** {t(f'rules.ex.{ex}')} "
                     f"({t('card.number', id=card)}) → {changes}.")
    return lines


if __name__ == "__main__":  # python -m web.render.rules: rewrite docs/rules.md from the English catalog
    from pathlib import Path

    from .. import i18n

    i18n.set_language("en")
    path = Path(__file__).resolve().parents[2] / "docs" / "rules.md"
    path.write_text(markdown(), encoding="utf-8")
    print(f"wrote {path}")


# ----- "why?" links from the log ---------------------------------------------------

_LOG_RULES = {"pickaxe": "R12", "redeploy": "R17", "defend": "R16", "ask_defense": "R16", "reshuffle": "R7",
              "hand_full": "R8", "deck_empty": "R7", "skip": "R20", "extra_turn": "R19", "over": "R21",
              "shield": "options", "swap_meeples": "R5", "no_effect": "R5", "steal": "R5", "discard": "R5",
              "swap_hands": "R5"}


def log_rule(event, active):
    """The rules section (an example's anchor for a scoring line) that explains a log line, or None."""
    if event.type != "event":
        return _LOG_RULES.get(event.type)
    what, mover = event.kind, event.meeple[0]
    if what in ("supply", "noble_attack"):
        return "R14-supply" if what == "supply" else ("R14-noble" if mover == active else "R14-their-pair")
    if what == "attack":
        return "R14-neither"
    return "R14-sneaky" if mover == active else "R14-sneaky-partner"


def log_why(event, active):
    """The small "why?" button of a log line, or None."""
    rule = log_rule(event, active)
    return why(rule) if rule else None
