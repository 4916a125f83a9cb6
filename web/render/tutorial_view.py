"""The guided game on screen: a coach bar (the chapters, the step, what to do or
what just happened, Next / Leave, a link to the rules) above the ordinary table,
pointing at the tiles and cards the step is about."""

from lepeuple.coach import tutorial_script as script

from ..i18n import t
from ..markup import h
from .common import button
from .rules import why
from .table import HintShown, TableModel, table_screen


def tutorial_screen(tut):
    s, game = tut.session, tut.game
    chooser = tut.current_chooser()
    exp = tut.expected()
    view = game.view(0)
    model = TableModel(view=view, seats=s.seats, offer=chooser.offer() if chooser else None, log=list(s.log),
                       last=tut.mine, hint=_hint(exp, chooser, game),
                       can_hint=False, changes=s.score_changes(0))
    point = tut.step["point"]
    marks = " ".join([f"t{n}" for n in point["tiles"]] + [f"c{c}" for c in point["cards"]])
    return h("div", {"class": "tutorial-screen", "data-point": marks, "data-testid": "tutorial",
                     "data-chapter": tut.chapter_id, "data-step": tut.step["id"], "data-done": "1" if tut.done else "0"},
             coach(tut), table_screen(model))


def _hint(exp, chooser, game):
    """The step's expected action shown as the Hint (when the player is asked), with its tiles."""
    action = exp if chooser is not None else None
    return HintShown(action, game.path(exp) if exp is not None and exp.type == "move" else [])


def coach(tut):
    step = tut.step
    waiting = tut.expected() is not None
    return h("section", {"class": "coach" + (" coach-wait" if waiting else ""), "data-testid": "coach",
                         "aria-labelledby": "coach-title", "data-region": "coach"},
             chapters(tut),
             h("p", {"class": "coach-count", "data-testid": "coach-count"},
               t("tut.step", step=tut.index + 1, total=len(tut.steps))),
             h("h2", {"id": "coach-title"}, t(f"tut.{step['id']}.title")),
             h("p", {"class": "coach-text", "data-announce": True, "data-testid": "coach-text"},
               t(tut.text_key())),
             h("p", {"class": "coach-refused", "role": "alert", "data-testid": "coach-refused"}, tut.refusal)
             if tut.refusal else None,
             h("div", {"class": "coach-actions"}, coach_buttons(tut, waiting)))


def coach_buttons(tut, waiting):
    buttons = []
    if tut.at_end:
        following = tut.chapter + 1 < len(script.CHAPTERS)
        if following:
            title = t("tut.chapter." + script.CHAPTER_IDS[tut.chapter + 1])
            buttons.append(button(t("tut.next_chapter", title=title), "tut-chapter", script.CHAPTER_IDS[tut.chapter + 1],
                                  cls="btn primary", attrs={"data-testid": "tut-next-chapter", "data-focus": True}))
        buttons += [button(t("tut.play"), "tut-play", cls="btn" + ("" if following else " primary"),
                           attrs={"data-testid": "tut-play", "data-focus": not following}),
                    button(t("tut.restart"), "tut-restart", cls="btn", attrs={"data-testid": "tut-restart"})]
    elif not waiting:
        buttons.append(button(t("tut.next"), "tut-next", cls="btn primary",
                              attrs={"data-testid": "tut-next", "data-focus": True}))
    buttons.append(why(tut.step["rule"], cls="ghost why coach-why"))
    if not tut.at_end:
        buttons.append(button(t("tut.leave"), "tut-leave", cls="btn ghost", attrs={"data-testid": "tut-leave"}))
    return buttons


def chapters(tut):
    """The chapter list: each one can be opened; the open one is marked, a chapter read
    to its end says so, another one left part way says where."""
    items = []
    for n, cid in enumerate(script.CHAPTER_IDS):
        step, _ = tut.place(cid)
        if cid in tut.chapters_done:
            state = ["✓", h("span", {"class": "tut-chapter-word"}, " " + t("tut.chapter.read"))]
        elif step > 0 and n != tut.chapter:  # the open chapter's step is said below the list
            state = h("span", {"class": "tut-chapter-word"}, t("tut.chapter.at", step=step + 1, total=len(script.steps(n))))
        else:
            state = None
        attrs = {"data-testid": f"tut-chapter-{cid}", "aria-current": "step" if n == tut.chapter else None}
        label = [h("span", {"class": "tut-chapter-num"}, f"{n + 1}."),
                 h("span", {"class": "tut-chapter-title"}, t("tut.chapter." + cid)),
                 h("span", {"class": "tut-chapter-state"}, state) if state else None]
        items.append(h("li", button(label, "tut-chapter", cid, cls="btn ghost tut-chapter", attrs=attrs)))
    return h("nav", {"class": "tut-chapters", "aria-label": t("tut.chapters")}, h("ol", items))


def offer(step=None, total=None):
    """The line on the new-game screen: take the guided game (or resume it). `step`
    counts over every chapter's steps (web.model.tutorial_game.progress)."""
    if step is None:
        label = t("tut.offer.start")
    else:
        chapter = max(n for n in range(len(script.CHAPTERS)) if script.first_index(n) <= step)
        label = t("tut.offer.resume", chapter=t("tut.chapter." + script.CHAPTER_IDS[chapter]),
                  step=step - script.first_index(chapter) + 1, total=len(script.steps(chapter)))
    return h("div", {"class": "tut-offer", "data-testid": "tut-offer"},
             h("p", t("tut.offer")),
             button(label, "tutorial", cls="btn primary", attrs={"data-testid": "tut-start"}))
