#!/usr/bin/env python3
"""scripts/variant_metrics.py: its table against the JSON of the runs it made.

Usage: stats_variant_metrics_test.py PERFT SOURCE_DIR
Runs the script on two variants with a few games, then checks the Markdown
table: its heading, one row per variant with every metric, each cell's A and B
values as the kept JSON gives them, bold exactly where p < 0.05, and n/a for
Ecalper's lead metrics. Exit status 1 on any failed check.
"""
import json
import os
import subprocess
import sys
import tempfile

PERFT, SOURCE = sys.argv[1], sys.argv[2]
failures = []


def check(ok, what):
    if not ok:
        failures.append(what)
        print("FAILED: " + what)


with tempfile.TemporaryDirectory() as tmp:
    kept = os.path.join(tmp, "runs.jsonl")
    script = os.path.join(SOURCE, "scripts", "variant_metrics.py")
    rows = []
    for only in ("drops=optional", "replace=last-added"):
        p = subprocess.run([sys.executable, script, PERFT, "--games", "60", "--only", only,
                            "--jsonl", kept], capture_output=True, text=True, timeout=300)
        check(p.returncode == 0, "variant_metrics.py --only %s: exit %d %s" %
              (only, p.returncode, p.stderr))
        lines = p.stdout.splitlines()
        check(len(lines) == 3, "heading, rule and one row: %r" % lines)
        check(lines[0].startswith("| variant (B; A = its default) | clause | players |"),
              "the heading: " + lines[0])
        run = json.loads(open(kept).read().splitlines()[0])
        rows.append((lines[-1], run))
    keys = ["balance", "advantage_p1", "completion", "drawishness", "duration", "branching",
            "lead_changes", "decisiveness"]
    for row, run in rows:
        cells = [c.strip() for c in row.strip("|").split("|")]
        check(len(cells) == 4 + len(keys), "a cell per metric: " + row)
        check(cells[3] == "60", "games each: " + row)
        for key, c in zip(keys, cells[4:]):
            a, b, d = run["a"]["metrics"][key], run["b"]["metrics"][key], run["metric_difference"][key]
            if not a["available"]:
                check(c == "n/a", "%s n/a: %s" % (key, c))
                continue
            k = 100 if key in ("balance", "advantage_p1", "completion", "drawishness",
                               "decisiveness") else 1
            digits = 0 if max(abs(a["value"]), abs(b["value"])) >= 1000 and k == 1 else 1
            want = "%.*f → %.*f" % (digits, k * a["value"], digits, k * b["value"])
            check(want in c, "%s: %s in %s" % (key, want, c))
            check(c.startswith("**") == (d["p"] < 0.05), "%s bold iff p < 0.05: %s" % (key, c))
    check(rows[0][0].startswith("| `eximo:drops=optional` | V4 | random |"), rows[0][0])
    check(rows[1][0].count("n/a") == 0, "Ecalper: lead changes and decisiveness by the largest group")
    check("**" in rows[1][0], "C4 changes Ecalper's branching: bold")
sys.exit(1 if failures else 0)
