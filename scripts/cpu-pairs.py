#!/usr/bin/env python3
"""Compares the CPU time of two commands pair by pair: A, B, B, A, A, B, ... each run once per
pair, in alternating order, so that a host whose speed drifts slows both sides of a pair alike.
Each run's CPU time is the user and system seconds the operating system counted for the
finished process (and the children it waited for).

It prints the median CPU seconds of each side, the median of the pairs' ratios A/B with a 95 %
bootstrap interval, how many pairs came out below 1, and the one-sided sign test's p-value for
"A takes no less CPU time than B" (small: A is faster in more pairs than chance allows).

    scripts/cpu-pairs.py --pairs 120 \\
        "target/release/gig sim --bench --games 20000 --bots random --threads 1" \\
        "../old/target/release/gig sim --bench --games 20000 --bots random --threads 1"

Each command is one string, split as a shell splits words, and run without a shell. Its output
is thrown away. `--json FILE` keeps every pair's seconds, and `--merge FILE...` sums up the pairs
of several such files without running anything. Python's standard library only.
"""

import argparse
import json
import math
import os
import random
import shlex
import statistics
import subprocess
import sys


def cpu_seconds(argv):
    """Runs `argv` to its end and returns the user and system seconds it used."""
    child = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        sys.exit(f"error: `{shlex.join(argv)}` exited with {code}")
    return usage.ru_utime + usage.ru_stime


def run_pairs(a, b, pairs, warmup):
    """`pairs` pairs of (A's seconds, B's seconds), after `warmup` uncounted runs of each."""
    for _ in range(warmup):
        cpu_seconds(a)
        cpu_seconds(b)
    out = []
    for k in range(pairs):
        if k % 2 == 0:
            x = cpu_seconds(a)
            y = cpu_seconds(b)
        else:
            y = cpu_seconds(b)
            x = cpu_seconds(a)
        out.append((x, y))
    return out


def sign_test(below, n):
    """One-sided exact sign test: the chance of `below` or more of `n` pairs below 1 when
    either side is as likely to be faster."""
    return sum(math.comb(n, k) for k in range(below, n + 1)) / 2**n


def bootstrap_median(ratios, rounds=4000, seed=1):
    """The 2.5th and 97.5th percentiles of the median of resampled ratios."""
    rng = random.Random(seed)
    medians = sorted(
        statistics.median(rng.choices(ratios, k=len(ratios))) for _ in range(rounds)
    )
    return medians[int(rounds * 0.025)], medians[int(rounds * 0.975) - 1]


def summary(rows):
    ratios = [x / y for x, y in rows]
    n = len(ratios)
    below = sum(1 for r in ratios if r < 1)
    low, high = bootstrap_median(ratios)
    return "\n".join(
        [
            f"pairs              {n}",
            f"A cpu s (median)   {statistics.median(x for x, _ in rows):.3f}",
            f"B cpu s (median)   {statistics.median(y for _, y in rows):.3f}",
            f"A/B cpu (median)   {statistics.median(ratios):.4f}"
            f"  95% interval {low:.4f} to {high:.4f}",
            f"A/B below 1        {below} of {n}"
            f"  (one-sided sign test p = {sign_test(below, n):.2g})",
        ]
    )


def main():
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("a", nargs="?", help="command A, one string")
    ap.add_argument("b", nargs="?", help="command B (the baseline), one string")
    ap.add_argument("--pairs", type=int, default=40, help="pairs to run (default 40)")
    ap.add_argument("--warmup", type=int, default=1, help="uncounted runs of each first")
    ap.add_argument("--json", help="write every pair's seconds to this file")
    ap.add_argument("--merge", nargs="+", help="sum up the pairs of these files, run nothing")
    args = ap.parse_args()
    if args.merge:
        rows = []
        for path in args.merge:
            with open(path) as f:
                rows += [tuple(r) for r in json.load(f)]
    elif args.a and args.b and args.pairs > 0:
        rows = run_pairs(shlex.split(args.a), shlex.split(args.b), args.pairs, args.warmup)
        if args.json:
            with open(args.json, "w") as f:
                json.dump(rows, f)
    else:
        ap.error("give two commands and --pairs of 1 or more, or --merge FILE...")
    print(summary(rows))


if __name__ == "__main__":
    main()
