#!/usr/bin/env python3
"""Trains the learned evaluation (src/search/learned_evaluation.hpp) on the labelled positions
of bench/learned_eval_data.py, and writes its network file (the build embeds the files of
src/search/networks/).

The network, NNUE-shaped for a mancala board: each pit of each row, by its count (capped
at --buckets - 1), is one of 2 x pits x buckets inputs, of which 2 x pits are on; a first
layer of --hidden units sums their weight rows, a clipped ReLU, a second layer of
--hidden2 units, a clipped ReLU, and one output: what the side to move gains of the stones
in the pits, in stones. It is trained in floating point with Adam on a mean squared error
against a mix of the deep search's value and the game's outcome (--search-share; a proven
value is taken whole), then quantised as the engine computes it: the first layer in 16-bit
integers (127 to 1.0), the second in 8-bit weights (64 to 1.0), the output in 32-bit
integers. The error is reported on a held-out tenth, in floating point and as quantised.

    /usr/bin/python3 bench/train_eval.py --game kalah --pits 6 DATA.csv [DATA2.csv ...] \
        --out src/search/networks/kalah-6.net
"""
import argparse
import struct
import sys
import time

import numpy as np

MAGIC = b"MNCLNET1"
VERSION = 1
ACT = 127  # a clipped ReLU's 1.0 in the quantised network
W2_SCALE = 64  # a second-layer weight's 1.0
OUT_SCALE = ACT * W2_SCALE  # the output's units a stone


def load(paths, pits):
    data = np.concatenate([np.loadtxt(p, delimiter=",", dtype=np.float32, ndmin=2) for p in paths])
    if data.shape[1] != 2 * pits + 3:
        sys.exit(f"train_eval: expected {2 * pits + 3} columns (2 x {pits} pits, search, proven, outcome), "
                 f"got {data.shape[1]}")
    return data[:, : 2 * pits].astype(np.int32), data[:, 2 * pits], data[:, 2 * pits + 1], data[:, 2 * pits + 2]


def feature_indices(pits_counts, buckets):
    n = pits_counts.shape[1]
    return np.arange(n, dtype=np.int32)[None, :] * buckets + np.minimum(pits_counts, buckets - 1)


class Network:
    def __init__(self, inputs, hidden, hidden2, rng):
        self.w1 = rng.normal(0, 0.15, (inputs, hidden)).astype(np.float32)
        self.b1 = np.full(hidden, 0.3, np.float32)
        self.w2 = rng.normal(0, 1.0 / np.sqrt(hidden), (hidden, hidden2)).astype(np.float32)
        self.b2 = np.full(hidden2, 0.3, np.float32)
        self.w3 = rng.normal(0, 1.0, hidden2).astype(np.float32)
        self.b3 = np.zeros(1, np.float32)

    def params(self):
        return [self.w1, self.b1, self.w2, self.b2, self.w3, self.b3]

    def forward(self, idx):
        z1 = self.w1[idx].sum(axis=1) + self.b1
        a1 = np.clip(z1, 0, 1)
        z2 = a1 @ self.w2 + self.b2
        a2 = np.clip(z2, 0, 1)
        return a2 @ self.w3 + self.b3[0], (z1, a1, z2, a2)

    def gradients(self, idx, target, weight):
        y, (z1, a1, z2, a2) = self.forward(idx)
        dy = 2 * weight * (y - target) / len(target)
        g_w3 = a2.T @ dy
        g_b3 = np.array([dy.sum()], np.float32)
        dz2 = np.outer(dy, self.w3) * ((z2 > 0) & (z2 < 1))
        g_w2 = a1.T @ dz2
        g_b2 = dz2.sum(axis=0)
        dz1 = (dz2 @ self.w2.T) * ((z1 > 0) & (z1 < 1))
        onehot = np.zeros((len(target), self.w1.shape[0]), np.float32)
        np.put_along_axis(onehot, idx, 1.0, axis=1)
        g_w1 = onehot.T @ dz1
        g_b1 = dz1.sum(axis=0)
        return [g_w1, g_b1, g_w2, g_b2, g_w3, g_b3], float(np.mean(weight * (y - target) ** 2))

    def clip(self, pits):
        # What the quantised network can hold: a second-layer weight within 127/64, and the
        # first layer's sum of 2 x pits rows and its bias within a 16-bit integer.
        limit = (32767 // ACT - 1) / (2 * pits + 1)
        np.clip(self.w1, -limit, limit, out=self.w1)
        np.clip(self.b1, -limit, limit, out=self.b1)
        np.clip(self.w2, -127 / W2_SCALE, 127 / W2_SCALE, out=self.w2)


def quantise(net):
    q = {
        "w1": np.round(net.w1 * ACT).astype(np.int16),
        "b1": np.round(net.b1 * ACT).astype(np.int16),
        "w2": np.round(net.w2.T * W2_SCALE).astype(np.int8),  # [hidden2][hidden]
        "b2": np.round(net.b2 * ACT * W2_SCALE).astype(np.int32),
        "w3": np.round(net.w3 * W2_SCALE).astype(np.int32),
        "b3": np.round(net.b3 * OUT_SCALE).astype(np.int32),
    }
    return q


def quantised_value(q, idx):
    """The engine's integer arithmetic, in points (10 a stone)."""
    acc = q["b1"].astype(np.int32) + q["w1"][idx].astype(np.int32).sum(axis=1)
    a1 = np.clip(acc, 0, ACT)
    s = a1 @ q["w2"].T.astype(np.int32) + q["b2"]
    a2 = np.clip(s >> 6, 0, ACT)  # floor division by W2_SCALE
    out = a2.astype(np.int64) @ q["w3"].astype(np.int64) + int(q["b3"][0])
    return np.floor_divide(out * 10, OUT_SCALE)


def checksum64(data):
    """The project's checksum of bytes on disk (src/util/checksum.hpp), as the engine checks it."""
    mask, k1, k2 = (1 << 64) - 1, 0x9E3779B97F4A7C15, 0xC2B2AE3D27D4EB4F

    def rotl(x, r):
        return ((x << r) | (x >> (64 - r))) & mask

    h = (len(data) * k1) & mask
    whole = len(data) // 8 * 8
    for i in range(0, whole, 8):
        word = int.from_bytes(data[i : i + 8], "little")
        h = (rotl(h ^ ((word * k2) & mask), 29) * k1) & mask
    for b in data[whole:]:
        h = (rotl(h ^ b, 7) * k2) & mask
    return h ^ (h >> 32)


def write_network(path, game, pits, buckets, q, samples):
    body = bytearray(MAGIC)
    body += struct.pack("<I", VERSION)
    name = game.encode()
    body += struct.pack("<B", len(name)) + name
    hidden, hidden2 = q["w1"].shape[1], q["w2"].shape[0]
    body += struct.pack("<BBHH", pits, buckets, hidden, hidden2)
    for key in ("w1", "b1", "w2", "b2", "w3", "b3"):
        body += q[key].astype(q[key].dtype.newbyteorder("<")).tobytes()
    # Positions and the values the engine must give them: checked when the network is loaded.
    counts, values = samples
    body += struct.pack("<H", len(values))
    for row, value in zip(counts, values):
        body += bytes(int(c) for c in row) + struct.pack("<i", int(value))
    body += struct.pack("<Q", checksum64(bytes(body)))
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(body)
    import os

    os.replace(tmp, path)
    return len(body)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("data", nargs="+", help="CSV files of bench/learned_eval_data.py")
    ap.add_argument("--game", required=True, help="the game the network is for (its preset name: kalah, oware)")
    ap.add_argument("--pits", type=int, default=6)
    ap.add_argument("--buckets", type=int, default=24, help="counts told apart in a pit (default 24)")
    ap.add_argument("--hidden", type=int, default=32, help="first layer's units (a multiple of 32)")
    ap.add_argument("--hidden2", type=int, default=32, help="second layer's units (a multiple of 8)")
    ap.add_argument("--epochs", type=int, default=30)
    ap.add_argument("--batch", type=int, default=1024)
    ap.add_argument("--lr", type=float, default=2e-3)
    ap.add_argument("--search-share", type=float, default=0.75, help="the search's share of the target")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", help="network file to write")
    args = ap.parse_args()
    if args.hidden % 32 or args.hidden2 % 8 or not 2 <= args.buckets <= 255:
        ap.error("--hidden must be a multiple of 32, --hidden2 of 8, --buckets in 2..255")

    rng = np.random.default_rng(args.seed)
    counts, search, proven, outcome = load(args.data, args.pits)
    target = np.where(proven > 0, search, args.search_share * search + (1 - args.search_share) * outcome)
    target = target.astype(np.float32)
    idx = feature_indices(counts, args.buckets)
    n = len(target)
    split = n - n // 10  # the rows are game by game: the last tenth is other games
    train, held = np.arange(split), np.arange(split, n)
    print(f"{n} positions: {split} to train on, {n - split} held out", file=sys.stderr)
    base = float(np.mean((target[held] - target[train].mean()) ** 2))
    print(f"held-out error of a constant: {base:.2f} stones^2", file=sys.stderr)

    net = Network(2 * args.pits * args.buckets, args.hidden, args.hidden2, rng)
    params = net.params()
    m = [np.zeros_like(p) for p in params]
    v = [np.zeros_like(p) for p in params]
    step, started = 0, time.time()
    ones = np.ones(n, np.float32)
    for epoch in range(args.epochs):
        lr = args.lr * (0.5 * (1 + np.cos(np.pi * epoch / args.epochs)))
        order = rng.permutation(train)
        losses = []
        for start in range(0, len(order), args.batch):
            batch = order[start : start + args.batch]
            grads, loss = net.gradients(idx[batch], target[batch], ones[batch])
            losses.append(loss)
            step += 1
            for p, g, mm, vv in zip(params, grads, m, v):
                mm *= 0.9
                mm += 0.1 * g
                vv *= 0.999
                vv += 0.001 * g * g
                p -= lr * (mm / (1 - 0.9**step)) / (np.sqrt(vv / (1 - 0.999**step)) + 1e-8)
            net.clip(args.pits)
        y, _ = net.forward(idx[held])
        held_error = float(np.mean((y - target[held]) ** 2))
        print(f"epoch {epoch + 1}: train {np.mean(losses):.2f}, held out {held_error:.2f} stones^2, "
              f"{time.time() - started:.0f} s", file=sys.stderr, flush=True)

    q = quantise(net)
    qy = quantised_value(q, idx[held]) / 10
    print(f"held-out error as quantised: {float(np.mean((qy - target[held]) ** 2)):.2f} stones^2 "
          f"(of the search alone: {float(np.mean((qy - search[held]) ** 2)):.2f})", file=sys.stderr)
    if args.out:
        pick = rng.choice(n, size=min(64, n), replace=False)
        size = write_network(args.out, args.game, args.pits, args.buckets, q,
                             (counts[pick], quantised_value(q, idx[pick])))
        print(f"wrote {args.out}: {size} bytes", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
