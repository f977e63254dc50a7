#!/usr/bin/env bash
# Benchmark of `gorules check` on the corpus: games/s with 1 and 2 threads, peak memory, and
# memory when the input is repeated ten times (a directory of ten symlinks to the corpus).
# Not a test: timings depend on the machine. Usage:
#   cargo build --release -p gorules && scripts/bench-check.sh [CORPUS] [GORULES]
set -euo pipefail
corpus=${1:-../shared/corpus}
gorules=${2:-${CARGO_TARGET_DIR:-target}/release/gorules}
[ -x /usr/bin/time ] || { echo "needs GNU time (/usr/bin/time -v): apt-get install time" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for i in $(seq -w 1 10); do ln -s "$(realpath "$corpus")" "$tmp/copy$i"; done

run() { # label, args…
  local label=$1; shift
  /usr/bin/time -v "$gorules" check --quiet --format jsonl --exit-zero "$@" > "$tmp/out.jsonl" 2> "$tmp/time.txt"
  local secs rss games cpu
  secs=$(grep 'Elapsed (wall clock)' "$tmp/time.txt" | awk '{print $NF}' | awk -F: '{ if (NF==3) print $1*3600+$2*60+$3; else print $1*60+$2 }')
  rss=$(grep 'Maximum resident set size' "$tmp/time.txt" | awk '{print $NF}')
  cpu=$(awk -F': ' '/User time|System time/ {s += $2} END {print s}' "$tmp/time.txt")
  games=$(tail -n 1 "$tmp/out.jsonl" | sed -E 's/.*"games":\{"total":([0-9]+),"replayed":([0-9]+).*/\2/')
  printf '%-24s %7s games  %6.2f s wall  %7.0f games/s  %6.2f s CPU  %7.0f games/CPU-s  max RSS %5.1f MiB\n' \
    "$label" "$games" "$secs" "$(echo "$games / $secs" | bc -l)" "$cpu" \
    "$(echo "$games / $cpu" | bc -l)" "$(echo "$rss / 1024" | bc -l)"
}

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg) (other work on the machine slows the wall clock, not the CPU time)"
echo "machine: $(nproc) CPU(s), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(free -g | awk '/Mem:/ {print $2}') GiB"
run "corpus, --jobs 1" --jobs 1 "$corpus"
run "corpus, --jobs 2" --jobs 2 "$corpus"
run "corpus x10, --jobs 2" --jobs 2 "$tmp"/copy*
