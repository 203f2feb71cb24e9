#!/usr/bin/env python3
"""FCT p50 / p99 / max (us, nearest rank) of a Lossless flows.csv or an htsim_uec console log, one line.

usage: fct_table.py lossless FLOWS_CSV | fct_table.py htsim HTSIM_LOG
Lossless: fct_ps of the data rows (sender completion with metrics.completion: sender).
htsim: the "finished at T" of every "Flow ... finished at" line (every flow starts at 0).
"""
import csv
import math
import re
import sys


def pct(xs, q):
    xs = sorted(xs)
    return xs[max(0, math.ceil(q * len(xs)) - 1)]


def main(kind, path):
    if kind == "lossless":
        with open(path, newline="") as f:
            fcts = [int(r["fct_ps"]) / 1e6 for r in csv.DictReader(f) if r["kind"] == "data"]
    elif kind == "htsim":
        with open(path) as f:
            fcts = [float(m.group(1)) for m in re.finditer(r"^Flow \S+ flowId \d+ .* finished at ([0-9.e+]+)",
                                                           f.read(), re.M)]
    else:
        sys.exit("fct_table.py: kind must be lossless or htsim")
    if not fcts:
        sys.exit("fct_table.py: %s: no finished flows" % path)
    print("%d %.2f %.2f %.2f" % (len(fcts), pct(fcts, 0.5), pct(fcts, 0.99), max(fcts)))


if __name__ == "__main__":
    main(*sys.argv[1:])
