#!/usr/bin/env bash
# Reproduces rows of Megatron-LM's Table 1 (Narayanan et al., SC'21) with one data-parallel replica simulated and
# the data-parallel all-reduce added at its ring time (docs/validation.md, "Training iterations").
# Usage: benchmarks/training/megatron/run.sh EFFICIENCY ROW...   e.g.  run.sh 0.5 39.1B 76.1B
# Prints per row: simulated iteration (dp = 1), its breakdown, the DP all-reduce estimate, the total, the published
# iteration time (from the published per-GPU throughput and the paper's FLOP count), and the error.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
eff="$1"; shift
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# row: hidden layers pp gpus batch published-TFLOP/s-per-GPU
declare -A ROW=([39.1B]="8192 48 2 512 1536 138" [76.1B]="10240 60 4 1024 1792 140" [145.6B]="12288 80 8 1536 2304 148")
for row in "$@"; do
  read -r h l pp n B X <<<"${ROW[$row]}"
  sed "s/efficiency: [0-9.]*/efficiency: $eff/" "$here/$row.yaml" >"$work/$row.yaml"
  /usr/bin/time -o "$work/time" -f "%U %S %e %M" "$root/lossless" run "$work/$row.yaml" --out "$work/out-$row" --quiet \
    >/dev/null
  line="$(sed -n 2p "$work/out-$row/jobs.csv")"
  header="$(sed -n 1p "$work/out-$row/jobs.csv")"
  col() { awk -F, -v h="$header" -v name="$1" 'BEGIN{n=split(h,a,",");for(i=1;i<=n;i++)if(a[i]==name)c=i}{print $c}' \
    <<<"$line"; }
  awk -v h="$h" -v l="$l" -v pp="$pp" -v n="$n" -v B="$B" -v X="$X" -v row="$row" -v eff="$eff" \
      -v T="$(col duration_ps)" -v C="$(col compute_ps)" -v TP="$(col exposed_tp_ps)" -v PP="$(col exposed_pp_ps)" \
      -v BU="$(col bubble_ps)" -v cpu="$(awk '{print $1 + $2}' "$work/time")" -v rss="$(awk '{print $4}' "$work/time")" '
  BEGIN {
    s = 2048; V = 51200; tp = 8; dp = n / (tp * pp)
    F = 96 * B * s * l * h * h * (1 + s / (6 * h) + V / (16 * l * h))      # the paper eq. (3)
    pub = F / (n * X * 1e12)                                               # published iteration, s
    grad = (12 * h * h + 13 * h) * (l / pp) / tp * 2                        # fp16 gradients per rank, bytes
    good = 200e9 / 8 * 4096 / (4096 + 82)                                  # one 200 Gb/s rail at MTU 4096
    ar = 2 * (dp - 1) / dp * grad / good                                   # ring all-reduce over dp ranks, s
    sim = T / 1e12; total = sim + ar
    printf "%s eff %s: simulated %.3f s (compute %.1f%%, exposed tp %.1f%%, pp %.1f%%, bubble %.1f%%) + dp all-reduce %.3f s = %.3f s; published %.3f s; error %+.1f%%; cpu %.0f s, rss %d MB\n", \
      row, eff, sim, 100 * C / T, 100 * TP / T, 100 * PP / T, 100 * BU / T, ar, total, pub, 100 * (total - pub) / pub, cpu, rss / 1024
  }' </dev/null
done
