"""The legend: every mark the board shows, in words, one tap away.

A <details> under the board: it opens with one tap or click, or Enter on the
keyboard, with no hover and no script, so it works on touch screens. Its markup
never changes within a language and a game (its own region: the game's target
score is the one number it says), so redrawing the board after a bot's step
leaves it open.
"""

from ..i18n import t
from ..markup import h
from .common import badge
from .ring import PICKAXE, how_icon

# (swatch class, message id): the tile highlights, drawn by style.css as on the ring.
HALOS = (("trail-from", "legend.trail_from"), ("trail-to", "legend.trail_to"),
         ("reach", "legend.reach"), ("via", "legend.via"), ("chosen", "legend.chosen"),
         ("hint-to", "legend.hint"), ("scoring", "legend.scoring"))
# (sample tag, message id): the tags written under a landing tile.
TAGS = (("you +2, B +1, your home −1", "legend.tag.points"), ("+card", "legend.tag.card"),
        ("B +card", "legend.tag.card_other"), ("partner", "legend.tag.partner"), ("reaches", "legend.tag.target"),
        ("open", "legend.tag.exposed"))


def legend(target):
    """The legend of the board's marks (a closed <details>, opened by a tap); `target`:
    the game's target score, as its landing tags say it."""
    halos = [_item(h("span", {"class": f"legend-swatch {cls}", "aria-hidden": "true"}), t(key)) for cls, key in HALOS]
    hows = [_item(h("span", {"class": "legend-how", "aria-hidden": "true"}, how_icon(how)), t("legend.how." + how))
            for how in ("circle", "square", "split")]
    tags = [_item(h("span", {"class": "legend-tag", "aria-hidden": "true"}, _sample(sample, target)), t(key))
            for sample, key in TAGS]
    kinds = [_item(h("span", {"class": "legend-kind", "aria-hidden": "true"}, PICKAXE), t("legend.pickaxe")),
             _item(h("span", {"class": "legend-kind flank-mark", "aria-hidden": "true"}), t("legend.flank"))]
    # An exposed meeple's mark as the board draws it (ring._meeple): "!" and the threats' badges.
    mark = h("span", {"class": "legend-open open-mark", "aria-hidden": "true"},
             h("span", {"class": "open-bang"}, "!"), badge(1, size=12), badge(2, size=12))
    return h("details", {"class": "legend", "data-region": "legend", "data-testid": "legend"},
             h("summary", {"title": t("legend.what")}, t("legend.open"),
               h("span", {"class": "visually-hidden"}, ": ", t("legend.what"))),
             h("div", {"class": "legend-body"},
               h("h3", t("legend.halos")), h("ul", halos),
               h("h3", t("legend.ways")), h("ul", hows),
               h("h3", t("legend.meeples")), h("ul", _item(mark, t("legend.open_meeple"))),
               h("h3", t("legend.tags")), h("ul", tags),
               h("h3", t("legend.tiles")), h("ul", kinds)))


def _sample(sample, target):
    """A tag as the board writes it, in the page's language: "you", "your home", "reaches 12"."""
    if sample == "reaches":
        return t("outcome.tag.target", target=target)
    if sample == "partner":
        return t("outcome.tag.partner")
    if sample == "open":
        return t("outcome.tag.open", who="B F")
    return (sample.replace("your home", t("outcome.tag.home.you")).replace("you", t("outcome.you"))
            .replace("+card", t("outcome.tag.pickaxe")))


def _item(swatch, words):
    return h("li", {"class": "legend-item"}, swatch, h("span", words))
