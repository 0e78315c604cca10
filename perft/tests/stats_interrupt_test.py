#!/usr/bin/env python3
"""perft stats and Ctrl-C: SIGINT ends the run after the games under
way and reports the games played so far, exit 130; SIGTERM the same, exit 143.

Usage: stats_interrupt_test.py PERFT
Starts `perft stats emergo --games 1000000000` (days of play), sends SIGINT
after about a second, and checks the exit status, the word "interrupted" and
a games count above 0, in the text and in the --json output. Exit status 1 on
any failed check.
"""
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time

PERFT = sys.argv[1]
failures = []


def check(ok, what):
    if not ok:
        failures.append(what)
        print("FAILED: " + what)


def interrupted(*extra, sig=signal.SIGINT):
    p = subprocess.Popen([PERFT, "stats", "emergo", "--games", "1000000000", "--threads", "2",
                          *extra], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(1.0)
    check(p.poll() is None, "still running after 1 s (%s)" % (extra,))
    p.send_signal(sig)
    try:
        out, err = p.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        p.kill()
        out, err = p.communicate()
        check(False, "ended within 60 s of %s (%s)" % (sig.name, extra))
    check(p.returncode == 128 + sig, "exit %d after %s, got %s (%s): %s"
          % (128 + sig, sig.name, p.returncode, extra, err))
    return out


out = interrupted()
first = out.split("\n", 1)[0]
check("interrupted" in first, "the first line says interrupted: " + first)
m = re.match(r"perft stats: (\d+) random games each", first)
check(m is not None and int(m.group(1)) > 0, "a games count above 0: " + first)
m = re.search(r"^emergo \(engine\): (\d+) games$", out, re.M)
check(m is not None and int(m.group(1)) > 0, "the summary's games count above 0:\n" + out)

out = interrupted("--json")
try:
    j = json.loads(out)
    check(j["interrupted"] is True, "--json: interrupted true")
    check(0 < j["a"]["games"] < 1000000000, "--json: 0 < games played < games asked")
    check(j["games_asked"] == 1000000000, "--json: games_asked")
except (ValueError, KeyError) as e:
    check(False, "--json: one JSON object with interrupted and a.games: %s %r" % (e, out))

# SIGTERM (timeout, kill, Slurm's time limit) as Ctrl-C: the games so far and
# the report, exit 143. It printed nothing and wrote no report.
with tempfile.TemporaryDirectory() as tmp:
    report = os.path.join(tmp, "report.html")
    out = interrupted("--report", report, sig=signal.SIGTERM)
    first = out.split("\n", 1)[0]
    check("interrupted" in first, "SIGTERM: the first line says interrupted: " + first)
    check(os.path.isfile(report) and "<svg" in open(report).read(),
          "SIGTERM: the --report page is written")
    out = interrupted("--json", sig=signal.SIGTERM)
    try:
        check(json.loads(out)["interrupted"] is True, "SIGTERM --json: interrupted true")
    except ValueError as e:
        check(False, "SIGTERM --json: one JSON object: %s %r" % (e, out))

print("%d failed checks" % len(failures) if failures else "all checks passed")
sys.exit(1 if failures else 0)
