"""The guided first game on screen: a coach bar (the step, what to do or what just
happened, Next / Leave, a link to the rules) above the ordinary table, pointing at
the tiles and cards the step is about."""

from ..i18n import t
from ..markup import h
from .common import button
from .rules import why
from .table import TableModel, table_screen


def tutorial_screen(tut):
    s, game = tut.session, tut.game
    chooser = tut.current_chooser()
    exp = tut.expected()
    view = game.view(0)
    model = TableModel(view=view, seats=s.seats, offer=chooser.offer() if chooser else None, log=list(s.log),
                       last=tut.mine, hint=exp if chooser is not None else None,
                       hint_path=game.path(exp) if exp is not None and exp.type == "move" else [],
                       can_hint=False, changes=s.score_changes(0))
    point = tut.step["point"]
    marks = " ".join([f"t{n}" for n in point["tiles"]] + [f"c{c}" for c in point["cards"]])
    return h("div", {"class": "tutorial-screen", "data-point": marks, "data-testid": "tutorial",
                     "data-step": tut.step["id"], "data-done": "1" if tut.done else "0"},
             coach(tut), table_screen(model))


def coach(tut):
    step = tut.step
    n, total = tut.index + 1, len(tut_steps())
    waiting = tut.expected() is not None
    buttons = []
    if tut.finished:
        buttons += [button(t("tut.play"), "tut-play", cls="btn primary", attrs={"data-testid": "tut-play", "data-focus": True}),
                    button(t("tut.again"), "tut-again", cls="btn", attrs={"data-testid": "tut-again"})]
    elif not waiting:
        buttons.append(button(t("tut.next"), "tut-next", cls="btn primary",
                              attrs={"data-testid": "tut-next", "data-focus": True}))
    buttons.append(why(step["rule"], cls="ghost why coach-why"))
    if not tut.finished:
        buttons.append(button(t("tut.leave"), "tut-leave", cls="btn ghost", attrs={"data-testid": "tut-leave"}))
    return h("section", {"class": "coach" + (" coach-wait" if waiting else ""), "data-testid": "coach",
                         "aria-labelledby": "coach-title", "data-region": "coach"},
             h("p", {"class": "coach-count", "data-testid": "coach-count"}, t("tut.step", step=n, total=total)),
             h("h2", {"id": "coach-title"}, t(f"tut.{step['id']}.title")),
             h("p", {"class": "coach-text", "role": "status", "aria-live": "polite", "data-testid": "coach-text"},
               t(tut.text_key())),
             h("p", {"class": "coach-refused", "role": "alert", "data-testid": "coach-refused"}, tut.refusal)
             if tut.refusal else None,
             h("div", {"class": "coach-actions"}, buttons))


def offer(step=None, total=None):
    """The line on the new-game screen: take the guided game (or resume it)."""
    if step is None:
        label = t("tut.offer.start")
    else:
        label = t("tut.offer.resume", step=step + 1, total=total)
    return h("div", {"class": "tut-offer", "data-testid": "tut-offer"},
             h("p", t("tut.offer")),
             button(label, "tutorial", cls="btn primary", attrs={"data-testid": "tut-start"}))


def tut_steps():
    from lepeuple.tutorial import STEPS

    return STEPS
