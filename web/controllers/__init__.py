"""The page's controllers: one per feature, each owning its state and drawing its screen.

- `game.GameController` — the game being played: its Session, the steps on
  screen (web/model/playback.Steps), bots taking turns, the player's choices, the
  hint, take back, the pass and end screens, another tab taking over.
- `form.FormController` — the new-game form, "discard the game?", an
  unreadable save.
- `guide.GuideController` — the guided first game (web/model/tutorial_game.py).
- `replay.ReplayController` — the replay viewer: the game in progress, a
  finished one, a file or a link; sharing; the review ("coach").
- `stats.StatsController` — this device's record of games.

web/app.App is the dispatcher above them: it routes a command to its
controller, then draws the current screen once and drives the game loop once.
It holds the current screen (one value naming every screen) and is the one
place that cancels stale work (App.cancel_stale). Controllers reach the
browser and storage only through App.page (web/controllers/page.Page).
No module writes another controller's fields, the Page's or the App's: it
calls a method of the owner's (`app.form.fill(setup)`, `app.game.drop()`,
`app.close_panel()`), which changes that state; the one redraw follows the
command (tests/web/test_controllers_own_state.py checks it).

A command handler returns where keyboard focus goes (None, "choice", a
selector), or UNCHANGED when nothing on screen changed (its work goes on in a
task of its own that draws when it has something to show).
"""

UNCHANGED = "unchanged"
