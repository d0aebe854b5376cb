#!/bin/bash
# Host instructions per simulated wave-instruction, counted by callgrind (a
# measure that a shared, noisy machine does not disturb, unlike CPU time):
# only the simulation is counted (runTiming or runFunctional and what they
# call), not loading the job or writing results.
#
#   tests/tools/host_instructions.sh BUILD_DIR MODE JOB.json...
#
# MODE is timing or functional; one thread. Prints per job: host
# instructions, wave-instructions, and their ratio.
set -euo pipefail
build=${1:?usage: host_instructions.sh BUILD_DIR MODE JOB.json...}
mode=${2:?usage: host_instructions.sh BUILD_DIR MODE JOB.json...}
shift 2
case $mode in
  timing) fn='gcnsim::sim::timing::runTiming*' ;;
  functional) fn='gcnsim::sim::runFunctional*' ;;
  *) echo "host_instructions.sh: MODE must be timing or functional, not '$mode'" >&2 && exit 2 ;;
esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for job in "$@"; do
  valgrind --tool=callgrind --callgrind-out-file="$tmp/cg.out" --toggle-collect="$fn" \
    "$build/gcnsim" run "$job" --mode "$mode" --threads 1 -q >"$tmp/run.txt" 2>"$tmp/vg.txt" || {
    echo "$job: run failed: $(tail -1 "$tmp/run.txt")" >&2
    exit 1
  }
  ir=$(grep '^summary:' "$tmp/cg.out" | awk '{print $2}')
  insts=$(awk '/^instructions/ {print $2}' "$tmp/run.txt")
  awk -v j="$(basename "$job")" -v m="$mode" -v ir="$ir" -v n="$insts" \
    'BEGIN { printf "%-36s %-10s %14.0f host instr %10d wave-instr %8.1f per wave-instr\n", j, m, ir, n, ir / n }'
done
