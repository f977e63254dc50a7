#!/usr/bin/env bash
# gorules against sgfmill (PyPI `sgfmill`), in one run on one machine: sgfmill parses, replays
# and area-scores every game of the KGS corpus (scripts/sgfmill_replay.py); gorules checks the
# same games under three rulesets, counts as they stand, on one thread. Prints both rates and
# their ratio (issue 60 asks for at least 15). Not a test: timings depend on the machine.
# Usage: cargo build --release -p gorules && scripts/vs-sgfmill.sh [CORPUS] [GORULES]
set -euo pipefail
corpus=${1:-../shared/corpus/kgs}
gorules=${2:-${CARGO_TARGET_DIR:-target}/release/gorules}
here=$(dirname "$0")
python3 -c 'import sgfmill' 2>/dev/null || pip install --quiet sgfmill
runs=${RUNS:-3}
# The two take turns, so that a change in the machine's speed (a shared VM) falls on both.
best_g=0
best_s=0
for _ in $(seq "$runs"); do
  line=$("$gorules" check "$corpus" --rules tromp-taylor,logical,chinese --dead none --jobs 1 --quiet --exit-zero | grep 'games/s')
  rate=$(echo "$line" | sed -E 's/.* ([0-9]+) games\/s.*/\1/')
  [ "$rate" -gt "$best_g" ] && best_g=$rate
  read -r games secs < <(python3 "$here/sgfmill_replay.py" "$corpus")
  rate=$(echo "$games / $secs" | bc -l)
  best_s=$(echo "if ($rate > $best_s) $rate else $best_s" | bc -l)
done
echo "machine: $(nproc) CPU(s), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs); load $(cut -d' ' -f1-3 /proc/loadavg)"
printf 'gorules check --rules tromp-taylor,logical,chinese --dead none --jobs 1: %d games/s (best of %d)\n' "$best_g" "$runs"
printf 'sgfmill parse + replay + area score:                                  %.0f games/s (best of %d)\n' "$best_s" "$runs"
printf 'ratio: %.1f\n' "$(echo "$best_g / $best_s" | bc -l)"
