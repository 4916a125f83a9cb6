"""Screens around the table: header, new game, "discard the game?", an
unreadable save, the pass-the-device screen and the end of the game."""

import time

from lepeuple import PEOPLES, TARGETS

from ..i18n import LANGUAGES, t, tn
from ..markup import classes, h
from ..model.newgame import MAX_NAME, SEED_PATTERN, SPEEDS
from .common import badge, button, join_names, player_name


def header(lang, speed, in_game, sound="off"):
    """Title, language, bot speed, the turn's sound and "new game"."""
    # One menu for every width: on a wide screen its items stand in the header's row
    # (style.css opens the fold's content there); on a narrow one they fold behind ☰,
    # a native <details> that opens with a tap, Enter or Space and needs no script.
    return h("header", {"class": "top", "data-region": "header"},
             h("h1", {"class": "title"}, badge(0, size=26), " ", h("span", {"class": "title-text"}, t("title"))),
             h("details", {"class": "menu-fold", "data-testid": "menu-fold"},
               h("summary", {"class": "menu-toggle", "aria-label": t("menu.open"), "title": t("menu.open"),
                             "data-testid": "menu-open"},
                 h("span", {"class": "menu-icon", "aria-hidden": "true"}, "☰")),
               _menu(lang, speed, in_game, sound)))


def _menu(lang, speed, in_game, sound):
    """The header's controls: language, bot speed, sound, rules, guided game, replay, new game."""
    return h("div", {"class": "menu"},
             _select("lang", "lang", [(code, name) for code, name in LANGUAGES], lang, t("menu.language")),
             _select("speed", "speed", [(s, t("menu.speed_value", speed=t("speed." + s))) for s in _speeds(speed)],
                     speed, t("menu.speed")),
             _select("sound", "sound", [(s, t("menu.sound_value", sound=t("sound." + s))) for s in ("off", "on")],
                     sound, t("menu.sound")),
             button(t("menu.rules"), "rules", cls="btn ghost", attrs={"data-testid": "rules-open"}),
             button(t("menu.tutorial"), "tutorial", cls="btn ghost", attrs={"data-testid": "tutorial-open"})
             if in_game != "tutorial" else None,
             button(t("menu.replay"), "replay-open", cls="btn ghost", attrs={"data-testid": "replay-open"})
             if in_game == "table" else None,
             button(t("menu.new"), "new", cls="btn ghost", attrs={"data-testid": "new-game"}) if in_game else None)


def _speeds(current):
    """The menu's speeds, plus the current one if a link chose another (tests: instant)."""
    return SPEEDS if current in SPEEDS else SPEEDS + (current,)


def _select(name, act, options, current, label):
    # No label beside the menu (a phone has no room for one): each option names
    # what it sets ("Bot speed: fast"); the full label is the menu's name and tip.
    return h("label", {"class": "menu-item"},
             h("select", {"name": name, "data-change": act, "aria-label": label, "title": label},
               [h("option", {"value": value, "selected": value == current}, text) for value, text in options]))


# ----- new game ----------------------------------------------------------

def new_game(draft, levels, errors=(), notices=(), can_resume=False, stats_box=None, typed=None):
    """The new-game form, prefilled from `draft` (a newgame.Setup), with what each bot
    level does under the seats; under the form, opening a game file and this device's
    record of games. `typed`: a field's text the draft could not take, shown as typed;
    a field an error refuses is marked invalid and described by that error."""
    count = len(draft.seats)
    typed = typed or {}
    refused = {key[4:] for key, _ in errors if key in ("err.target", "err.seed")}

    def checked(name, value):  # a refused field: its text as typed, marked, tied to its message
        return {"value": typed.get(name, value), "aria-invalid": "true" if name in refused else None,
                "aria-describedby": f"error-{name}" if name in refused else None,
                "data-refused": t(f"err.{name}", value="{value}")}  # said by web/startup/firstscreen.mjs before Python is ready

    return h("form", {"class": "newgame", "data-testid": "newgame", "data-refused-heading": t("err.heading")},
             h("h2", t("new.heading")),
             h("p", {"class": "tagline"}, t("new.tagline")),
             _problems(errors, "errors", t("err.heading")),
             _problems(notices, "notices", None),
             h("fieldset", {"class": "seats"},
               h("legend", t("new.seats")),
               h("div", {"class": "seat-count", "role": "radiogroup", "aria-label": t("new.count")},
                 [button(tn("new.count_n", n), "seats", n, cls=classes("btn", "seg", on=n == count),
                         attrs={"aria-pressed": "true" if n == count else "false"}) for n in (3, 4, 5)]),
               h("ol", {"class": "seat-rows"}, [_seat_row(i, s, levels) for i, s in enumerate(draft.seats)]),
               _level_notes(levels, {s.level for s in draft.seats if s.is_bot})),
             h("fieldset", {"class": "rules"},
               h("legend", t("new.rules")),
               _radio("defense", ("reaction", "shield"), draft.options["defense"], t("new.defense")),
               _radio("scores", ("visible", "hidden"), draft.options["scores"], t("new.scores")),
               h("label", {"class": "field"}, h("span", t("new.target")),
                 h("input", {"type": "number", "name": "target", "min": TARGETS[0], "max": TARGETS[1], "step": 1,
                             **checked("target", draft.options["target"]), "required": True})),
               h("label", {"class": "field"}, h("span", t("new.seed")),
                 h("input", {"type": "text", "name": "seed", "inputmode": "numeric", "autocomplete": "off",
                             **checked("seed", "" if draft.seed is None else draft.seed),
                             "placeholder": t("new.seed_any"), "pattern": SEED_PATTERN}))),
             h("div", {"class": "form-actions"},
               button(t("new.start"), "start", cls="btn primary big", attrs={"data-testid": "start"}),
               button(t("new.resume"), "resume", cls="btn ghost", attrs={"data-testid": "resume"}) if can_resume else None),
             h("div", {"class": "open-file"},
               h("label", {"class": "btn ghost file-btn"}, t("new.open_file"),
                 h("input", {"type": "file", "accept": ".json,application/json", "data-change": "import-file",
                             "data-testid": "open-file", "class": "file-input"})),
               h("span", {"class": "muted"}, t("new.drop_file"))),
             stats_box)


def _problems(items, cls, heading):
    """The form's errors or notices; a refused field's message has the id its field names
    (error-target, error-seed)."""
    if not items:
        return None
    ids = {"err.target": "error-target", "err.seed": "error-seed"}
    return h("div", {"class": cls, "role": "alert", "data-testid": cls},
             h("p", h("strong", heading)) if heading else None,
             h("ul", [h("li", {"id": ids.get(key) if cls == "errors" else None}, t(key, **fields))
                      for key, fields in items]))


def _seat_row(i, seat, levels):
    kind_value = f"bot:{seat.level}" if seat.is_bot else seat.kind
    kinds = [("human", t("new.kind.human")), ("remote", t("new.kind.remote"))]
    kinds += [(f"bot:{lv}", t("new.kind.bot", level=t("level." + lv))) for lv in levels]
    return h("li", {"class": classes("seat-row", f"seat-{i}", bot=seat.is_bot)},
             badge(i, size=28),
             h("span", {"class": "seat-people"}, PEOPLES[i]),
             h("select", {"name": f"kind-{i}", "data-change": "form", "aria-label": t("new.kind", n=i + 1),
                          "aria-describedby": _level_note_id(seat.level) if seat.is_bot else None},
               [h("option", {"value": v, "selected": v == kind_value}, text) for v, text in kinds]),
             h("input", {"type": "text", "name": f"name-{i}", "maxlength": MAX_NAME, "autocomplete": "off",
                         "value": seat.name or "", "placeholder": t("default.name", n=i + 1),
                         "aria-label": t("new.name", n=i + 1), "disabled": seat.is_bot,
                         "hidden": seat.is_bot}))


def _level_note_id(level):
    """The id of the description of a bot level in the new-game form."""
    return f"level-about-{level}"


def _level_notes(levels, used):
    """What each bot level does, in plain words (lepeuple.bots.LEVELS, translated), named as
    the seats' menus name them; the levels some seat has chosen stand out, and each bot
    seat's menu is described by its level's text (aria-describedby)."""
    return h("div", {"class": "level-notes", "data-testid": "level-notes"},
             h("h3", t("new.levels")),
             h("dl", {"class": "level-list"},
               [h("div", {"class": classes("level-note", used=lv in used), "data-level": lv},
                  h("dt", t("new.kind.bot", level=t("level." + lv))),
                  h("dd", {"id": _level_note_id(lv)}, t(f"level.{lv}.about"))) for lv in levels]))


def _radio(name, values, current, legend):
    return h("div", {"class": "field radios", "role": "radiogroup", "aria-label": legend},
             h("span", {"class": "field-label"}, legend),
             [h("label", {"class": "radio"},
                h("input", {"type": "radio", "name": name, "value": v, "checked": v == current}),
                h("span", t(f"new.{name}.{v}"))) for v in values])


# ----- dialogs -----------------------------------------------------------

# The two answers to "a game is in progress": discard it, keep it; a link's own words.
_ANSWERS = {"confirm.link": ("confirm.link.start", "confirm.link.resume"), "confirm.leave": ("confirm.leave.go", "confirm.keep")}


def confirm_discard(question_key="confirm.text", which=()):
    """"Discard the game in progress?"; `which`: lines saying which game is which (a link's
    game and the saved one: players, turn, scores), so that neither is chosen blind."""
    discard, keep = _ANSWERS.get(question_key, ("confirm.discard", "confirm.keep"))
    return h("div", {"class": "dialog", "role": "alertdialog", "aria-labelledby": "confirm-title",
                     "data-testid": "confirm-discard"},
             h("h2", {"id": "confirm-title"}, t("confirm.heading")),
             h("p", t(question_key)),
             h("ul", {"class": "confirm-which", "data-testid": "confirm-which"}, [h("li", line) for line in which])
             if which else None,
             h("div", {"class": "form-actions"},
               button(t(discard), "discard", cls="btn danger", attrs={"data-testid": "discard"}),
               button(t(keep), "keep", cls="btn primary", attrs={"data-testid": "keep"})))


def saved_game_line(session):
    """The saved game in one line: its players, the turn it is at, the scores (unless hidden)."""
    seats = session.seats
    players = t("list.sep").join(player_name(seats, s) for s in range(len(seats)))
    turn = sum(1 for e in session.log if e.type == "turn")
    if session.setup.options.get("scores") == "hidden":
        return t("confirm.which.saved.hidden", players=players, turn=turn)
    scores = t("list.sep").join(map(str, session.game.scores))
    return t("confirm.which.saved", players=players, turn=turn, scores=scores)


def link_game_line(setup):
    """A link's new game in one line: its players and target score."""
    players = t("list.sep").join(player_name(setup.seats, s) for s in range(len(setup.seats)))
    return t("confirm.which.link", players=players, target=setup.options.get("target", 12))


def broken_save(reason, text, aside=None, kept=None, downloaded=(), forgetting=None):
    """An unreadable save: what is wrong, the save itself to copy or download. A new game
    first keeps it under a backup name; when the browser's storage is full (`aside`
    "full"), nothing overwrites it: download it, discard it, or make room by removing an
    older kept copy (`kept`: {key: text}, each downloadable, removed only once asked)."""
    full = aside == "full"
    return h("div", {"class": "dialog broken", "role": "alertdialog", "data-testid": "broken-save"},
             h("h2", t("save.broken.heading")),
             h("p", {"data-testid": "broken-full" if full else None},
               t("save.broken.full") if full else t("save.broken.text")),
             h("p", {"class": "reason"}, t("save.broken.reason", reason=reason)),
             h("textarea", {"readonly": True, "rows": 4, "class": "raw-save", "aria-label": t("save.raw"),
                            "data-testid": "raw-save"}, text),
             h("div", {"class": "form-actions"},
               button(t("save.download"), "download-broken", cls="btn", attrs={"data-testid": "download-save"}),
               _broken_next(full, None in downloaded, aside == "pending")),
             _kept_copies(kept, downloaded, forgetting) if full and kept else None)


def _broken_next(full, downloaded, pending):
    """Start a new game (the save kept under a backup name), or, storage full, discard it."""
    if full:
        key = "save.discard.downloaded" if downloaded else "save.discard"
        return button(t(key), "discard-broken", cls="btn danger", attrs={"data-testid": "discard-broken"})
    return button(t("save.new"), "new-after-broken", cls="btn primary",
                  attrs={"data-testid": "new-after-broken", "disabled": pending, "aria-busy": "true" if pending else None})


def _kept_copies(kept, downloaded, forgetting):
    """The older unreadable saves kept in this browser, oldest first, each to download or remove."""
    rows = []
    for key, text in kept.items():
        when = key.rsplit(".", 1)[-1]
        asking = key == forgetting
        rows.append(h("li", {"data-testid": "kept-copy"},
                      t("save.kept.item", size=f"{len(text or '') / 1e6:.1f}", when=_kept_when(when)), " ",
                      button(t("save.download"), "download-broken", key, cls="btn ghost"),
                      button(t("save.kept.yes") if asking else t("save.kept.remove"), "forget-kept",
                             "yes" if asking else key, cls="btn danger" if asking else "btn ghost",
                             attrs={"data-testid": "forget-yes" if asking else "forget-kept"}),
                      h("span", {"role": "status"}, t("save.kept.ask") if asking else None)))
    return h("section", {"class": "kept-copies"}, h("h3", t("save.kept.heading")), h("p", t("save.kept.text")),
             h("ol", rows))


def _kept_when(stamp):
    """When a copy was kept, from its key's seconds since 1970 (UTC), or the stamp as it is."""
    return time.strftime("%Y-%m-%d %H:%M", time.gmtime(int(stamp))) if stamp.isdigit() else stamp


def stale_game():
    """Another tab or window played on with this game: this page stops until asked."""
    return h("div", {"class": "overlay", "role": "dialog", "aria-modal": "true", "aria-labelledby": "stale-title",
                     "data-testid": "stale"},
             h("div", {"class": "dialog"},
               h("h2", {"id": "stale-title"}, t("stale.heading")),
               h("p", t("stale.text")),
               button(t("stale.continue"), "continue-here", cls="btn primary big",
                      attrs={"data-testid": "continue-here", "data-focus": True})))


def pass_screen(seats, seat, reason_key, menu=None):
    """Hot-seat: nothing private is on the page until `seat` says they hold the device.
    `menu`: what may be done meanwhile (the game as a file), folded under "Menu"."""
    name = player_name(seats, seat)
    return h("div", {"class": "overlay pass-screen", "role": "dialog", "aria-modal": "true",
                     "aria-labelledby": "pass-title", "data-testid": "pass-screen", "data-seat": seat},
             h("div", {"class": "dialog"},
               badge(seat, size=56),
               h("h2", {"id": "pass-title"}, t("pass.heading", name=name)),
               h("p", t(reason_key, name=name)),
               button(t("pass.ready", name=name), "pass-ok", cls="btn primary big",
                      attrs={"data-testid": "pass-ok", "data-focus": True}),
               h("details", {"class": "pass-menu", "data-testid": "pass-menu", "open": menu[1]},
                 h("summary", t("pass.menu")), menu[0]) if menu is not None else None))


def hand_over_bar(seats, seat, drawn):
    """Hot-seat: `seat`'s turn is over and their hand is still shown, with the cards they drew
    (`drawn`); the pass screen comes after their OK, never showing them to the next player."""
    from .log import card_name

    name = player_name(seats, seat)
    return h("section", {"class": "hand-over", "role": "dialog", "aria-labelledby": "hand-over-title",
                         "data-testid": "hand-over", "data-seat": seat},
             h("h2", {"id": "hand-over-title"}, t("handover.heading", name=name)),
             h("p", t("handover.drawn", cards=join_names([card_name(c) for c in drawn])) if drawn else None,
               " ", t("handover.text")),
             button(t("handover.ok"), "hand-over", cls="btn primary", attrs={"data-testid": "hand-over-ok",
                                                                            "data-focus": True}))


# ----- the end -----------------------------------------------------------

def stats_panel(data, asking):
    """This device's games against bots: played, won, by table size and bot level, best,
    average, streak; a reset that asks first."""
    if not data["played"]:
        return None
    rate = lambda row: t("stats.row", played=row[0], won=row[1])
    rows = [h("li", t("stats.total", played=data["played"], won=data["won"])),
            h("li", t("stats.scores", best=data["best"], average=round(data["total"] / data["played"], 1))),
            h("li", tn("stats.streak", data["streak"]))]
    rows += [h("li", tn("stats.players", int(n), row=rate(row))) for n, row in sorted(data["by_players"].items())]
    rows += [h("li", t("stats.level", level=t("level." + lv) if lv != "mixed" else t("stats.mixed"), row=rate(row)))
             for lv, row in sorted(data["by_level"].items())]
    reset = ([button(t("stats.reset.sure"), "stats-reset", True, cls="btn danger", attrs={"data-testid": "stats-sure"}),
              button(t("stats.reset.keep"), "stats-reset", False, cls="btn")] if asking else
             [button(t("stats.reset"), "stats-reset", None, cls="btn ghost", attrs={"data-testid": "stats-reset"})])
    return h("section", {"class": "stats", "data-testid": "stats"}, h("h3", t("stats.heading")), h("ul", rows),
             h("div", {"class": "form-actions"}, reset))


def end_screen(view, seats, log, extra=None, again=True):
    """Ranking, winners (shared wins said so), a short summary, the score chart, play again,
    and (`extra`) the replay and sharing controls."""
    scores = view["scores"]
    order = sorted(range(view["players"]), key=lambda s: (-scores[s], s))
    winners = [player_name(seats, s) for s in view["winners"]]
    title = t("end.winners.shared" if len(winners) > 1 else "end.winners", names=join_names(winners))
    ranks, rows = {}, []
    for i, s in enumerate(order):
        ranks[s] = ranks.get(order[i - 1], 1) if i and scores[order[i - 1]] == scores[s] else i + 1
        rows.append(h("li", {"class": classes("rank-row", winner=s in view["winners"])},
                      h("span", {"class": "rank"}, ranks[s]), badge(s, size=26),
                      h("span", {"class": "name"}, player_name(seats, s)),
                      h("span", {"class": "score"}, tn("panel.score", scores[s], score=scores[s]))))
    return h("div", {"class": "overlay end-screen", "role": "dialog", "aria-labelledby": "end-title",
                     "data-testid": "end-screen"},
             h("div", {"class": "dialog"},
               h("h2", {"id": "end-title"}, t("end.heading")),
               h("p", {"class": "winners", "data-testid": "winners"}, title),
               h("ol", {"class": "ranking"}, rows),
               h("ul", {"class": "summary"}, [h("li", line) for line in summary(log, seats)]),
               extra,
               h("div", {"class": "form-actions"},
                 button(t("end.again"), "again", cls="btn primary big", attrs={"data-testid": "again"}) if again else None,
                 button(t("end.new"), "new", cls="btn"),
                 button(t("end.look"), "hide-end", cls="btn ghost"))))


def summary(log, seats):
    """A few lines about the game, from its events."""
    count = lambda kind: sum(1 for e in log if e.type == kind)
    kinds = [e.kind for e in log if e.type == "event"]
    lines = [tn("end.turns", count("turn")),
             t("end.events", supply=tn("end.events.supply", kinds.count("supply")),
               noble=tn("end.events.noble", kinds.count("noble_attack")),
               sneaky=tn("end.events.sneaky", kinds.count("sneaky_attack") + kinds.count("attack"))),
             tn("end.powers", count("power")),
             tn("end.defenses", sum(1 for e in log if e.type == "defend" and e.play))]
    gained = {}
    events = [e for e in log if e.type == "event"]
    if all(d is not None for e in events for d in e.deltas):  # hidden scores: others' points were never told
        for e in events:
            for seat, delta in enumerate(e.deltas):
                gained[seat] = gained.get(seat, 0) + max(delta, 0)
    if gained and max(gained.values()) > 0:
        best = max(gained, key=gained.get)
        lines.append(t("end.best_mover", name=player_name(seats, best), points=gained[best]))
    if log and any(e.type == "record_full" for e in log[-3:]):  # it ends the game: among the last events
        lines.insert(0, t("log.record_full"))
    return lines


def end_bar(again=True):
    """After the end screen is closed: a bar to bring it back or play again."""
    return h("div", {"class": "end-bar"},
             button(t("end.show"), "show-end", cls="btn primary"),
             button(t("end.again"), "again", cls="btn") if again else None)
