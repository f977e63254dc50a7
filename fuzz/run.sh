#!/usr/bin/env bash
# Builds the fuzz targets and runs each for SECONDS (default 60); fails if any target
# crashes, hangs past the time-out or exhausts memory. docs/fuzzing.md.
#
#   fuzz/run.sh [SECONDS] [TARGET...]
#
# Needs cargo-fuzz (`cargo install cargo-fuzz`) and a compiler that accepts nightly flags:
# the nightly toolchain when rustup has one, else stable with RUSTC_BOOTSTRAP=1.
# Environment: FUZZ_RSS_MB (default 2048), FUZZ_TIMEOUT (seconds per input, default 20),
# FUZZ_LOGS (where the logs and CPU times go, default fuzz/logs).
set -euo pipefail
cd "$(dirname "$0")"

seconds=${1:-60}
shift || true
all=(sgf_read sgf_replay replay_structured gtp rules_names graph_json archive control)
if [ $# -gt 0 ]; then targets=("$@"); else targets=("${all[@]}"); fi

if ! cargo fuzz --version >/dev/null 2>&1; then
  echo "cargo-fuzz is not installed (cargo install cargo-fuzz --locked): fuzzing skipped" >&2
  exit 0
fi
if rustup run nightly rustc --version >/dev/null 2>&1; then
  toolchain=(+nightly)
else
  toolchain=()
  export RUSTC_BOOTSTRAP=1
fi
flags=(-O --debug-assertions)

seeds_of() {
  case "$1" in
    sgf_read | sgf_replay) echo seeds/sgf ;;
    *) echo "seeds/$1" ;;
  esac
}

echo "== fuzz: build (${toolchain[*]:-stable with RUSTC_BOOTSTRAP=1})"
cargo "${toolchain[@]}" fuzz build "${flags[@]}"

failed=()
logs=${FUZZ_LOGS:-logs}
mkdir -p "$logs"
# CPU time of each run (user + system), when GNU time is there.
timer=()
if [ -x /usr/bin/time ]; then timer=(/usr/bin/time -f '%U %S' -o); fi
for t in "${targets[@]}"; do
  mkdir -p "corpus/$t"
  echo "== fuzz: $t for ${seconds}s"
  if ${timer[@]:+"${timer[@]}" "$logs/$t.cpu"} cargo "${toolchain[@]}" fuzz run "${flags[@]}" "$t" "corpus/$t" "$(seeds_of "$t")" -- \
    -max_total_time="$seconds" -rss_limit_mb="${FUZZ_RSS_MB:-2048}" \
    -timeout="${FUZZ_TIMEOUT:-20}" -print_final_stats=1 >"$logs/$t.log" 2>&1; then
    grep -E '^Done' "$logs/$t.log" | tail -1 || true
    if [ -s "$logs/$t.cpu" ]; then
      awk '{ printf "cpu: %.0f s (user + system)\n", $1 + $2 }' "$logs/$t.cpu"
    fi
  else
    echo "fuzz: $t FAILED (log: fuzz/$logs/$t.log, inputs: fuzz/artifacts/$t/)" >&2
    tail -40 "$logs/$t.log" >&2
    failed+=("$t")
  fi
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz: crashes in ${failed[*]}" >&2
  exit 1
fi
echo "== fuzz: ok (${#targets[@]} targets, ${seconds}s each)"
