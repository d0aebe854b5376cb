#!/bin/bash
# Memory on demand (README "Memory use", issue 12): peak resident memory and
# time to kernel start of jobs whose 1 GiB buffers a 64-work-item kernel
# (touch.gfx900.s) barely touches:
#   zero  a 1 GiB buffer of zeros ("count" alone)
#   file  a 1 GiB input read from a file
#   both  the two together
#   data  an input of 2.5 million f32 given inline as "data" (20 MB of JSON
#         text; its peak is the job's parse: the text, then the bytes)
# Usage: tests/bench/big_buffer/run.sh [GCNSIM [JOB...]]   (default: build/gcnsim, every job)
# Needs GNU time (/usr/bin/time, Debian package "time"). The 1 GiB input is
# written once to ${TMPDIR:-/tmp}/gcnsim_big_buffer/in.bin (random bytes); the
# job files go there too.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
gcnsim=$(realpath "${1:-build/gcnsim}")
shift || true
jobs=("$@")
[ ${#jobs[@]} -gt 0 ] || jobs=(zero file both data)
work=${TMPDIR:-/tmp}/gcnsim_big_buffer
mkdir -p "$work"
gib=1073741824
input=$work/in.bin
if [[ " ${jobs[*]} " =~ " file "|" both " ]] && { [ ! -f "$input" ] || [ "$(stat -c %s "$input")" -ne $gib ]; }; then
  head -c $gib /dev/urandom >"$input"
fi

job() {  # job NAME BUFFERS
  cat >"$work/$1.json" <<JSON
{"kernel": {"file": "$here/touch.gfx900.bin", "format": "raw", "arch": "gfx900", "vgprs": 8,
            "setup": {"s[0:1]": {"address": "in"}, "s[2:3]": {"address": "zero"}, "v0": "workitem_id_x"}},
 "grid": [64], "workgroup": [64], "buffers": {$2}}
JSON
}
small_in='"in": {"type": "u32", "count": 64, "fill": 1}'
small_zero='"zero": {"type": "u32", "count": 64}'
big_in='"in": {"type": "u32", "file": "'$input'"}'
big_zero='"zero": {"type": "u32", "count": 268435456}'
job zero "$small_in, $big_zero"
job file "$big_in, $small_zero"
job both "$big_in, $big_zero"
# Values 0.00 to 24999.75 in steps of 0.25 ("%.2f"): 6 to 10 characters an element with ", ".
data=$(awk 'BEGIN { n = 2500000; for (i = 0; i < n; i++) printf "%s%.2f", (i ? ", " : ""), (i % 100000) * 0.25 }')
job data '"in": {"type": "f32", "data": ['"$data"']}, '"$small_zero"

printf '%-6s %16s %18s\n' job "peak RSS (MiB)" "kernel start (s)"
for name in "${jobs[@]}"; do
  start=$(date +%s.%N)
  log=$(/usr/bin/time -v "$gcnsim" run "$work/$name.json" --mode functional --log-level info \
    --max-buffer-bytes $((2 * gib)) 2>&1)
  rss_kib=$(sed -n 's/.*Maximum resident set size (kbytes): //p' <<<"$log")
  # spdlog's timestamp of "kernel starts": [YYYY-MM-DD HH:MM:SS.mmm]
  stamp=$(sed -n 's/^\[\([0-9-]* [0-9:.]*\)\].*kernel starts.*/\1/p' <<<"$log")
  if [ -z "$rss_kib" ] || [ -z "$stamp" ]; then
    echo "$name: unexpected output:" >&2
    echo "$log" >&2
    exit 1
  fi
  kernel=$(date -d "$stamp" +%s.%N)
  printf '%-6s %16d %18.3f\n' $name $((rss_kib / 1024)) "$(echo "$kernel - $start" | bc -l)"
done
