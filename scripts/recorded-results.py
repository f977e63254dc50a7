#!/usr/bin/env python3
"""Recorded results of counted games without markup against `gorules check --rules recorded`.

For each source of ../shared/corpus named in SOURCES, runs
    gorules check DIR --rules recorded --format jsonl --exit-zero [extra args]
and counts, among the games whose record gives a numeric score (RE[B+3.5], not a resignation)
and carries no end-of-game markup, those whose count equals the record. Records listed in
scripts/recorded-set-aside.tsv (shown wrong) are left out of the percentages and listed.

usage: scripts/recorded-results.py GORULES [CORPUS] [-- extra check arguments]
"""
import json
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

SOURCES = ["ogs/9x9", "ogs/19x19", "fox", "kgs/2001", "special/gnugo", "computer"]


def main() -> None:
    args = sys.argv[1:]
    extra = []
    if "--" in args:
        i = args.index("--")
        args, extra = args[:i], args[i + 1:]
    binary = args[0]
    corpus = Path(args[1] if len(args) > 1 else Path(__file__).resolve().parents[2] / "shared" / "corpus")
    aside = {}
    for line in (Path(__file__).parent / "recorded-set-aside.tsv").read_text().splitlines():
        if line and not line.startswith("#"):
            f, why = line.split("\t", 1)
            aside[f] = why
    total = Counter()
    print(f"| source | counted, no markup | set aside | agrees | differs | other | agree % |")
    print("|---|---|---|---|---|---|---|")
    rows, set_aside, misses = [], [], []
    for src in SOURCES:
        start = time.time()
        out = subprocess.run(
            [binary, "check", str(corpus / src), "--rules", "recorded", "--format", "jsonl",
             "--exit-zero", *extra],
            capture_output=True, text=True, check=False,
        ).stdout
        c = Counter()
        for line in out.splitlines():
            g = json.loads(line)
            if g.get("type") != "game":
                continue
            outcome = (g.get("recorded_result") or {}).get("outcome") or {}
            if outcome.get("kind") != "score":
                continue
            verdicts = g.get("verdicts") or []
            if any((v.get("score") or {}).get("assessment") == "markup" for v in verdicts):
                continue
            rel = str(Path(g["file"]).resolve().relative_to(corpus.resolve()))
            if rel in aside:
                set_aside.append((rel, aside[rel]))
                c["aside"] += 1
                continue
            c["counted"] += 1
            status = (verdicts[0].get("check") or {}).get("status") if verdicts else "no-ruleset"
            if status == "agrees":
                c["agrees"] += 1
            elif status == "differs":
                c["differs"] += 1
                misses.append((rel, g["recorded_result"]["raw"], verdicts[0].get("result")))
            else:
                c["other"] += 1
                misses.append((rel, g["recorded_result"]["raw"], status))
        c["seconds"] = time.time() - start
        total.update(c)
        pct = 100.0 * c["agrees"] / max(c["counted"], 1)
        print(f"| {src} | {c['counted']} | {c['aside']} | {c['agrees']} | {c['differs']} | {c['other']} | {pct:.1f} |")
    pct = 100.0 * total["agrees"] / max(total["counted"], 1)
    print(f"| **all** | {total['counted']} | {total['aside']} | {total['agrees']} | {total['differs']} | {total['other']} | **{pct:.1f}** |")
    print(f"\n{total['seconds']:.1f} s for the six checks.")
    print("\nSet aside (shown wrong):")
    for f, why in sorted(set_aside):
        print(f"- `{f}`: {why}")
    Path("recorded-misses.tsv").write_text("".join(f"{a}\t{b}\t{c}\n" for a, b, c in misses))
    print(f"\n{len(misses)} games that do not agree: recorded-misses.tsv")


if __name__ == "__main__":
    main()
