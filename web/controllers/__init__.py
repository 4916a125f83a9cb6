"""The page's controllers: one per feature, each owning its state and drawing its screen.

- `game.GameController` — the game on this device's table, drawn from what the
  host tells it (this device's host, web/remote/host.Host, or a friend's): the
  steps on screen (web/model/playback.Steps), bots taking turns, the player's
  choices, the hint, take back, the pass and end screens, another tab taking over.
- `remote.RemoteController` — friends on their own devices: invitations,
  replies, the data channels (docs/remote.md).
- `form.FormController` — the new-game form, "discard the game?", an
  unreadable save.
- `guide.GuideController` — the guided first game (web/model/guide_game.py).
- `replay.ReplayController` — the replay viewer: the game in progress, a
  finished one, a file or a link; sharing; the review ("coach").
- `folds.Folds` — what the table and the replay share: how much of a long log and
  score table is drawn.
- `stats.StatsController` — this device's record of games.

web/app.App is the dispatcher above them: it routes a command to its
controller, then draws the current screen once and drives the game loop once.
It holds the current screen (one value naming every screen) and is the one
place that cancels stale work (App.cancel_stale). Controllers reach the
browser, storage and this device's preferences only through App.device
(web/controllers/device.Device).
No module writes another controller's fields, the Device's or the App's: it
calls a method of the owner's (`app.form.fill(setup)`, `app.game.drop()`,
`app.close_panel()`), which changes that state; the one redraw follows the
command (tests/web/test_controllers_own_state.py checks it).

A command handler returns where keyboard focus goes (None, "choice", a
selector), or UNCHANGED when nothing on screen changed (its work goes on in a
task of its own that draws when it has something to show).
"""

UNCHANGED = "unchanged"
