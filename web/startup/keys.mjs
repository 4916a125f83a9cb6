// Written by scripts/build_site.py from web/model/storage.py, web/startup/takeover.py, web/model/guide_game.py
// and web/model/newgame.py (edit those, not this): the names web/startup/firstscreen.mjs shares with them.
export const SAVE_KEY = "lepeuple.save";
export const PREFS_KEY = "lepeuple.prefs";
export const KEPT_KEY = "lepeuple.table";
export const TUTORIAL_KEY = "lepeuple.tutorial";
export const SAVE_END = 64;
export const SETUP_KEYS = ["players", "names", "seed", "defense", "scores", "target"];
export const WHOLE = " *[0-9]* *";
