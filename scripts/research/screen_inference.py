"""The arena with the public log in every view: how hard-infer is screened.

`python -m lepeuple arena` hands each bot `view(game, seat)`, which has no history;
hard-infer reads the opponents' recent decisions from the key "log" that
`lepeuple.research.history.with_log` adds (public facts only). This script runs the
same arena (same arguments, same deals, seeds and table) with that key added to
every view; bots other than hard-infer ignore it, so their play is unchanged.

    .venv/bin/python -m scripts.research.screen_inference --players 3 --bots hard-infer,greedy,greedy \
        --games 60 --seed 77 --jobs 1
"""

import sys

from lepeuple.core.view import view
from lepeuple.research.history import with_log
from lepeuple.tools import arena, cli


def logged_view(game, seat):
    return with_log(view(game, seat), game)


if __name__ == "__main__":
    arena.view = logged_view
    sys.exit(cli.main(["arena", *sys.argv[1:]]))
