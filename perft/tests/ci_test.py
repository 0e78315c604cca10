#!/usr/bin/env python3
"""Results where CI systems look: perft suite/verify --junit and
--github, perft bench's github-action-benchmark and Bencher BMF JSON, the same
formats from the performance gate (benchmarks/track.py), and the jobs of
docs/ci.md.

Usage: ci_test.py GROUP PERFT PLANTED_ENGINE SOURCE_DIR
GROUP: junit, github, bench, track-formats, ci-docs.
Every check asserts; each failed one is printed, and any makes the exit status 1.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

GROUP, PERFT, PLANTED, SRC = sys.argv[1:5]
TMP = tempfile.mkdtemp(prefix="ci_test_")
XSD = os.path.join(SRC, "perft/tests/junit.xsd")
failures = []


def run(args, env=None, timeout=300):
    p = subprocess.run(args, capture_output=True, text=True, timeout=timeout,
                       env=dict(os.environ, **(env or {})))
    return p.returncode, p.stdout, p.stderr


def check(ok, what):
    if not ok:
        failures.append(what)
        print("FAILED: " + what)


def valid_junit(path, what):
    code, out, err = run(["xmllint", "--noout", "--schema", XSD, path])
    check(code == 0, "%s: not valid against junit.xsd: %s" % (what, err))
    return open(path).read()


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
    check('name="D2" classname="bad (emergo)"' in text and 'line="2"' in text and
          "expected 1, got" in text, "suite: the failing case with its line and why: " + text)
    check("&lt;&amp;&gt;" in text and "<&>" not in text, "suite: markup escaped: " + text)
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
                          "--junit", xml])
    check(code == 2, "verify --suite with errors: exit %d %s %s" % (code, out, err))
    text = valid_junit(xml, "verify --suite")
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


def bench_untimed(out, exported, bmf=None):
    """Each line of perft bench: a rate from a median of 0.010 s or more, and
    then exported; else no rate, and not exported. The lines without one."""
    untimed = 0
    for line in out.splitlines():
        name = line.split(":")[0]
        median = float(line.split(", median ")[1].split()[0])
        if median < 0.01:
            untimed += 1
            check(line.endswith(", no nodes/s: under 0.01 s, too short to time, not exported") and
                  name not in exported and name not in (bmf or {}), "untimed: %r" % line)
        else:
            check(line.endswith(" nodes/s") and name in exported and (bmf is None or name in bmf),
                  "timed: %r" % line)
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
    check(len(out.splitlines()) == len(names) + bench_untimed(out, names),
          "one line per position: " + out)
    # A median too short to time has no rate, printed or exported (the count
    # refuses one below 0.01 s; bench printed and exported it).
    open(os.path.join(TMP, "no-midgames.perft"), "w").close()
    code, out, err = run([PERFT, "bench", "emergo", "--engine", PERFT + " serve emergo",
                          "--suite", os.path.join(TMP, "no-midgames.perft"), "--max-nodes", "40",
                          "--repeat", "3", "--github-benchmark", gh, "--bmf", bmf])
    check(code == 0 and out.startswith("emergo start D1: 40 nodes, median "), "D1: %s" % err)
    bench_untimed(out, [e["name"] for e in json.load(open(gh))], json.load(open(bmf)))
    code, out, err = run([PERFT, "bench", "emergo", "--engine", PERFT + " serve emergo",
                          "--suite", os.path.join(TMP, "no-midgames.perft"), "--max-nodes", "40",
                          "--json"])
    j = json.loads(out) if code == 0 else {}
    check(code == 0 and len(j.get("benchmarks", [])) + len(j.get("too_short_to_time", [])) == 1,
          "--json: the start in benchmarks or too_short_to_time: %r %s" % (j, err))
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
                          "--github-benchmark", gh, "--bmf", bmf])
    check(code == 2 and not any(os.path.exists(f) for f in (gh, bmf)),
          "failed bench removes the last results: %d %s" % (code, err))
    fresh = os.path.join(TMP, "fresh.json")
    code, out, err = run([PERFT, "bench", "emergo", "--engine", "exit 3", "--max-nodes", "100",
                          "--bmf", fresh])
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
        def cut(line):  # a rate, or none for a median too short to time
            return re.sub(r"median [0-9.]+ s of (\d+), (\d+ nodes/s|no nodes/s: under 0\.01 s, "
                          r"too short to time, not exported)", r"median of \1", line)
        shown = [cut(l[2:]) for l in example.group(2).splitlines()]
        check(p.returncode == 0 and [cut(l) for l in p.stdout.splitlines()] == shown,
              "bench example: %r, ran %r %s" % (shown, p.stdout, p.stderr))


{"junit": junit, "github": github, "bench": bench, "track-formats": track_formats,
 "ci-docs": ci_docs}[GROUP]()
shutil.rmtree(TMP, ignore_errors=True)
print("%s: %s" % (GROUP, "FAILED" if failures else "passed"))
sys.exit(1 if failures else 0)
