"""Fit the learned evaluation (lepeuple/bots/learned.py) on self-play games; judge it held out.

    python -m lepeuple.research.train --games selfplay.jsonl --out lepeuple/bots/learned.json \\
        --plot docs/calibration.png

Needs the `train` extra (numpy, scipy, matplotlib). Every decision point of every game
(the position before each action) is a sample: each seat's `learned.features` and, as
its label, how the game ended for it (a sole win 1, a win shared by k 1/k, a loss 0).
The positions of one game are not independent, so games are split, not positions:
game i is held out when i % 5 == 4. Two models are fitted by maximum likelihood
(L-BFGS, a small ridge): a conditional logit (utility = weights · features) and a
network of one hidden layer of `--hidden` tanh units; both give the chances as the
softmax of the seats' utilities. Printed for the held-out games, for today's model
(`evaluate.MODEL`), both fits and the uniform guess: the log-loss (nats per position),
the Brier score (mean squared error per seat) and ten-bin calibration; `--plot` draws
the calibration (predicted chance against observed win share) as a PNG. `--out` keeps
the fit named by `--keep`. Same games, same seed: same weights.
"""

import argparse
import json
import multiprocessing
import sys

import numpy as np
from scipy.optimize import minimize

from ..bots.evaluate import win_chances
from ..bots.learned import NAMES, features
from ..core.record import replay
from .selfplay import read_games

HELD_OUT = 5  # game i is a test game when i % HELD_OUT == HELD_OUT - 1


def positions(game):
    """(features per seat, today's chances, shares) at each decision point of one game."""
    out = []
    share = game["share"]
    for g, _, _ in replay(game["record"]):
        if g.phase == "over":
            break
        out.append((features(g), win_chances(g), share))
    return game["i"], out


def tensors(games, jobs):
    """X (N, 5, F), mask (N, 5), Y (N, 5), old chances (N, 5), game index (N,)."""
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        per_game = pool.map(positions, games, chunksize=16)
    n = sum(len(rows) for _, rows in per_game)
    x = np.zeros((n, 5, len(NAMES)), np.float32)
    mask = np.zeros((n, 5), bool)
    y = np.zeros((n, 5))
    old = np.zeros((n, 5))
    index = np.zeros(n, np.int64)
    k = 0
    for i, rows in per_game:
        for feats, chances, share in rows:
            seats = len(feats)
            x[k, :seats] = feats
            mask[k, :seats] = True
            y[k, :seats] = share
            old[k, :seats] = chances
            index[k] = i
            k += 1
    return x, mask, y, old, index


def softmax(u, mask):
    u = np.where(mask, u, -np.inf)
    u = u - u.max(axis=1, keepdims=True)
    e = np.where(mask, np.exp(u), 0.0)
    return e / e.sum(axis=1, keepdims=True)


class Fit:
    """A model of utilities over standardised features; `kind` logit or mlp."""

    def __init__(self, kind, features_, hidden, seed):
        self.kind, self.f, self.h = kind, features_, hidden
        rng = np.random.default_rng(seed)
        if kind == "logit":
            self.theta = np.zeros(features_)
        else:
            w1 = rng.normal(0, 1 / np.sqrt(features_), (features_, hidden))
            self.theta = np.concatenate([w1.ravel(), np.zeros(hidden), rng.normal(0, 0.1, hidden)])

    def unpack(self, theta):
        f, h = self.f, self.h
        return theta[: f * h].reshape(f, h), theta[f * h: f * h + h], theta[f * h + h:]

    def utilities(self, theta, z):
        if self.kind == "logit":
            return z @ theta, None
        w1, b1, w2 = self.unpack(theta)
        hid = np.tanh(z @ w1 + b1)
        return hid @ w2, hid

    def loss(self, theta, z, mask, y, ridge):
        """Mean cross-entropy per position plus ridge, and its gradient."""
        u, hid = self.utilities(theta.astype(np.float32), z)
        p = softmax(u, mask)
        n = len(y)
        ce = -np.sum(y * np.log(np.where(mask, p, 1.0))) / n
        du = np.where(mask, p - y, 0.0) / n  # d loss / d utility
        if self.kind == "logit":
            grad = np.einsum("nsf,ns->f", z, du)
        else:
            w1, b1, w2 = self.unpack(theta)
            g_w2 = np.einsum("nsh,ns->h", hid, du)
            dh = du[:, :, None] * w2 * (1 - hid ** 2)
            g_w1 = np.einsum("nsf,nsh->fh", z, dh)
            grad = np.concatenate([g_w1.ravel(), dh.sum(axis=(0, 1)), g_w2])
        return float(ce + ridge * theta @ theta), (grad + 2 * ridge * theta).astype(np.float64)

    def fit(self, z, mask, y, ridge, iterations):
        res = minimize(self.loss, self.theta, args=(z, mask, y, ridge), jac=True, method="L-BFGS-B",
                       options={"maxiter": iterations})
        self.theta = res.x
        return res

    def chances(self, z, mask):
        return softmax(self.utilities(self.theta, z)[0], mask)

    def weights(self):
        if self.kind == "logit":
            return self.theta.tolist()
        w1, b1, w2 = self.unpack(self.theta)
        return [w1.T.tolist(), b1.tolist(), w2.tolist()]


def scores(p, y, mask):
    """Log-loss (nats per position), Brier (per seat) and calibration bins of chances p."""
    logloss = float(-np.sum(y * np.log(np.where(mask, np.clip(p, 1e-12, 1), 1.0))) / len(y))
    brier = float(np.sum(np.where(mask, (p - y) ** 2, 0.0)) / mask.sum())
    pred, obs = p[mask], y[mask]
    bins = np.minimum((pred * 10).astype(int), 9)
    calib = [(float(pred[bins == b].mean()), float(obs[bins == b].mean()), int((bins == b).sum()))
             for b in range(10) if (bins == b).any()]
    return {"logloss": round(logloss, 4), "brier": round(brier, 4), "calibration": calib}


def plot(results, path):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(5.5, 5.5), dpi=110)
    ax.plot([0, 1], [0, 1], color="#999", lw=1, ls="--", label="perfect calibration")
    for name, style in (("today", "o-"), ("logit", "s-"), ("mlp", "^-")):
        if name in results:
            pts = results[name]["calibration"]
            r = results[name]
            ax.plot([a for a, _, _ in pts], [b for _, b, _ in pts], style, ms=4,
                    label=f"{name}: log-loss {r['logloss']:.4f}, Brier {r['brier']:.4f}")
    ax.set_xlabel("predicted chance to win (ten bins)")
    ax.set_ylabel("observed win share")
    ax.set_title("Win-chance calibration on held-out self-play games")
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.legend(loc="upper left", fontsize=8)
    fig.tight_layout()
    fig.savefig(path)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", required=True, help="a self-play file (lepeuple.research.selfplay)")
    parser.add_argument("--limit", type=int, default=0, help="use only the first N games (0: all)")
    parser.add_argument("--hidden", type=int, default=12)
    parser.add_argument("--ridge", type=float, default=1e-5)
    parser.add_argument("--iterations", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--kinds", default="logit,mlp", help="the models to fit, comma-separated")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--keep", choices=("best", "logit", "mlp"), default="best",
                        help="the fit --out writes (best: the lower held-out log-loss)")
    parser.add_argument("--out", help="write the kept fit's weights here (JSON)")
    parser.add_argument("--plot", help="write the calibration plot here (PNG)")
    args = parser.parse_args(argv)
    games = read_games(args.games)
    games = sorted(games, key=lambda g: g["i"])[: args.limit or None]
    x, mask, y, old, index = tensors(games, args.jobs)
    test = index % HELD_OUT == HELD_OUT - 1
    mean = x[~test][mask[~test]].mean(axis=0)
    scale = x[~test][mask[~test]].std(axis=0)
    scale[scale < 1e-6] = 1.0
    z = np.where(mask[:, :, None], (x - mean) / scale, 0.0).astype(np.float32)  # float32: twice the speed
    print(f"train: {len(games)} games, {len(y)} positions ({int((~test).sum())} train, {int(test.sum())} held out)",
          file=sys.stderr, flush=True)
    results = {"today": scores(old[test], y[test], mask[test]),
               "uniform": scores((mask / mask.sum(axis=1, keepdims=True))[test], y[test], mask[test])}
    fits = {}
    for kind in args.kinds.split(","):
        fit = Fit(kind, len(NAMES), args.hidden, args.seed)
        fit.fit(z[~test], mask[~test], y[~test], args.ridge, args.iterations)
        fits[kind] = fit
        results[kind] = scores(fit.chances(z[test], mask[test]), y[test], mask[test])
        results[kind]["train_logloss"] = scores(fit.chances(z[~test], mask[~test]), y[~test], mask[~test])["logloss"]
        print(f"train: {kind}: held-out log-loss {results[kind]['logloss']}, Brier {results[kind]['brier']}",
              file=sys.stderr, flush=True)
    info = {"games": len(games), "positions": int(len(y)), "held_out_positions": int(test.sum()),
            "hidden": args.hidden, "ridge": args.ridge, "seed": args.seed,
            **{k: {m: v[m] for m in ("logloss", "brier")} for k, v in results.items()}}
    keep = args.keep if args.keep != "best" else min(fits, key=lambda k: results[k]["logloss"])
    info["kept"] = keep
    if args.out:
        # The kept fit at --out, and each fit beside it (NAME-logit.json, NAME-mlp.json).
        stem = args.out[: -len(".json")] if args.out.endswith(".json") else args.out
        for name, path in ((keep, args.out), *((k, f"{stem}-{k}.json") for k in fits)):
            with open(path, "w") as f:
                json.dump({"names": list(NAMES), "kind": name, "mean": mean.tolist(), "scale": scale.tolist(),
                           "w": fits[name].weights(), "info": {**info, "kept": name}}, f, separators=(",", ":"))
                f.write("\n")
    if args.plot:
        plot(results, args.plot)
    print(json.dumps({**info, "calibration": {k: v["calibration"] for k, v in results.items()}}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
