"""Python takes over the first screen that web/startup/firstscreen.mjs showed while it loaded.

Before Python is ready the page shows the new-game form (rendered at build
time, scripts/prerender.py), or the table as it was left. What the player did
there reaches Python as the state `lepeupleFirstScreen.take()` returns:

    {"shown": "form" | "kept" | null, "fields": {name: value} | null,
     "lang": code, "lang_chosen": bool, "speed": str | null,
     "pending": "start" | "tutorial" | "net-scan" | null, "rules": bool, "refused": bool}

`before_boot` makes the form's choices the new-game draft, so that Python's
first drawing shows them; `after_boot` does what was asked meanwhile: the
language or speed chosen, the rules opened, Start, the guided game or "Scan the
invitation" pressed (or Start refused for a field out of its limits: said again, the
field marked).

The table as it was left: after each drawing, `kept_table` says whether the
page as drawn may be kept for the next visit (web/startup/boot.py stores it under
KEPT_KEY): only a table of a game in progress, and only what anyone holding
the device may see. In hot-seat that is the pass screen (the table behind it
shows no hand), never a player's own turn. It is stored with the end of the
save it shows (SAVE_END), so that another save is never shown with it.
"""

import json

from ..model.newgame import setup_from_form

KEPT_KEY = "lepeuple.table"  # web/startup/firstscreen.mjs reads it
# The kept table names the save it was drawn from by the save's last characters
# (its last actions, SAVE_END of them): web/startup/firstscreen.mjs shows it only with that save.
# What may be pressed early and done once Python is ready: {act: its argument}.
PENDING = {"start": None, "tutorial": None, "net-scan": "invite"}


def read_state(text):
    """The state from its JSON text; {} when there is none or it is not an object."""
    try:
        state = json.loads(text) if text else {}
    except ValueError:
        return {}
    return state if isinstance(state, dict) else {}


def form_fields(state):
    """The form's fields as strings, or None when the form was not shown."""
    fields = state.get("fields")
    if state.get("shown") != "form" or not isinstance(fields, dict):
        return None
    return {str(k): str(v) for k, v in fields.items()}


def before_boot(app, state):
    """The choices made on the early form become the draft App.boot draws."""
    fields = form_fields(state)
    if fields:
        app.form.fill(setup_from_form(fields, app.levels)[0])


def after_boot(app, state):
    """What the player asked for before Python was ready, now done (on the new-game
    screen only: a link or a save may have opened something else)."""
    if form_fields(state) is None or app.screen != "new":
        return
    if state.get("lang_chosen") and isinstance(state.get("lang"), str):
        app.change("lang", state["lang"])
    if isinstance(state.get("speed"), str):
        app.change("speed", state["speed"])


def pending(app, state):
    """Start, the guided game or Scan pressed early (or Start refused), else the rules left open: done now."""
    if form_fields(state) is None or app.screen != "new":
        return
    if state.get("pending") in PENDING:
        app.command(state["pending"], PENDING[state["pending"]])
    elif state.get("refused") is True:
        app.render(focus=app.form.check())
    elif state.get("rules") is True:
        app.command("rules")


def kept_table(app, pass_screen_shown):
    """After a drawing: "keep" (the page as drawn), "drop" (forget the kept one) or
    None (leave it: another screen is up over a game that goes on)."""
    session = app.session
    if session is None:
        return "drop"
    if app.screen != "table" or app.stale:
        return None
    if len(session.setup.here) > 1 and not pass_screen_shown:
        return "drop"  # hot-seat: a player's hand is on the page (friends on their own devices do not count)
    return "keep"
