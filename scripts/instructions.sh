#!/usr/bin/env bash
# Instructions per game of the pipeline, counted by callgrind (valgrind), so that the figure
# does not depend on the machine's load: every game of CORPUS read (parse_all) and taken
# through the pipeline into JSON Lines as `gorules check --dead none --format jsonl` does
# (check_all), under RULES. Prints the instructions of each stage per game.
# Usage: scripts/instructions.sh [CORPUS] [RULES]
set -euo pipefail
corpus=${1:-../shared/corpus/kgs}
rules=${2:-tromp-taylor,logical,chinese}
command -v valgrind >/dev/null || { echo "needs valgrind (apt-get install valgrind)" >&2; exit 2; }
cargo build --release -p gorules --example profile_corpus >&2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
out=$(valgrind --tool=callgrind --callgrind-out-file="$tmp/cg.out" \
  "${CARGO_TARGET_DIR:-target}/release/examples/profile_corpus" "$corpus" "$rules" 2>"$tmp/vg.txt")
echo "$out"
games=$(echo "$out" | awk '{print $1}')
callgrind_annotate --inclusive=yes "$tmp/cg.out" 2>/dev/null > "$tmp/annotate.txt"
for stage in parse_all check_all; do
  ir=$(grep -E "profile_corpus::$stage" "$tmp/annotate.txt" | head -1 | awk '{gsub(",", "", $1); print $1}')
  printf '%-10s %15s instructions  %10.0f per game\n' "$stage" "$ir" "$(echo "$ir / $games" | bc -l)"
done
total=$(grep -m1 'Collected' "$tmp/vg.txt" | awk '{gsub(",", "", $NF); print $NF}')
printf '%-10s %15s instructions  %10.0f per game\n' "total" "$total" "$(echo "$total / $games" | bc -l)"
