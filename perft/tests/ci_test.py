#!/usr/bin/env python3
"""Results where CI systems look: perft suite/verify/replay --junit (valid
against Jenkins xUnit's schema, read by a real consumer, junitparser) and
--github, perft bench's github-action-benchmark and Bencher BMF JSON, the same
formats from the performance gate (benchmarks/track.py), and the jobs of
docs/ci.md.

Usage: ci_test.py GROUP PERFT PLANTED_ENGINE SOURCE_DIR
GROUP: junit, junitparser, github, bench, track-formats, ci-docs.
Every check asserts; each failed one is printed, and any makes the exit status 1.
"""
import datetime
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

GROUP, PERFT, PLANTED, SRC = sys.argv[1:5]
TMP = tempfile.mkdtemp(prefix="ci_test_")
XSD = os.path.join(SRC, "perft/tests/junit.xsd")
JENKINS_XSD = os.path.join(SRC, "perft/tests/jenkins_junit.xsd")  # junit-10.xsd's constraints
failures = []


def run(args, env=None, timeout=300):
    p = subprocess.run(args, capture_output=True, text=True, timeout=timeout,
                       env=dict(os.environ, **(env or {})))
    return p.returncode, p.stdout, p.stderr


def check(ok, what):
    if not ok:
        failures.append(what)
        print("FAILED: " + what)


def valid_junit(path, what, file_attrs=False):
    """Valid against our typed schema; the default (no --junit-file-attrs)
    also against Jenkins xUnit's, and one with file and line not (a check that
    the transcribed schema does refuse them)."""
    code, out, err = run(["xmllint", "--noout", "--schema", XSD, path])
    check(code == 0, "%s: not valid against junit.xsd: %s" % (what, err))
    code, out, err = run(["xmllint", "--noout", "--schema", JENKINS_XSD, path])
    text = open(path).read()
    if file_attrs:
        check(code != 0 and "file" in err, "%s: file/line pass Jenkins' schema: %s" % (what, err))
    else:
        check(code == 0, "%s: not valid against jenkins_junit.xsd: %s" % (what, err))
        check(" file=" not in text and " line=" not in text, "%s: file/line attributes" % what)
    check("<testsuites " in text and " skipped=" not in text.split("<testsuite ")[0],
          "%s: skipped on <testsuites>" % what)
    started = re.search(r'timestamp="(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)"', text)
    if started:  # the run's start in UTC, not a date at midnight
        at = datetime.datetime.strptime(started.group(1), "%Y-%m-%dT%H:%M:%S")
        now = datetime.datetime.now(datetime.timezone.utc).replace(tzinfo=None)
        check(abs((now - at).total_seconds()) < 900, "%s: timestamp %s, now %s" % (what, at, now))
    else:
        check(False, "%s: no timestamp with a time" % what)
    return text


def nodes(depth, moves=""):
    code, out, err = run([PERFT, "emergo", "--depth", str(depth), "--moves", moves, "--json"])
    return json.loads(out)["nodes"]


def suite_text():
    """A suite with a passing line, a failing count (D2 1 after a1), a skip and a
    malformed line; the counts of the passing tests are our engine's (the test
    is about the outputs, not the counts)."""
    return ("emergo; start; D1 %d; D2 %d; id good; src t\n"
            "emergo; start; moves a1; D1 %d; D2 1; id bad; src t\n"
            "emergo; start; D5 59056880; id deep; src t\n"
            "emergo; start; D1 <&>; id markup; src t\n" % (nodes(1), nodes(2), nodes(1, "a1")))


def junit():
    suite = os.path.join(TMP, "s.perft")
    open(suite, "w").write(suite_text())
    xml = os.path.join(TMP, "suite.xml")
    code, out, err = run([PERFT, "suite", suite, "--max-nodes", "100000", "--junit", xml])
    check(code == 1, "suite: exit %d %s" % (code, err))
    text = valid_junit(xml, "suite")
    check(text.count("<testcase ") == 6, "suite: 6 test cases: " + text)
    check(text.count("<failure ") == 2 and text.count("<skipped ") == 1, "suite: verdicts")
    check('name="D2" classname="bad (emergo)"' in text and "expected 1, got" in text and
          ">%s:2\n" % suite in text, "suite: the failing case, its place in the body: " + text)
    check("&lt;&amp;&gt;" in text and "<&>" not in text, "suite: markup escaped: " + text)
    # --junit-file-attrs: file and line on each case (GitLab, GitHub reporters).
    code, out, err = run([PERFT, "suite", suite, "--max-nodes", "100000", "--junit", xml,
                          "--junit-file-attrs"])
    text = valid_junit(xml, "suite --junit-file-attrs", file_attrs=True)
    check(code == 1 and 'name="D2" classname="bad (emergo)"' in text and
          'file="%s" line="2"' % suite in text and ">%s:2\n" % suite not in text,
          "suite --junit-file-attrs: file and line: " + text)
    records = os.path.join(SRC, "fixtures/replays/playthroughs.txt")
    for args in (["suite", suite], ["replay", records],
                 ["verify", "emergo", "--engine", PERFT + " serve emergo"]):
        code, out, err = run([PERFT] + args + ["--junit-file-attrs"])
        check(code == 2 and out == "" and err.count("\n") == 1 and
              "--junit-file-attrs needs --junit" in err,
              "%s --junit-file-attrs alone: %d %r" % (args[0], code, err))
    # replay --junit-file-attrs: the record file and line on each game.
    code, out, err = run([PERFT, "replay", records, "--junit", xml, "--junit-file-attrs"])
    text = valid_junit(xml, "replay --junit-file-attrs", file_attrs=True)
    check(code == 0 and 'file="%s" line="3"' % records in text, "replay: file and line: " + text)
    # verify: a finding below the root, with its body (path, missing, reproducer).
    xml = os.path.join(TMP, "verify.xml")
    code, out, err = run([PERFT, "verify", "emergo", "--engine", PLANTED + " drop-capture",
                          "--depth", "4", "--junit", xml])
    check(code == 1, "verify: exit %d %s" % (code, err))
    text = valid_junit(xml, "verify")
    check(text.count("<testcase ") == 5, "verify: D1..D4 and the texts: " + text)
    check(text.count("<failure ") == 1 and text.count("<skipped ") == 1, "verify: verdicts")
    check("b2 a1 a3" in text and "a1xc3" in text and "reproduce: perft emergo" in text,
          "verify: the failure body: " + text)
    # verify --suite with an engine error on a line: <error>, file and line.
    suite = os.path.join(TMP, "v.perft")
    open(suite, "w").write("emergo; start; D1 81; id one; src t\n"
                           "emergo; start; moves a1; D1 80; id two; src t\n")
    xml = os.path.join(TMP, "verify_suite.xml")
    engine = ("python3 -c \"import sys\nfor l in sys.stdin:\n"
              " w=l.split()\n if w[:1]==['game'] or w[:1]==['position']: print('ok', flush=True)\n"
              " elif w[:1]==['divide']: sys.exit(4)\n else: print('err unsupported', flush=True)\"")
    code, out, err = run([PERFT, "verify", "emergo", "--engine", engine, "--suite", suite,
                          "--junit", xml, "--junit-file-attrs"])
    check(code == 2, "verify --suite with errors: exit %d %s %s" % (code, out, err))
    text = valid_junit(xml, "verify --suite", file_attrs=True)
    check(text.count("<error ") == 2 and 'line="2"' in text and suite in text,
          "verify --suite: errors with file and line: " + text)
    # A finding at the root is "at the root", never "after ''" (JUnit and --github).
    xml = os.path.join(TMP, "root.xml")
    code, out, err = run([PERFT, "verify", "emergo", "--engine", PLANTED + " missing ''",
                          "--depth", "2", "--junit", xml, "--github"],
                         env={"GITHUB_STEP_SUMMARY": ""})
    text = valid_junit(xml, "verify at the root")
    check(code == 1 and "first difference at the root" in text and "after ''" not in text,
          "root finding in JUnit: " + text)
    ann = [l for l in out.splitlines() if l.startswith("::error")]
    check(len(ann) == 1 and "first difference at the root" in ann[0] and "after ''" not in ann[0],
          "root finding in --github: %r" % ann)
    engine_bytes()
    depth_times()
    # A path that cannot be written is found before the run.
    code, out, err = run([PERFT, "suite", suite, "--junit", TMP])
    check(code == 2 and "--junit" in err and out == "", "bad --junit path: %r %r" % (out, err))
    code, out, err = run([PERFT, "suite", suite, "--update", "--junit", xml])
    check(code == 2 and "--junit and --github report a test run" in err, "--update: " + err)


# An engine in front of `perft serve` whose texts hold a NUL and a byte that is
# not UTF-8: an extra move in its divide, and its position text.
ODD_BYTES = r"""
import subprocess, sys
p = subprocess.Popen(sys.argv[1:], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
for line in sys.stdin.buffer:
    p.stdin.write(line); p.stdin.flush()
    if line.split()[:1] == [b"quit"]:
        break
    while True:
        reply = p.stdout.readline()
        if line.startswith(b"divide") and reply.startswith(b"total "):
            reply = b"x\x00\xff 1\ntotal %d\n" % (int(reply.split()[1]) + 1)
        elif reply.startswith(b"text "):
            reply = reply.rstrip(b"\n") + b"\x00\xff\n"
        sys.stdout.buffer.write(reply)
        if not line.startswith(b"divide") or reply.startswith((b"total", b"err")) or \
                b"\ntotal " in reply:
            break
    sys.stdout.buffer.flush()
"""


def engine_bytes():
    """An engine's NUL and 0xFF bytes are shown escaped in the
    text, and the JUnit file stays XML (xmllint: "Input is not proper UTF-8")."""
    script = os.path.join(TMP, "odd_bytes.py")
    open(script, "w").write(ODD_BYTES)
    xml = os.path.join(TMP, "odd.xml")
    p = subprocess.run([PERFT, "verify", "emergo", "--engine",
                        "python3 %s %s serve emergo" % (script, PERFT), "--junit", xml],
                       capture_output=True, timeout=120)
    out = p.stdout
    check(p.returncode == 1 and b"\\x00\\xff" in out and b"\x00" not in out and
          b"\xff" not in out, "odd bytes shown escaped: %d %r %r" % (p.returncode, out, p.stderr))
    check(b"extra (the engine has them, ours not) (1): x\\x00\\xff" in out,
          "the extra move, escaped: %r" % out)
    check(b"position (engine): " in out, "the engine's position text: %r" % out)
    valid_junit(xml, "verify with odd bytes")
    data = open(xml, "rb").read()
    check(b"\x00" not in data and b"\xff" not in data, "no raw bytes in the JUnit file")


def case_times(text):
    """{test case name: its time} and the suite's time."""
    cases = dict(re.findall(r'<testcase name="([^"]+)" classname="[^"]*" time="([0-9.]+)"', text))
    suite = re.search(r'<testsuite [^>]* time="([0-9.]+)"', text)
    return {k: float(v) for k, v in cases.items()}, float(suite.group(1)) if suite else -1


def depth_times():
    """verify: each depth its own time (the whole root's time no longer lands
    on its last case): D4 takes longer than D1, the texts (the root's only) less
    than D4, and the cases add up to about the suite's time."""
    xml = os.path.join(TMP, "times.xml")
    code, out, err = run([PERFT, "verify", "emergo", "--engine", PERFT + " serve emergo",
                          "--depth", "4", "--text-depth", "0", "--junit", xml])
    text = valid_junit(xml, "verify --depth 4")
    cases, total = case_times(text)
    depths = [cases.get("D%d" % d, -1) for d in range(1, 5)]
    texts = cases.get("texts to depth 0", -1)
    check(code == 0 and min(depths) >= 0 and depths[3] > 0 and depths[3] >= depths[0] and
          0 <= texts < depths[3] and 0.5 * total - 0.01 <= sum(cases.values()) <= total + 0.01,
          "verify per-depth times: %r (texts %r) of %r: %s" % (depths, texts, total, err))


def junitparser_read():
    """Each kind of JUnit file we write, as a real consumer reads it: Debian's
    python3-junitparser (suites, cases, verdicts, times)."""
    from junitparser import Error, Failure, JUnitXml, Skipped  # Debian python3-junitparser

    def read(path):
        doc = JUnitXml.fromfile(path)
        suites = list(doc) if isinstance(doc, JUnitXml) else [doc]
        check(len(suites) == 1, "%s: one suite: %r" % (path, suites))
        return suites[0]

    def verdicts(suite):
        got = {"pass": 0, "fail": 0, "error": 0, "skip": 0}
        for case in suite:
            result = case.result if isinstance(case.result, list) else [case.result]
            result = [r for r in result if r is not None]
            kind = ("fail" if any(isinstance(r, Failure) for r in result) else
                    "error" if any(isinstance(r, Error) for r in result) else
                    "skip" if any(isinstance(r, Skipped) for r in result) else "pass")
            got[kind] += 1
            check(case.time is not None and case.time >= 0, "%s: a time" % case.name)
        return got

    def counts(suite, what, tests, failures, errors, skipped):
        got = verdicts(suite)
        check((suite.tests, suite.failures, suite.errors, suite.skipped) ==
              (tests, failures, errors, skipped) and
              got == {"pass": tests - failures - errors - skipped, "fail": failures,
                      "error": errors, "skip": skipped},
              "%s: tests/failures/errors/skipped %r, cases %r" %
              (what, (suite.tests, suite.failures, suite.errors, suite.skipped), got))
        check(suite.time is not None and suite.time >= sum(c.time for c in suite) - 0.01,
              "%s: the suite's time %r holds its cases'" % (what, suite.time))
        check(re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d", suite.timestamp or ""),
              "%s: timestamp %r" % (what, suite.timestamp))

    # perft suite: pass, fail, skip, malformed.
    path = os.path.join(TMP, "s.perft")
    open(path, "w").write(suite_text())
    xml = os.path.join(TMP, "jp_suite.xml")
    run([PERFT, "suite", path, "--max-nodes", "100000", "--junit", xml])
    suite = read(xml)
    counts(suite, "suite", 6, 2, 0, 1)
    bad = [c for c in suite if c.name == "D2" and c.classname == "bad (emergo)"]
    check(bad and isinstance(bad[0].result[0] if isinstance(bad[0].result, list) else
                             bad[0].result, Failure) and "expected 1, got" in
          (bad[0].result[0] if isinstance(bad[0].result, list) else bad[0].result).message,
          "suite: the failing case as junitparser reads it")
    # The same with --junit-file-attrs (junitparser ignores what it does not know).
    run([PERFT, "suite", path, "--max-nodes", "100000", "--junit", xml, "--junit-file-attrs"])
    counts(read(xml), "suite --junit-file-attrs", 6, 2, 0, 1)
    # perft verify: D1..D4 (D4 fails), the texts skipped.
    xml = os.path.join(TMP, "jp_verify.xml")
    run([PERFT, "verify", "emergo", "--engine", PLANTED + " drop-capture", "--depth", "4",
         "--junit", xml])
    suite = read(xml)
    counts(suite, "verify", 5, 1, 0, 1)
    check([c.name for c in suite] == ["D1", "D2", "D3", "D4", "texts to depth 2"],
          "verify: the cases in order: %r" % [c.name for c in suite])
    # perft verify of a passing engine: every depth has its own time.
    xml = os.path.join(TMP, "jp_pass.xml")
    run([PERFT, "verify", "emergo", "--engine", PERFT + " serve emergo", "--depth", "4",
         "--text-depth", "0", "--junit", xml])
    suite = read(xml)
    counts(suite, "verify, passing", 5, 0, 0, 0)
    times = {c.name: c.time for c in suite}
    check(times.get("D4", 0) > 0 and times.get("D4", 0) > times.get("texts to depth 0", 1),
          "verify: D4's own time: %r" % times)
    # perft verify --suite with engine errors.
    path = os.path.join(TMP, "jp.perft")
    open(path, "w").write("emergo; start; D1 81; id one; src t\n"
                          "emergo; start; moves a1; D1 80; id two; src t\n")
    xml = os.path.join(TMP, "jp_errors.xml")
    run([PERFT, "verify", "emergo", "--engine", "exit 4", "--suite", path, "--junit", xml])
    suite = read(xml)
    check(suite.errors >= 1 and verdicts(suite)["error"] == suite.errors,
          "verify, engine errors: %r errors, %r" % (suite.errors, verdicts(suite)))
    # perft replay: a passing and a failing record.
    records = open(os.path.join(SRC, "fixtures/replays/playthroughs.txt")).read().splitlines()
    good = [l for l in records if l.strip() and not l.startswith("#")][0]
    fields = good.split("; ")  # the same game, its first move one that is never legal
    wrong = "; ".join("moves z9 " + f.split(" ", 2)[2] if f.startswith("moves ") else
                      "id wrong" if f.startswith("id ") else f for f in fields)
    path = os.path.join(TMP, "jp_records.txt")
    open(path, "w").write(good + "\n" + wrong + "\n")
    xml = os.path.join(TMP, "jp_replay.xml")
    code, out, err = run([PERFT, "replay", path, "--junit", xml])
    if code == 1:
        counts(read(xml), "replay", 2, 1, 0, 0)
    else:
        check(False, "replay with a wrong record: exit %d %s" % (code, err))


def github():
    suite = os.path.join(TMP, "s.perft")
    open(suite, "w").write(suite_text())
    summary = os.path.join(TMP, "summary.md")
    open(summary, "w").write("before\n")
    code, out, err = run([PERFT, "suite", suite, "--max-nodes", "100000", "--github"],
                         env={"GITHUB_STEP_SUMMARY": summary})
    check(code == 1, "suite --github: exit %d %s" % (code, err))
    ann = [l for l in out.splitlines() if l.startswith("::")]
    check(len(ann) == 2, "two annotations: " + repr(ann))
    want = "::error file=%s,line=2,title=bad (emergo) D2::expected 1, got " % suite
    check(any(l.startswith(want) for l in ann), "annotation at the line: %r" % ann)
    check(all("\n" not in l for l in ann) and any("%0A" in l for l in ann),
          "multi-line bodies are escaped: %r" % ann)
    text = open(summary).read()
    check(text.startswith("before\n### perft suite") and "FAILED" in text and
          "3 passed, 2 failed, 0 errors, 1 skipped" in text and "| bad (emergo) D2 |" in text,
          "step summary appended: " + text)
    code, out, err = run([PERFT, "verify", "emergo", "--engine", PLANTED + " drop-capture",
                          "--depth", "4", "--github"], env={"GITHUB_STEP_SUMMARY": ""})
    ann = [l for l in out.splitlines() if l.startswith("::error")]
    check(code == 1 and len(ann) == 1 and ann[0].startswith("::error title=emergo start D4::"),
          "verify --github: %r %s" % (ann, err))


def bench_formats(gh, bmf, unit, measure):
    """github-action-benchmark's custom JSON: an array of {name, unit, value}
    (range and extra optional strings); Bencher's BMF: name -> measure ->
    {value, lower_value?, upper_value?}, numbers."""
    check(isinstance(gh, list) and gh, "github-benchmark: a non-empty array")
    for e in gh:
        check(set(e) <= {"name", "unit", "value", "range", "extra"} and
              isinstance(e.get("name"), str) and e.get("unit") == unit and
              isinstance(e.get("value"), (int, float)) and e["value"] > 0 and
              all(isinstance(e.get(k, ""), str) for k in ("range", "extra")),
              "github-benchmark entry: %r" % e)
    check(len({e["name"] for e in gh}) == len(gh), "names unique")
    check(isinstance(bmf, dict) and set(bmf) == {e["name"] for e in gh}, "bmf: the same names")
    for name, measures in bmf.items():
        m = measures.get(measure, {})
        check(set(measures) == {measure} and isinstance(m.get("value"), (int, float)) and
              set(m) <= {"value", "lower_value", "upper_value"} and
              m.get("lower_value", m["value"]) <= m["value"] <= m.get("upper_value", m["value"]),
              "bmf %s: %r" % (name, measures))


BENCH_LINE = re.compile(r"(.+): (\d+) nodes, median ([0-9.]+) s of (\d+)(?: batches of (\d+) runs)?, "
                        r"(\d+) nodes/s|(.+): (\d+) nodes, median ([0-9.]+) s of (\d+)(?: batches of "
                        r"(\d+) runs)?, no nodes/s: under 0\.01 s, too short to time, not exported")


def bench_untimed(out, exported, bmf=None, repeat=3):
    """Each line of perft bench: a run under 0.1 s is timed in batches of the
    same request, so a rate (nodes over the median run) is exported; no rate
    only when a batch of the most requests is still under 0.01 s. The lines
    without one."""
    untimed = 0
    for line in out.splitlines():
        m = BENCH_LINE.fullmatch(line)
        check(m, "a bench line: %r" % line)
        if not m:
            continue
        if m.group(1):
            name, nodes, median, runs, batch, rate = m.group(1, 2, 3, 4, 5, 6)
            check(name in exported and (bmf is None or name in bmf), "timed: %r" % line)
            # The rate is the count over the median run (printed to the microsecond).
            seconds = float(median)
            check(seconds > 0 and abs(int(nodes) / seconds - int(rate)) <=
                  int(rate) * (0.01 + 1e-6 / seconds) + 1, "the rate of the median run: %r" % line)
            # A batch lasts about 0.1 s or more: a short run is repeated.
            check(float(median) * int(batch or 1) >= 0.02, "a batch long enough: %r" % line)
        else:
            untimed += 1
            name, batch = m.group(7), m.group(11)
            check(name not in exported and name not in (bmf or {}) and int(batch or 1) == 65536,
                  "untimed only at the largest batch: %r" % line)
        check(int((m.group(4) or m.group(10))) == repeat, "--repeat runs: %r" % line)
    return untimed


def bench():
    gh, bmf = os.path.join(TMP, "gh.json"), os.path.join(TMP, "bmf.json")
    code, out, err = run([PERFT, "bench", "emergo", "--engine", PERFT + " serve emergo",
                          "--suite", os.path.join(SRC, "fixtures/emergo_midgame.perft"),
                          "--max-nodes", "3000000", "--repeat", "2",
                          "--github-benchmark", gh, "--bmf", bmf])
    check(code == 0, "bench: exit %d %s" % (code, err))
    gh_doc, bmf_doc = json.load(open(gh)), json.load(open(bmf))
    bench_formats(gh_doc, bmf_doc, "nodes/s", "throughput")
    names = [e["name"] for e in gh_doc]
    check(out.startswith("emergo start D") and len(out.splitlines()) > 1,
          "start and midgames: %r" % out)
    check(len(out.splitlines()) == len(names) + bench_untimed(out, names, repeat=2),
          "one line per position: " + out)
    # A run far under 0.1 s (perft 1, 40 nodes) is repeated in batches until
    # it is measurable: a rate, exported, with a spread below the value.
    empty = os.path.join(TMP, "no-midgames.perft")
    open(empty, "w").close()
    started = time.monotonic()
    code, out, err = run([PERFT, "bench", "emergo", "--engine", PERFT + " serve emergo",
                          "--suite", empty, "--max-nodes", "40",
                          "--repeat", "3", "--github-benchmark", gh, "--bmf", bmf])
    took = time.monotonic() - started
    check(code == 0 and out.startswith("emergo start D1: 40 nodes, median ") and
          " batches of " in out, "D1 in batches: %r %s" % (out, err))
    gh_doc = json.load(open(gh))
    check(bench_untimed(out, [e["name"] for e in gh_doc], json.load(open(bmf))) == 0,
          "D1 timed: " + out)
    check(took < 30, "the batches are bounded: %.1f s" % took)
    for e in gh_doc:
        spread = int(e["range"].lstrip("+-"))
        check(spread < e["value"] and "batches of" in e["extra"],
              "the spread below the value, the batch named: %r" % e)
    code, out, err = run([PERFT, "bench", "emergo", "--engine", PERFT + " serve emergo",
                          "--suite", empty, "--max-nodes", "40", "--json"])
    j = json.loads(out) if code == 0 else {}
    check(code == 0 and len(j.get("benchmarks", [])) == 1 and "too_short_to_time" not in j,
          "--json: the start in benchmarks: %r %s" % (j, err))
    # Outside a checkout, without --suite: no silent start-only run, one line
    # and exit 2 (and no earlier results left).
    open(gh, "w").write("last results\n")
    p = subprocess.run([PERFT, "bench", "emergo", "--engine", PERFT + " serve emergo",
                        "--github-benchmark", gh], cwd=TMP, capture_output=True, text=True,
                       timeout=60)
    check(p.returncode == 2 and p.stdout == "" and len(p.stderr.splitlines()) == 1 and
          "fixtures/emergo_midgame.perft" in p.stderr and "--suite FILE" in p.stderr and
          not os.path.exists(gh), "bench outside a checkout: %d %r" % (p.returncode, p.stderr))
    # From a checkout the midgames are found.
    p = subprocess.run([PERFT, "bench", "emergo", "--engine", PERFT + " serve emergo",
                        "--max-nodes", "2000", "--repeat", "1"], cwd=SRC, capture_output=True,
                       text=True, timeout=120)
    check(p.returncode == 0 and len(p.stdout.splitlines()) > 1,
          "bench from the checkout: %d %r %s" % (p.returncode, p.stdout, p.stderr))
    # A wrong engine has no speed: an error, exit 2.
    code, out, err = run([PERFT, "bench", "emergo", "--engine", PLANTED + " last-ply",
                          "--suite", os.path.join(TMP, "none.perft")])
    check(code == 2 and len(err.splitlines()) == 1, "missing suite: " + err)
    wrong = os.path.join(TMP, "wrong.perft")
    open(wrong, "w").write("emergo; start; moves a1 a9; D1 80; id w; src t\n")
    code, out, err = run([PERFT, "bench", "emergo", "--engine", PLANTED + " last-ply",
                          "--suite", wrong, "--max-nodes", "100"])
    check(code == 2 and "its speed means nothing" in err, "wrong engine: %d %s" % (code, err))
    # A failed run leaves no earlier run's results to be read as its own.
    for f in (gh, bmf):
        open(f, "w").write("last results\n")
    code, out, err = run([PERFT, "bench", "emergo", "--engine", "exit 3", "--max-nodes", "100",
                          "--suite", empty, "--github-benchmark", gh, "--bmf", bmf])
    check(code == 2 and not any(os.path.exists(f) for f in (gh, bmf)) and "engine" in err,
          "failed bench removes the last results: %d %s" % (code, err))
    fresh = os.path.join(TMP, "fresh.json")
    code, out, err = run([PERFT, "bench", "emergo", "--engine", "exit 3", "--max-nodes", "100",
                          "--suite", empty, "--bmf", fresh])
    check(code == 2 and not os.path.exists(fresh), "failed bench creates no file: " + err)


def track_formats():
    import importlib.util
    sys.dont_write_bytecode = True  # no __pycache__ in the source tree
    spec = importlib.util.spec_from_file_location("track", os.path.join(SRC, "benchmarks/track.py"))
    track = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(track)
    workloads = {"emergo/start": {"instructions": 123456789, "nodes": 1000},
                 "eximo/midgame": {"instructions": 987654, "nodes": 20}}
    gh, bmf = track.ci_formats(workloads)
    bench_formats(gh, bmf, "instructions", "instructions")
    check([e["value"] for e in gh] == [123456789, 987654], "the counts as they are: %r" % gh)
    track.write_ci_formats(TMP, workloads)
    check(json.load(open(os.path.join(TMP, "github-benchmark.json"))) == gh and
          json.load(open(os.path.join(TMP, "bmf.json"))) == bmf, "files written")


def ci_docs():
    import yaml  # Debian python3-yaml
    text = open(os.path.join(SRC, "docs/ci.md")).read()
    blocks = re.findall(r"```yaml\n(.*?)```", text, re.S)
    check(len(blocks) == 2, "two YAML blocks in docs/ci.md")
    docs = [yaml.safe_load(b) for b in blocks]
    gha, gitlab = docs
    # PyYAML reads `on:` as the boolean true (YAML 1.1); GitHub reads it as "on".
    check(("on" in gha or True in gha) and "jobs" in gha, "GitHub Actions: on and jobs")
    for name, job in gha.get("jobs", {}).items():
        check("runs-on" in job and job.get("steps"), "job %s: runs-on and steps" % name)
        for step in job.get("steps", []):
            check(("run" in step) != ("uses" in step), "step with run or uses: %r" % step)
    jobs = {k: v for k, v in gitlab.items() if isinstance(v, dict) and "script" in v}
    check(jobs and all(isinstance(j["script"], list) for j in jobs.values()) and
          all(j.get("stage") in gitlab.get("stages", []) for j in jobs.values()),
          "GitLab CI: jobs with a script in a stage")
    check(any(j.get("artifacts", {}).get("reports", {}).get("junit") for j in jobs.values()),
          "GitLab CI: the JUnit report")
    # GitHub: a JUnit reporter step on the verify file (with file and line),
    # and the benchmark tracker alerts on a slowdown and fails the job.
    steps = [s for job in gha.get("jobs", {}).values() for s in job.get("steps", [])]
    reporter = [s for s in steps if str(s.get("uses", "")).startswith("mikepenz/action-junit-report")]
    check(reporter and reporter[0].get("if") == "always()" and
          reporter[0].get("with", {}).get("report_paths") == "verify.xml",
          "GitHub: the JUnit reporter step: %r" % reporter)
    tracker = [s for s in steps if str(s.get("uses", "")).startswith(
        "benchmark-action/github-action-benchmark")]
    check(tracker and tracker[0].get("with", {}).get("alert-threshold") == "150%" and
          tracker[0]["with"].get("fail-on-alert") is True,
          "GitHub: the benchmark alert threshold: %r" % tracker)
    # Jenkins: a pipeline (Groovy) that records the default JUnit file, which
    # is valid against xUnit's schema: no --junit-file-attrs there.
    jenkins = re.findall(r"```groovy\n(.*?)```", text, re.S)
    check(len(jenkins) == 1 and "junit " in jenkins[0] and "xunit" in jenkins[0] and
          "perft verify" in jenkins[0] and "--junit-file-attrs" not in jenkins[0],
          "the Jenkins pipeline: %r" % jenkins)
    blocks = blocks + jenkins
    # Every perft option the jobs use exists.
    # (Continued lines first: "[^\n]*(?:\\\n...)*" stopped at the first line.)
    commands = re.findall(r"perft (verify|suite|bench) ((?:[^\n]*\\\n)*[^\n]*)",
                          "\n".join(blocks))
    check(len(commands) >= 3, "perft commands in the jobs: %r" % commands)
    for command, rest in commands:
        code, help_text, _ = run([PERFT, command, "--help"])
        for option in re.findall(r"(--[a-z-]+)", rest):
            check(option in help_text, "perft %s has no %s" % (command, option))
        # GitHub annotates only files of the repository: a suite outside it
        # (an absolute path) gives annotations that point nowhere.
        if command == "verify" and "--github" in rest:
            suite = re.search(r"--suite (\S+)", rest)
            check(suite and not suite.group(1).startswith(("/", "$")),
                  "--github with a suite inside the workspace: %r" % rest)
    # auto-push of the benchmark history writes to the repository.
    for name, job in gha.get("jobs", {}).items():
        if any(step.get("with", {}).get("auto-push") for step in job.get("steps", [])):
            check(job.get("permissions", {}).get("contents") == "write",
                  "job %s pushes: permissions contents: write" % name)
    # The page names this test as CTest does.
    named = re.search(r"test `([^`]+)` parses every YAML block", text)
    check(named and named.group(1) == "ci_ci-docs", "the test's name: %r" % (named and named.group(0)))
    # The bench example's output is a real run's: the same positions, depths
    # and counts (not the times), run as written from the checkout.
    example = re.search(r"```sh\n(build/bin/perft bench [^\n]*(?:\\\n[^\n]*)*)\n((?:# [^\n]*\n)+)```",
                        text)
    check(example, "the perft bench example")
    if example:
        command = example.group(1).replace("\\\n", " ").replace("build/bin/perft", PERFT)
        for name in ("bench.json", "bmf.json"):
            command = command.replace(" " + name, " " + os.path.join(TMP, name))
        p = subprocess.run(["sh", "-c", command], cwd=SRC, capture_output=True, text=True,
                           timeout=600)
        def cut(line):  # the times, the batch sizes and the rates vary from run to run
            return re.sub(r"median [0-9.]+ s of (\d+)(?: batches of \d+ runs)?, (\d+ nodes/s|no "
                          r"nodes/s: under 0\.01 s, too short to time, not exported)",
                          r"median of \1", line)
        shown = [cut(l[2:]) for l in example.group(2).splitlines()]
        check(p.returncode == 0 and [cut(l) for l in p.stdout.splitlines()] == shown,
              "bench example: %r, ran %r %s" % (shown, p.stdout, p.stderr))


{"junit": junit, "junitparser": junitparser_read, "github": github, "bench": bench, "track-formats": track_formats,
 "ci-docs": ci_docs}[GROUP]()
shutil.rmtree(TMP, ignore_errors=True)
print("%s: %s" % (GROUP, "FAILED" if failures else "passed"))
sys.exit(1 if failures else 0)
