#!/usr/bin/env bash
# Lossless drops with headroom: auto (docs/switch.md, "Lossless drops"): runs the cases of issue 29 and prints, per
# scenario and variant, the frames dropped (summary.json drops; every drop of these runs is of the lossless class),
# the ports they were counted at, wall and CPU seconds. Usage:
#   benchmarks/lossless-drops/run.sh [small|all|sweep] [label=command ...]
# small (default): star-crossing (with auto, and with the SONiC formula's 34 KiB), leaf-spine, fat-tree-k8 (about a
# minute of CPU); all: also the k=16 fat-tree (../cli/k16-perm.yaml, 1,024 hosts, about a minute of CPU more and
# 0.5 GB of memory); sweep: the leaf-spine over dynamic_th -5, -4, -3 x kmin 100 KB .. 1.6 MB (15 runs, one at a
# time, about 1.5 minutes of CPU), frames dropped per point. Each command (a launcher, or `java -jar some.jar`) gets
# `run SCENARIO --out DIR --quiet [--set ...]` (or `sweep ...`); without commands: this worktree's ./lossless.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
which="${1:-small}"
shift $(( $# >= 1 ? 1 : 0 ))
variants=("$@")
[[ ${#variants[@]} -gt 0 ]] || variants=("lossless=$root/lossless")
"$root/lossless" --version >/dev/null
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
if [[ "$which" == sweep ]]; then
  for v in "${variants[@]}"; do
    label="${v%%=*}"; cmd="${v#*=}"
    rm -rf "$work/sweep"
    bash -c "$cmd sweep '$here/leaf-spine.yaml' --vary switch.pfc.dynamic_th=-5,-4,-3 \
      --vary switch.ecn.kmin=100KB,200KB,400KB,800KB,1600KB --jobs 1 --quiet --out '$work/sweep'" >/dev/null 2>&1
    printf '%-10s %s\n' "$label" "$(python3 -c "
import json, pathlib
pts = sorted(pathlib.Path('$work/sweep/points').glob('*/*/summary.json'))
n = [json.load(open(p))['drops']['packets'] for p in pts]
print('%d points, %d with drops; frames dropped per point: %s' % (len(n), sum(1 for x in n if x), ' '.join(
    '%s=%d' % (p.parent.parent.name, x) for p, x in zip(pts, n))))
")"
  done
  exit 0
fi
cases=("star-crossing.yaml" "star-crossing.yaml --set switch.pfc.headroom=34KiB" "leaf-spine.yaml" "fat-tree-k8.yaml")
[[ "$which" == all ]] && cases+=("../cli/k16-perm.yaml")
for c in "${cases[@]}"; do
  scenario="$here/${c%% *}"
  extra=""
  [[ "$c" == *" "* ]] && extra="${c#* }"
  for v in "${variants[@]}"; do
    label="${v%%=*}"; cmd="${v#*=}"
    rm -rf "$work/out"
    /usr/bin/time -o "$work/time" -f "%U %S %e" bash -c "$cmd run '$scenario' --out '$work/out' --quiet $extra" \
      >/dev/null 2>"$work/err"
    read -r u s e <"$work/time"
    drops="$(python3 -c "
import json, csv
d = json.load(open('$work/out/summary.json'))['drops']
at = sorted({r['node'] + ':' + r['port'] + '>' + r['peer'] for r in csv.DictReader(open('$work/out/ports.csv')) if int(r['drops']) > 0})
print('%d frames, %d B at %d ports %s' % (d['packets'], d['bytes'], len(at), ' '.join(at[:4]) + (' ...' if len(at) > 4 else '')))
")"
    printf '%-10s %-55s %s  (cpu %.1f s, wall %.1f s)\n' "$label" "${c}" "$drops" "$(echo "$u + $s" | bc)" "$e"
  done
done
