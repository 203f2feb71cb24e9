#!/usr/bin/env bash
# Lossless's UET model against htsim's UEC model (htsim_uec) on the same k = 4 fat-tree and the same traffic:
# a permutation and an 8-to-1 incast, each with NSCC, RCCC and hybrid. Prints FCT p50 / p99 / max (us) of both
# and Lossless / htsim for each, and whether each is within the 15 % bar (README.md here).
#
#   HTSIM_UEC=/path/to/htsim_uec benchmarks/htsim/compare.sh            # rerun both, compare
#   HTSIM_UEC=/path/to/htsim_uec benchmarks/htsim/compare.sh --record   # also rewrite the recorded htsim outputs
#   benchmarks/htsim/compare.sh --recorded                              # Lossless against the recorded outputs
#
# htsim_uec is built outside this repository from github.com/ultraethernet/uet-htsim at commit
# 40ccb0526bb6297eeb22ab33f9934fb35278dbaf (README.md here: "Building htsim").
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
fix="$root/experiments/src/test/resources/htsim-uec"
mode="${1:-run}"
case "$mode" in run|--record|--recorded) ;; *) echo "usage: compare.sh [--record|--recorded]" >&2; exit 2 ;; esac
if [[ "$mode" != --recorded && ! -x "${HTSIM_UEC:-}" ]]; then
  echo "compare.sh: set HTSIM_UEC to the htsim_uec binary (README.md: Building htsim), or use --recorded" >&2
  exit 2
fi
out="$(mktemp -d "${TMPDIR:-/tmp}/htsim-compare.XXXXXX")"
echo "work folder: $out"

# htsim_uec flags that carry the scenario's settings (README.md here maps each one); -seed 13 is htsim's default
common=(-nodes 16 -tiers 3 -linkspeed 100000 -mtu 4160 -hop_latency 1 -switch_latency 0
        -load_balancing_algo reps -paths 64 -sack_threshold 4096 -enable_accurate_base_rtt -seed 13 -end 20000)
ccflags() { case "$1" in nscc) echo -sender_cc_only ;; rccc) echo -receiver_cc_only ;; hybrid) echo -sender_cc -receiver_cc ;; esac; }

printf '%-7s %-7s %28s %28s %22s\n' workload cc "Lossless p50/p99/max us" "htsim p50/p99/max us" "ratio p50/p99/max"
fail=0
for w in perm incast; do
  # the traffic, exported from the Lossless scenario with the existing tool, written as an htsim connection matrix
  (cd "$root" && nice ./lossless export flows "$fix/$w.yaml" --out "$out/export-$w" >/dev/null)
  awk -v nodes=16 -f "$here/to_cm.awk" "$out/export-$w/messages.csv" > "$out/$w.cm"
  if ! cmp -s "$out/$w.cm" "$fix/$w.cm"; then
    if [[ "$mode" == --record ]]; then cp "$out/$w.cm" "$fix/$w.cm"
    else echo "compare.sh: the exported $w traffic differs from the recorded $fix/$w.cm (rerun with --record)" >&2; exit 1; fi
  fi
  for cc in nscc rccc hybrid; do
    log="$fix/htsim-$w-$cc.txt"
    if [[ "$mode" != --recorded ]]; then
      # shellcheck disable=SC2046
      cmd=("$HTSIM_UEC" -tm "$w.cm" "${common[@]}" $(ccflags "$cc") -o "htsim-$w-$cc.dat")
      (cd "$out" && { echo "# htsim_uec $(printf '%q ' "${cmd[@]:1}")"; nice "${cmd[@]}"; } > "htsim-$w-$cc.txt" 2>&1)
      [[ "$mode" == --record ]] && cp "$out/htsim-$w-$cc.txt" "$log"
      log="$out/htsim-$w-$cc.txt"
    fi
    (cd "$root" && nice ./lossless run "$fix/$w.yaml" --set "nic.uet.cc=$cc" --out "$out/lossless-$w-$cc" >/dev/null)
    read -r n1 a50 a99 amax < <(python3 "$here/fct_table.py" lossless "$out/lossless-$w-$cc/flows.csv")
    read -r n2 b50 b99 bmax < <(python3 "$here/fct_table.py" htsim "$log")
    verdict=$(python3 -c "import sys; a=[float(x) for x in sys.argv[1:4]]; b=[float(x) for x in sys.argv[4:7]]
r=[x/y for x,y in zip(a,b)]; print('%.3f/%.3f/%.3f %s' % (*r, 'ok' if all(abs(x-1)<=0.15 for x in r) else 'MISSES 15 %'))" \
      "$a50" "$a99" "$amax" "$b50" "$b99" "$bmax")
    [[ "$verdict" == *MISSES* || "$n1" != "$n2" ]] && fail=1
    printf '%-7s %-7s %28s %28s %22s\n' "$w" "$cc" "$a50/$a99/$amax ($n1)" "$b50/$b99/$bmax ($n2)" "$verdict"
  done
done
exit "$fail"
