"""The command-line tools: scenario, simulate, bench, arena, sprt and review."""

import argparse
import json
import os
import sys

from ..core.game import RECORD_TEXT
from . import sprt

# What review reads: a record holds at most RECORD_TEXT characters; a file the page saved adds
# its seats and the bots' reasons. Anything larger is refused before it is read whole.
MOST_CHARACTERS = 2 * RECORD_TEXT
MOST_DIGITS = 30  # a number option longer than this is refused, and said back shortened


def _echo(text, most=20):
    """`text` as an error says it back: quoted, at most `most` characters of it."""
    return repr(text) if len(text) <= most else repr(text[:most]) + f"… ({len(text):,} characters)"


def _jobs_help():
    """--jobs' help, with the number of cores this process may use here."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return f"worker processes, default 1 (at most one per core: {cores or 'unknown'} here)"


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m lepeuple",
                                     description="Le Dernier Peuple: rules engine tools.")
    commands = parser.add_subparsers(dest="command", metavar="command")

    p = commands.add_parser("scenario", help="set up a game exactly, apply actions, print the full state as JSON")
    p.add_argument("file", help="scenario JSON file (see docs/engine.md), or - for standard input")
    p.set_defaults(run=_scenario)

    for name, text in (("simulate", "play random games and print a summary"),
                       ("bench", "time complete random games; print one JSON line")):
        p = commands.add_parser(name, help=text)
        p.add_argument("--players", type=int, default=4, choices=(3, 4, 5))
        p.add_argument("--games", type=int, default=1000 if name == "bench" else 200)
        p.add_argument("--seed", type=int, default=1)
        p.set_defaults(run=_simulate if name == "simulate" else _bench)

    p = commands.add_parser("arena", help="a bot tournament with seats rotated; prints a table and one JSON line")
    p.add_argument("--players", type=int, default=3, choices=(3, 4, 5))
    p.add_argument("--bots", required=True, help="comma-separated bots or levels, one per seat, e.g. hard,greedy,greedy")
    p.add_argument("--games", type=int, default=60)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=1, help=_jobs_help())
    _log_arguments(p, "game")
    p.set_defaults(run=_arena)

    p = commands.add_parser("sprt", help="a sequential test of a bot change against its baseline on common seeds; "
                                         "prints its verdict and one JSON line")
    p.add_argument("--players", type=int, default=3, choices=(3, 4, 5))
    p.add_argument("--new", required=True, help="the changed bot, e.g. hard-x")
    p.add_argument("--base", required=True, help="its baseline, e.g. hard")
    p.add_argument("--against", required=True, help="the other seats' bots, comma-separated, e.g. greedy,greedy")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=1, help=_jobs_help())
    p.add_argument("--d0", type=float, default=0.0, help="H0: the change gains d0 points of win share (default 0)")
    p.add_argument("--d1", type=float, default=sprt.D1, help=f"H1: the change gains d1 points (default {sprt.D1:g})")
    p.add_argument("--alpha", type=float, default=0.05, help="the chance of accepting H1 when H0 holds (default 0.05)")
    p.add_argument("--beta", type=float, default=0.05, help="the chance of accepting H0 when H1 holds (default 0.05)")
    p.add_argument("--max-games", type=int, default=sprt.MAX_GAMES,
                   help=f"at most this many games a side (default {sprt.MAX_GAMES})")
    _log_arguments(p, "game, with its side,")
    _one_line_errors(p, "sprt")
    p.set_defaults(run=_sprt)

    p = commands.add_parser("review", help="where a seat lost the most win chance in a finished game (mistakes of at "
                                           "least 3 points, each with its turn and player); prints one JSON line")
    p.add_argument("file", help="game record JSON file (as saved), or - for standard input")
    # Parsed as text and checked by _review, so that a bad value is one line, exit 2.
    p.add_argument("--seat", required=True, help="the seat to review (0 = first player)")
    p.add_argument("--level", default="hard", help="the bot that re-decides (default hard)")
    p.add_argument("--top", default="5", help="at most this many mistakes (default 5)")
    p.add_argument("--seed", default="0", help="the review's own seed (default 0)")
    p.add_argument("--budget", default=None, help="redeals per estimate (default lepeuple.coach.review.DEFAULT_BUDGET)")
    p.add_argument("--most", default=None, help="review at most this many decisions, the biggest swings first "
                                                "(default every one)")
    p.set_defaults(run=_review)

    args = parser.parse_args(argv)
    if not args.command:
        parser.print_help()
        return 0
    for name in ("games", "jobs"):  # a count below 1 makes no run (and no rate to print)
        value = getattr(args, name, None)
        if value is not None and value < 1:
            print(f"{args.command}: --{name} must be at least 1, not {value}", file=sys.stderr)
            return 2
    return args.run(args)


def _log_arguments(parser, what):
    """--log and --resume, common to arena and sprt (lepeuple/research/runlog.py)."""
    parser.add_argument("--log", metavar="LOG", help=f"append each finished {what} to LOG as a JSON line, as it ends "
                                                     "(compressed if LOG ends in .gz; default LEPEUPLE_ARENA_LOG)")
    parser.add_argument("--resume", metavar="LOG", help="continue the run that LOG holds (the same arguments): its "
                                                        "games are not played again, the rest are, appended to LOG")


def _one_line_errors(parser, command):
    """The parser's own errors (an argument missing or not a number) as one line on standard error, exit 2."""
    def error(message):
        print(f"{command}: {message}", file=sys.stderr)
        raise SystemExit(2)

    parser.error = error


def _scenario(args):
    from ..core.scenario import run

    try:
        if args.file == "-":
            text = sys.stdin.read(MOST_CHARACTERS + 1)
        else:
            with open(args.file, encoding="utf-8") as f:
                text = f.read(MOST_CHARACTERS + 1)  # never more: a huge file is refused, not read whole
        if len(text) > MOST_CHARACTERS:
            raise ValueError(f"the file is too large (more than {MOST_CHARACTERS:,} characters; a finished game's "
                             f"record holds at most {RECORD_TEXT:,})")
        data = json.loads(text)
        _, state = run(data)
    except (OSError, ValueError) as e:  # JSONDecodeError and ScenarioError are ValueErrors
        return _fail(str(e))
    except RecursionError:  # json.loads on input nested too deep
        return _fail("the file is nested too deeply to read")
    except Exception as e:  # a malformed file must never end in a traceback
        return _fail(f"cannot play this scenario ({type(e).__name__}: {e})")
    print(json.dumps(state, ensure_ascii=False))
    return 0


def _fail(message):
    """One line on standard error, exit status 2."""
    print("scenario: " + " ".join(message.split()), file=sys.stderr)
    return 2


def _whole(text, name, low):
    """Option --`name` as a whole number of at least `low`; a ValueError saying it back shortened."""
    try:
        value = int(text) if len(text) <= MOST_DIGITS else None
    except ValueError:
        value = None
    if value is None:  # said back shortened: 5,000 digits are not echoed whole
        raise ValueError(f"--{name} must be a whole number of at most {MOST_DIGITS} digits, not {_echo(text)}")
    if value < low:
        raise ValueError(f"--{name} must be at least {low}, not {value}")
    return value


def _read_record(path):
    """The text of a record file (- : standard input), read no further than MOST_CHARACTERS."""
    if path == "-":
        text = sys.stdin.read(MOST_CHARACTERS + 1)
    else:
        with open(path, encoding="utf-8") as f:
            text = f.read(MOST_CHARACTERS + 1)  # never more: a huge file is refused, not read whole
    if len(text) > MOST_CHARACTERS:
        raise ValueError(f"the file is too large (more than {MOST_CHARACTERS:,} characters; a finished game's "
                         f"record holds at most {RECORD_TEXT:,})")
    return text


def _review(args):
    from ..coach.review import Review

    def fail(message):
        print("review: " + " ".join(message.split()), file=sys.stderr)
        return 2

    try:
        top = _whole(args.top, "top", 0)
        seed = _whole(args.seed, "seed", -2**63)
        budget = None if args.budget is None else _whole(args.budget, "budget", 1)
        most = None if args.most is None else _whole(args.most, "most", 1)
        seat = _whole(args.seat, "seat", 0)
        text = _read_record(args.file)
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise ValueError(f"the file is not JSON ({e})") from None
        if isinstance(data, dict) and "format" not in data and isinstance(data.get("record"), dict):
            data = data["record"]  # a file the page saved ({"app", "version", "seats", "record"})
        review = Review(data, seat, args.level, seed, budget, most)
        while not review.step(1.0):
            pass
    except (OSError, ValueError) as e:  # JSONDecodeError, RecordError: ValueErrors
        return fail(str(e))
    except RecursionError:  # json.loads on input nested too deep
        return fail("the file is nested too deeply to read")
    except Exception as e:  # a malformed file must never end in a traceback
        return fail(f"cannot review this record ({type(e).__name__}: {e})")
    print(json.dumps(review.result(top), ensure_ascii=False))
    return 0


def _simulate(args):
    from .stats import simulate

    print(simulate(args.players, args.games, args.seed))
    return 0


def _bench(args):
    from .stats import bench

    print(json.dumps(bench(args.players, args.games, args.seed)))
    return 0


def _arena(args):
    from .arena import main as arena_main

    return arena_main(args)


def _sprt(args):
    return sprt.main(args)
