"""Research bots, not offered to players and not shipped with the page: hard-infer,
its opponent model (infer) and the public log it reads (history); the arena and
scripts/research/fit_* and scripts/research/screen_* use them."""
