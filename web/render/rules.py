"""The rules page: RULES.md told for players, with small diagrams of the three
ways to score around a home (supply, noble attack, sneaky attack)."""

from lepeuple.cards import NAMES, POWER_IDS

from ..i18n import t
from ..markup import h
from .common import COLOURS, badge, button, meeple_label

# Each diagram: the home's owner and the meeples on its left and right flank
# (the left one is the meeple that was moved). Seat 0 is "you".
DIAGRAMS = (("supply", 0, (0, 0), (0, 1)),
            ("noble", 1, (0, 0), (0, 1)),
            ("sneaky", 2, (0, 0), (1, 0)))


def rules_page():
    """Every section of the rules, then a button back to where the player was."""
    return h("article", {"class": "rules-page", "data-testid": "rules", "aria-labelledby": "rules-title"},
             h("h2", {"id": "rules-title"}, t("rules.heading")),
             _section("goal", h("p", t("rules.goal.p"))),
             _section("ring", h("p", t("rules.ring.p"))),
             _section("turn", h("ol", [h("li", t("rules.turn." + k)) for k in ("power", "move")]),
                      h("p", t("rules.turn.limit"))),
             _section("cards", h("ul", [h("li", t("rules.cards." + k)) for k in ("arrow", "circle", "square", "split")])),
             _section("pickaxe", h("p", t("rules.pickaxe.p"))),
             _section("events", h("p", t("rules.events.p")),
                      h("div", {"class": "diagrams"}, [diagram(*d) for d in DIAGRAMS]),
                      h("p", t("rules.redeploy"))),
             _section("defense", h("p", t("rules.defense.p"))),
             _section("powers", h("dl", {"class": "power-list"},
                                  [[h("dt", NAMES[c]), h("dd", t("power." + c))] for c in POWER_IDS])),
             h("div", {"class": "form-actions"},
               button(t("rules.back"), "rules-close", cls="btn primary", attrs={"data-testid": "rules-close"})))


def _section(name, *body):
    return h("section", {"class": f"rules-section rules-{name}"}, h("h3", t(f"rules.{name}.h")), body)


def diagram(kind, owner, moved, partner):
    """Flank, home, flank as three small tiles, the moved meeple marked by an arrow."""
    def flank(meeple, is_moved):
        return h("span", {"class": "d-tile d-flank", "style": f"--people:{COLOURS[owner]}"},
                 h("span", {"class": "d-moved"}, "↓") if is_moved else None,
                 badge(meeple[0], meeple_label(meeple), size=None, extra="d-meeple"))

    home = h("span", {"class": "d-tile d-home", "style": f"--people:{COLOURS[owner]}"},
             badge(owner, size=None, extra="d-badge"))
    return h("figure", {"class": f"diagram diagram-{kind}", "data-testid": f"diagram-{kind}"},
             h("div", {"class": "d-row", "aria-hidden": "true"}, flank(moved, True), home, flank(partner, False)),
             h("figcaption", t("rules." + kind)))
