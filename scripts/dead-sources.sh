#!/usr/bin/env bash
# Dead-stone sources side by side on held-out records with the players' markup, in one run.
#
#   scripts/dead-sources.sh [GORULES] [-- SOURCE…]
#
# The games: ../shared/corpus/kgs/2017-0{1,2,3} records with TB/TW markup (412), none of them
# used to fit the estimator (docs/estimator.md, "Fit and measure: the split"). For each game
# and each source, one `gorules check FILE --rules recorded --dead SOURCE --format jsonl
# --jobs 1` (markup ignored except by the `markup` run, which is the reference):
#
#   estimate  the built-in estimator (proofs first)
#   engine    GNU Go 3.8 through --dead engine (proofs win; GNU GO=… sets the command)
#   proved    proofs only (a count left with undecided points is a range: never "equal")
#   none      the board as it stands: the baseline of the time per position
#
# Exactness: the share of games whose count (JSON score.margin, signed, under the ruleset of
# the record's RU) equals the markup's count, and is within one point of it. Time per
# position: the wall time of a source's run less that of `--dead none` on the same game
# (reading, replaying and starting the process are the same in both), median and p99.
# Prints the machine (nproc, lscpu, load) and a Markdown table for docs/estimator.md.
#
# GORULES defaults to target/release/gorules, built first. Needs python3 and, for `engine`,
# GNU Go (GNUGO, default: gnugo on the PATH, else /usr/games/gnugo). Takes about ten minutes,
# most of it GNU Go's.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
corpus=${CORPUS:-$(dirname "$root")/shared/corpus}
gorules=${1:-}
if [ -z "$gorules" ] || [ "$gorules" = -- ]; then
    (cd "$root" && cargo build --release -p gorules >&2)
    gorules=$root/target/release/gorules
fi
shift || true
[ "${1:-}" = -- ] && shift
sources=${*:-estimate engine proved}
gnugo=${GNUGO:-$(command -v gnugo || echo /usr/games/gnugo)}

echo "## Machine"
echo
echo '```'
echo "nproc: $(nproc)"
lscpu | head -n 15
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "gorules: $("$gorules" --version); GNU Go: $("$gnugo" --version 2>/dev/null | head -n 1)"
echo '```'
echo

python3 - "$gorules" "$corpus" "$gnugo" $sources <<'EOF'
import json
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

gorules, corpus, gnugo = sys.argv[1], Path(sys.argv[2]), sys.argv[3]
sources = sys.argv[4:]
files = sorted(
    f
    for month in ("2017-01", "2017-02", "2017-03")
    for f in (corpus / "kgs" / month).glob("*.sgf")
    if re.search(rb"T[BW]\[", f.read_bytes())
)
DEAD = {
    "markup": ["--dead", "markup"],
    "none": ["--dead", "none"],
    "estimate": ["--dead", "estimate"],
    "proved": ["--dead", "proved"],
    "engine": ["--dead", "engine", "--dead-engine", f"'{gnugo}' --mode gtp",
               "--engine-timeout", "120"],
}


def run(f, source):
    """The game's count (margin, undecided points, whether an engine contradicted a proof)
    or its error, and the wall time."""
    cmd = [gorules, "check", str(f), "--rules", "recorded", "--format", "jsonl",
           "--jobs", "1", "--exit-zero"] + DEAD[source]
    start = time.perf_counter()
    out = subprocess.run(cmd, capture_output=True, text=True).stdout
    elapsed = time.perf_counter() - start
    for line in out.splitlines():
        rec = json.loads(line)
        if rec["type"] == "game":
            v = rec["verdicts"][0] if rec["verdicts"] else {}
            s = v.get("score")
            if s is None:
                return ("no count", None, False), elapsed
            contradicts = any(
                x["code"] == "engine-contradicts-proof" for x in v.get("findings", [])
            )
            return (s["margin"], s.get("undecided", 0), contradicts), elapsed
        if rec["type"] == "error":
            return ("error: " + rec["message"], None, False), elapsed
    return ("no game", None, False), elapsed


def pct(n, d):
    return f"{100 * n / d:.1f} %" if d else "–"


def ms(xs):
    xs = sorted(xs)
    if not xs:
        return "–", "–"
    p99 = xs[min(len(xs) - 1, round(0.99 * (len(xs) - 1)))]
    return f"{1000 * statistics.median(xs):.1f} ms", f"{1000 * p99:.1f} ms"


results = {s: [] for s in ["markup", "none"] + sources}
errors = {s: [] for s in sources}
contradicted = []
start_all = time.time()
for i, f in enumerate(files):
    for s in results:
        (count, undecided, contradicts), t = run(f, s)
        results[s].append((count, undecided, t))
        if contradicts:
            contradicted.append(f.name)
        if isinstance(count, str) and s in errors:
            errors[s].append(f"{f.name}: {count}")
    if (i + 1) % 50 == 0:
        print(f"{i + 1} of {len(files)} games, {time.time() - start_all:.0f} s",
              file=sys.stderr)

print(f"## {len(files)} KGS 2017 games with markup, `--rules recorded`\n")
print("| source | games | score equal to the markup's | within one point | "
      "time per position, median | p99 |")
print("|---|---|---|---|---|---|")
for s in sources:
    equal = within = 0
    times = []
    for (ref, _, _), (count, undecided, t), (_, _, base) in zip(
        results["markup"], results[s], results["none"]
    ):
        times.append(max(0.0, t - base))
        if isinstance(ref, str) or isinstance(count, str) or undecided:
            continue
        equal += count == ref
        within += abs(count - ref) <= 1
    med, p99 = ms(times)
    print(f"| {s} | {len(files)} | {equal} ({pct(equal, len(files))}) | "
          f"{within} ({pct(within, len(files))}) | {med} | {p99} |")
base = [t for _, _, t in results["none"]]
med, p99 = ms(base)
print(f"\nBaseline (`--dead none`, the whole process): median {med}, p99 {p99}.")
if "engine" in sources:
    print(f"\nengine: the proofs overruled GNU Go (finding engine-contradicts-proof) in "
          f"{len(contradicted)} game(s){': ' if contradicted else ''}"
          f"{', '.join(contradicted[:20])}{' …' if len(contradicted) > 20 else ''}.")
for s in sources:
    if errors[s]:
        print(f"\n{s}: {len(errors[s])} game(s) without a count:")
        for e in errors[s][:10]:
            print(f"- {e}")
print(f"\nTotal {time.time() - start_all:.0f} s; "
      f"load after: {' '.join(open('/proc/loadavg').read().split()[:3])}")
EOF
