"""One strength scale for every bot: Plackett–Luce ratings from mixed 3-player tables.

A table's winner is drawn in proportion to the strengths γ of the bots seated
there (the first place of a Plackett–Luce ranking, the multinomial logit; a
shared win counts as a split), so a bot's chance to win against two others is
γ / (γ + γ' + γ''). The strengths are fitted by maximum likelihood with Hunter's
MM algorithm (2004) over arena tables of any mix, and shown as Elo-like points,
400 · log10(γ / γ_greedy): `greedy` (the `normal` level) is 0. With points r and
r' the bot wins 1/(1 + 2 · 10^((r' - r)/400)) of its games against two of r'.

Only each table's wins per bot matter (the likelihood's sufficient statistics), so a
run is kept as {"bots", "games", "wins", ...}, from an arena log (`run_of_log`) or its
printed summary. `scripts/research/fit_ladder.py` fits docs/bots.md's ladder;
`tests/test_ladder.py` checks the ladder against the runs.
"""

import math

from . import runlog

ALIASES = {"normal": "greedy"}
"""Names of one bot: the `normal` level is the `greedy` engine and budget."""

ANCHOR = "greedy"


def canonical(bot):
    return ALIASES.get(bot, bot)


def run_of_log(path):
    """{"bots", "games", "wins", "seed"} of an arena log (`--log`, plain or .gz): wins summed per --bots entry."""
    bots, games, wins, seed = None, 0, None, None
    for g in runlog.read(path)[0]:
        if bots is None:
            bots, seed, wins = g["bots"], g["seed"], [0.0] * len(g["bots"])
        games += 1
        for seat, entry in enumerate(g["entry_of_seat"]):
            wins[entry] += g["share"][seat]
    return {"bots": bots, "games": games, "wins": [round(w, 3) for w in wins], "seed": seed}


def _tables(runs):
    """[(games, {bot: seats at the table}, {bot: wins})] with the aliases merged."""
    out = []
    for run in runs:
        seats, wins = {}, {}
        for bot, w in zip(run["bots"], run["wins"]):
            bot = canonical(bot)
            seats[bot] = seats.get(bot, 0) + 1
            wins[bot] = wins.get(bot, 0.0) + w
        out.append((run["games"], seats, wins))
    return out


def fit(runs, iterations=5000, tolerance=1e-12):
    """{bot: points} by maximum likelihood (greedy 0), every bot of `runs`."""
    tables = _tables(runs)
    bots = sorted({b for _, seats, _ in tables for b in seats})
    wins = {b: sum(w.get(b, 0.0) for _, _, w in tables) for b in bots}
    gamma = dict.fromkeys(bots, 1.0)
    for _ in range(iterations):
        denominator = dict.fromkeys(bots, 0.0)
        for games, seats, _ in tables:
            total = sum(c * gamma[b] for b, c in seats.items())
            for b, c in seats.items():
                denominator[b] += games * c / total
        new = {b: max(wins[b], 1e-9) / denominator[b] for b in bots}
        scale = new.get(ANCHOR, 1.0)
        new = {b: g / scale for b, g in new.items()}
        change = max(abs(math.log(new[b] / gamma[b])) for b in bots)
        gamma = new
        if change < tolerance:
            break
    return {b: 400 * math.log10(g) for b, g in gamma.items()}


def intervals(runs, points):
    """{bot: half-width of the 95 % interval of its points} from the observed information
    (greedy fixed at 0, so each interval is against greedy)."""
    tables = _tables(runs)
    free = [b for b in points if b != ANCHOR]
    index = {b: i for i, b in enumerate(free)}
    theta = {b: points[b] * math.log(10) / 400 for b in points}
    info = [[0.0] * len(free) for _ in free]
    for games, seats, _ in tables:
        total = sum(c * math.exp(theta[b]) for b, c in seats.items())
        q = {b: c * math.exp(theta[b]) / total for b, c in seats.items()}
        for b in seats:
            if b not in index:
                continue
            for b2 in seats:
                if b2 in index:
                    info[index[b]][index[b2]] += games * ((q[b] if b == b2 else 0.0) - q[b] * q[b2])
    covariance = _inverse(info)
    scale = 400 / math.log(10)
    return {b: 1.96 * scale * math.sqrt(covariance[index[b]][index[b]]) for b in free}


def _inverse(m):
    """The inverse of a small symmetric positive definite matrix (Gauss–Jordan)."""
    n = len(m)
    a = [row[:] + [float(i == j) for j in range(n)] for i, row in enumerate(m)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        p = a[col][col]
        a[col] = [x / p for x in a[col]]
        for r in range(n):
            if r != col and a[r][col]:
                f = a[r][col]
                a[r] = [x - f * y for x, y in zip(a[r], a[col])]
    return [row[n:] for row in a]


def against_two(points, bot, other):
    """The chance `bot` wins a game against two `other`s, by the ratings."""
    return 1 / (1 + 2 * 10 ** ((points[canonical(other)] - points[canonical(bot)]) / 400))
