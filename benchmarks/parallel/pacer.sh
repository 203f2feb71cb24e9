#!/usr/bin/env bash
# Two threads with and without the engine's pacer (one thread where the machine makes it faster; benchmarks/README.md,
# "Step 29"), as users run them: `./lossless run SCENARIO` (the sequential engine), `--threads 2`, and `--threads 2`
# with -Dlossless.parallel.adaptive=false (every window on both threads), alternating, each a fresh JVM
# (LOSSLESS_DAEMON=0) under /usr/bin/time: wall s, user + sys CPU s, peak RSS KB, and the windows run on one thread
# (from the console's parallel line). With BUSY=1 a shell loop keeps core 1 busy during the rounds (a machine whose
# cores are shared with other work). Usage: benchmarks/parallel/pacer.sh SCENARIO [rounds=3] [--set KEY=VALUE...]
# e.g. benchmarks/parallel/pacer.sh benchmarks/parallel/k8-allreduce.yaml 3 --set 'workloads[0].size=48MB'
set -euo pipefail
cd "$(dirname "$0")/../.."
scenario=${1:?usage: pacer.sh SCENARIO [rounds=3] [--set KEY=VALUE...]}
rounds=${2:-3}
shift 2 || shift $#
out=$(mktemp -d)
busy=
cleanup() {
  [[ -n "$busy" ]] && kill "$busy" 2>/dev/null
  rm -rf "$out"
}
trap cleanup EXIT
./lossless --version >/dev/null 2>&1 # the launcher's class-data archive, made once per build: not in a timed run
if [[ "${BUSY:-0}" == 1 ]]; then
  taskset -c 1 sh -c 'while :; do :; done' &
  busy=$!
fi
for ((r = 1; r <= rounds; r++)); do
  for arm in sequential on off; do
    args=("$@")
    opts=
    case $arm in
      on) args+=(--threads 2) ;;
      off) args+=(--threads 2); opts=-Dlossless.parallel.adaptive=false ;;
    esac
    /usr/bin/time -f "%e %U %S %M" -o "$out/time" env LOSSLESS_DAEMON=0 JAVA_TOOL_OPTIONS="$opts" \
      ./lossless run "$scenario" "${args[@]}" -q --out "$out/$arm" >"$out/log" 2>&1 || { cat "$out/log" >&2; exit 1; }
    read -r wall user sys rss <"$out/time"
    solo=$(grep -o "[0-9,]* of the windows ([0-9]* %)" "$out/log" || true)
    printf 'round %d %-10s wall %6.2f s  cpu %6.2f s  rss %7d KB  %s\n' "$r" "$arm" "$wall" \
      "$(echo "$user + $sys" | bc)" "$rss" "${solo:+on one thread: $solo}"
  done
done
