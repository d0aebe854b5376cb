#!/bin/bash
# Timing-mode fingerprint: for every conformance job (tests/kernels/jobs),
# every example job and the four benchmark kernels at two sizes, one line with
# the job, its cycle count, its statistics and a hash of its whole result
# document (buffers and statistics). An optimisation of the timing model must
# leave the output unchanged: record it before, compare after.
#
#   tests/tools/timing_fingerprint.sh BUILD_DIR OUT_FILE [THREADS]
#   diff before.txt after.txt
#
# The benchmark jobs are written the way tests/bench/bench_kernels.cpp writes
# them (same buffers, seeds and arguments), to a temporary folder.
set -euo pipefail
build=${1:?usage: timing_fingerprint.sh BUILD_DIR OUT_FILE [THREADS]}
out=${2:?usage: timing_fingerprint.sh BUILD_DIR OUT_FILE [THREADS]}
threads=${3:-1}
root=$(cd "$(dirname "$0")/../.." && pwd)
gcnsim=$(cd "$build" && pwd)/gcnsim
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

python3 - "$root/tests/bench/kernels/bin" "$tmp" <<'EOF'
import json, sys
bin_dir, folder = sys.argv[1], sys.argv[2]
def rnd(n, seed): return {"type": "f32", "count": n, "random": {"seed": seed, "min": -1.0, "max": 1.0}}
def zero(n): return {"type": "f32", "count": n}
def buf(name): return {"buffer": name}
def job(hsaco, name, grid, wg, buffers, args, output):
    return {"kernel": {"file": hsaco, "name": name}, "grid": grid, "workgroup": wg,
            "buffers": buffers, "args": args, "output": [output]}
def fma(h, g):
    n = g * 256
    return job(h, "fma_loop", [n], [256], {"in": rnd(n, 1), "out": zero(n)},
               [buf("in"), buf("out"), {"value": 64, "type": "u32"}], "out")
def matmul(h, g):
    return job(h, "lds_matmul", [256, g], [16, 16],
               {"A": rnd(g * 64, 2), "B": rnd(64 * 256, 3), "C": zero(g * 256)},
               [buf("A"), buf("B"), buf("C"), {"value": 256, "type": "u32"}, {"value": 64, "type": "u32"}], "C")
def saxpy(h, g):
    n = g * 256
    return job(h, "saxpy", [n], [256], {"x": rnd(n, 4), "y": rnd(n, 5)},
               [{"value": 1.5, "type": "f32"}, buf("x"), buf("y"), {"value": n, "type": "u32"}], "y")
def reduction(h, g):
    n = g * 256
    return job(h, "lds_reduction", [n], [256], {"in": rnd(n, 6), "partial": zero(g)},
               [buf("in"), buf("partial"), {"value": n, "type": "u32"}], "partial")
for name, make in [("fma_loop", fma), ("lds_matmul", matmul), ("saxpy", saxpy), ("lds_reduction", reduction)]:
    for gen in ["gfx900", "gfx600"]:
        for g in [64, 640]:
            with open(f"{folder}/bench_{name}.{gen}.{g}.json", "w") as f:
                json.dump(make(f"{bin_dir}/{name}.{gen}.hsaco", g), f)
EOF

: >"$out"
for j in "$root"/tests/kernels/jobs/*.json "$root"/examples/*/*.json "$tmp"/bench_*.json; do
  name=${j#"$root"/}
  name=${name#"$tmp"/}
  if ! "$gcnsim" run "$j" --mode timing --threads "$threads" -q --result "$tmp/result.json" >"$tmp/run.txt" 2>&1; then
    echo "$name FAILED: $(tail -1 "$tmp/run.txt")" >>"$out"
    continue
  fi
  cycles=$(grep '^cycles' "$tmp/run.txt" | tr -s ' ' || true)  # a job with steps has no stats line
  stats=$(grep '^stats' "$tmp/run.txt" | tr -s ' ' || true)
  hash=$(grep -v gcnsim_version "$tmp/result.json" | sha256sum | cut -c1-16)
  echo "$name | $cycles | $stats | result $hash" >>"$out"
done
echo "$(wc -l <"$out") jobs fingerprinted into $out"
