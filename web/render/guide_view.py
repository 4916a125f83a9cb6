"""The guided game on screen: a guide bar (the chapters, the step, what to do or
what just happened, Next / Leave, a link to the rules) above the ordinary table,
pointing at the tiles and cards the step is about."""

from lepeuple.coach import guide_script as script

from ..i18n import t
from ..markup import h
from .common import button
from .rules import why
from .table import HintShown, TableModel, table_screen


def guide_screen(guide):
    s, game = guide.session, guide.game
    chooser = guide.current_chooser()
    exp = guide.expected()
    view = game.view(0)
    model = TableModel(view=view, seats=s.seats, offer=chooser.offer() if chooser else None, log=list(s.log),
                       last=guide.mine, hint=_hint(exp, chooser, game),
                       can_hint=False, changes=s.score_changes(0))
    point = guide.step["point"]
    marks = " ".join([f"t{n}" for n in point["tiles"]] + [f"c{c}" for c in point["cards"]])
    return h("div", {"class": "tutorial-screen", "data-point": marks, "data-testid": "tutorial",
                     "data-chapter": guide.chapter_id, "data-step": guide.step["id"], "data-done": "1" if guide.done else "0"},
             guide_bar(guide), table_screen(model))


def _hint(exp, chooser, game):
    """The step's expected action shown as the Hint (when the player is asked), with its tiles."""
    action = exp if chooser is not None else None
    return HintShown(action, game.path(exp) if exp is not None and exp.type == "move" else [])


def guide_bar(guide):
    step = guide.step
    waiting = guide.expected() is not None
    return h("section", {"class": "coach" + (" coach-wait" if waiting else ""), "data-testid": "coach",
                         "aria-labelledby": "coach-title", "data-region": "coach"},
             chapters(guide),
             h("p", {"class": "coach-count", "data-testid": "coach-count"},
               t("tut.step", step=guide.index + 1, total=len(guide.steps))),
             h("h2", {"id": "coach-title"}, t(f"tut.{step['id']}.title")),
             h("p", {"class": "coach-text", "data-announce": True, "data-testid": "coach-text"},
               t(guide.text_key())),
             h("p", {"class": "coach-refused", "role": "alert", "data-testid": "coach-refused"}, guide.refusal)
             if guide.refusal else None,
             h("div", {"class": "coach-actions"}, guide_buttons(guide, waiting)))


def guide_buttons(guide, waiting):
    buttons = []
    if guide.at_end:
        following = guide.chapter + 1 < len(script.CHAPTERS)
        if following:
            title = t("tut.chapter." + script.CHAPTER_IDS[guide.chapter + 1])
            buttons.append(button(t("tut.next_chapter", title=title), "tut-chapter", script.CHAPTER_IDS[guide.chapter + 1],
                                  cls="btn primary", attrs={"data-testid": "tut-next-chapter", "data-focus": True}))
        buttons += [button(t("tut.play"), "tut-play", cls="btn" + ("" if following else " primary"),
                           attrs={"data-testid": "tut-play", "data-focus": not following}),
                    button(t("tut.restart"), "tut-restart", cls="btn", attrs={"data-testid": "tut-restart"})]
    elif not waiting:
        buttons.append(button(t("tut.next"), "tut-next", cls="btn primary",
                              attrs={"data-testid": "tut-next", "data-focus": True}))
    buttons.append(why(guide.step["rule"], cls="ghost why coach-why"))
    if not guide.at_end:
        buttons.append(button(t("tut.leave"), "tut-leave", cls="btn ghost", attrs={"data-testid": "tut-leave"}))
    return buttons


def chapters(guide):
    """The chapter list: each one can be opened; the open one is marked, a chapter read
    to its end says so, another one left part way says where."""
    items = []
    for n, cid in enumerate(script.CHAPTER_IDS):
        step, _ = guide.place(cid)
        if cid in guide.chapters_done:
            state = ["✓", h("span", {"class": "tut-chapter-word"}, " " + t("tut.chapter.read"))]
        elif step > 0 and n != guide.chapter:  # the open chapter's step is said below the list
            state = h("span", {"class": "tut-chapter-word"}, t("tut.chapter.at", step=step + 1, total=len(script.steps(n))))
        else:
            state = None
        attrs = {"data-testid": f"tut-chapter-{cid}", "aria-current": "step" if n == guide.chapter else None}
        label = [h("span", {"class": "tut-chapter-num"}, f"{n + 1}."),
                 h("span", {"class": "tut-chapter-title"}, t("tut.chapter." + cid)),
                 h("span", {"class": "tut-chapter-state"}, state) if state else None]
        items.append(h("li", button(label, "tut-chapter", cid, cls="btn ghost tut-chapter", attrs=attrs)))
    return h("nav", {"class": "tut-chapters", "aria-label": t("tut.chapters")}, h("ol", items))


def offer(step=None, total=None):
    """The line on the new-game screen: take the guided game (or resume it). `step`
    counts over every chapter's steps (web.model.guide_game.progress)."""
    if step is None:
        label = t("tut.offer.start")
    else:
        chapter = max(n for n in range(len(script.CHAPTERS)) if script.first_index(n) <= step)
        label = t("tut.offer.resume", chapter=t("tut.chapter." + script.CHAPTER_IDS[chapter]),
                  step=step - script.first_index(chapter) + 1, total=len(script.steps(chapter)))
    return h("div", {"class": "tut-offer", "data-testid": "tut-offer"},
             h("p", t("tut.offer")),
             button(label, "tutorial", cls="btn primary", attrs={"data-testid": "tut-start"}))
