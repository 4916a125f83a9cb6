"""With hidden scores, an event whose only points are someone else's is said to have
untold points, never 'no points' (web/render/outcome.py)."""

from web.i18n import t
from web.render import outcome


def test_an_event_with_only_untold_points_says_they_are_hidden_not_none():
    hidden = {"kind": "sneaky", "deltas": [None, 0, None]}
    told = {"kind": "sneaky", "deltas": [0, 0, 0]}
    assert t("log.points_hidden") in outcome._event(hidden, ["A", "B", "C"], 1)
    assert t("log.no_points") not in outcome._event(hidden, ["A", "B", "C"], 1)
    assert t("log.no_points") in outcome._event(told, ["A", "B", "C"], 1)
