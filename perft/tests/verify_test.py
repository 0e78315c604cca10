#!/usr/bin/env python3
"""perft serve and perft verify (issue 11), driven as a user would.

Usage: verify_test.py GROUP PERFT PLANTED_ENGINE SOURCE_DIR
GROUP: planted, bad-engines, serve, minimal, adapter-python, adapter-node, report.
Every check asserts; each failed one is printed, and any makes the exit status 1.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

GROUP, PERFT, PLANTED, SRC = sys.argv[1:5]
TMP = tempfile.mkdtemp(prefix="verify_test_")
failures = []


def run(args, stdin=None, env=None, timeout=120):
    p = subprocess.run(args, input=stdin, capture_output=True, text=True, timeout=timeout,
                       env=dict(os.environ, **(env or {})))
    return p.returncode, p.stdout, p.stderr


def check(ok, what):
    if not ok:
        failures.append(what)
        print("FAILED: " + what)


def verify(*args, env=None):
    return run([PERFT, "verify"] + list(args), env=env)


# Each planted bug: where verify must find it (the path is the first in byte
# order, the position the one where the move sets differ) and what it sees.
PLANTED_CASES = {
    "drop-capture": dict(path=["b2", "a1", "a3"], position="9/9/9/9/9/9/W8/1W7/B8 b 10 11",
                         missing=["a1xc3"], extra=[], first_depth=4),
    "extra-placement": dict(path=["a1", "a9", "c1"], position="B8/9/9/9/9/9/9/9/W1W6 b 10 11",
                            missing=[], extra=["a1"], first_depth=4),
    "last-ply": dict(path=["a1", "a9"], position="B8/9/9/9/9/9/9/9/W8 w 11 11", missing=[],
                     extra=[], first_depth=3),
    "text": dict(path=["c1", "c9"], position="2B6/9/9/9/9/9/9/9/2W6 w 11 11", missing=[],
                 extra=[], first_depth=0, engine_position="2B6/9/9/9/9/9/9/9/2W6 w 11 11 "),
}


def planted():
    for bug, want in PLANTED_CASES.items():
        fixture = os.path.join(TMP, bug + ".perft")
        code, out, err = verify("emergo", "--engine", PLANTED + " " + bug, "--depth", "4",
                                "--write-fixture", fixture, "--json")
        check(code == 1, "%s: exit %d, want 1 (%s)" % (bug, code, err))
        result = json.loads(out)
        check(result["result"] == "differ", bug + ": result " + result["result"])
        f = result["findings"][0]
        for key in ("path", "position", "missing", "extra", "first_depth"):
            check(f[key] == want[key], "%s: %s is %r, want %r" % (bug, key, f[key], want[key]))
        if "engine_position" in want:
            check(f.get("engine_position") == want["engine_position"], bug + ": engine text")
        # The regression line: one line, at the position, passing on ours and
        # failing on the buggy engine.
        lines = open(fixture).read().splitlines()
        check(len(lines) == 1 and ("; " + want["position"] + "; D1 ") in lines[0],
              bug + ": fixture line " + repr(lines))
        code, out, err = run([PERFT, "suite", fixture])
        check(code == 0 and "0 failed" in out, bug + ": perft suite on ours: " + out + err)
        code, out, err = verify("emergo", "--engine", PERFT + " serve emergo", "--suite", fixture)
        check(code == 0, bug + ": verify --suite against perft serve: " + out + err)
        code, out, err = verify("emergo", "--engine", PLANTED + " " + bug, "--suite", fixture)
        check(code == 1 and "FAIL line 1" in out, bug + ": the fixture must fail on it: " + out)
    # A second finding in the same file gets the next id.
    fixture = os.path.join(TMP, "drop-capture.perft")
    verify("emergo", "--engine", PLANTED + " drop-capture", "--depth", "4", "--write-fixture",
           fixture)
    ids = [l.split("; id ")[1].split(";")[0] for l in open(fixture).read().splitlines()]
    check(ids == ["verify-1", "verify-2"], "fixture ids " + repr(ids))
    # Our own engine against itself and against the reference agrees.
    code, out, err = verify("eximo", "--engine", PERFT + " serve eximo --impl reference",
                            "--depth", "3")
    check(code == 0 and "agrees" in out, "eximo reference served: " + out + err)
    code, out, err = verify("meridians", "--engine", PERFT + " serve meridians", "--depth", "2",
                            "--impl", "reference")
    check(code == 0, "meridians against the reference: " + out + err)


def bad_engines():
    cases = [
        ("not found", ["--engine", "./no-such-engine-anywhere"], "command not found"),
        ("exits", ["--engine", "read l; echo ok; read l; exit 3"],
         "exited with status 3 without answering request 2 'position start'"),
        ("crashes", ["--engine", "read l; echo ok; read l; kill -SEGV $$"], "killed by signal 11"),
        ("garbage", ["--engine", "read l; echo ok; read l; echo ok; read l; echo 'a1 x'; "
                     "echo 'total 1'; cat"], "sent 'a1 x' in its reply to request 3 'divide 1'"),
        ("cut reply", ["--engine", "read l; echo ok; read l; echo ok; read l; echo 'a1 1'"],
         "exited with status 0 in the middle of its reply to request 3 'divide 1'"),
        ("endless line", ["--engine", "read l; echo ok; read l; echo ok; read l; yes | tr -d '\\n'"],
         "sent a reply line longer than 16 MiB to request 3 'divide 1'"),
        ("silent", ["--engine", "read l; echo ok; sleep 60", "--timeout", "1"],
         "did not answer request 2 'position start' within 1 s"),
        ("err", ["--engine", "read l; echo 'err I play chess'"], "answered 'err I play chess'"),
        ("no engine", [], "needs --engine"),
        ("bad depth", ["--engine", "cat", "--depth", "0"], "--depth must be at least 1"),
        ("bad timeout", ["--engine", "cat", "--timeout", "x"], "--timeout expects"),
    ]
    for name, args, want in cases:
        code, out, err = verify("emergo", *args)
        lines = err.splitlines()
        check(code == 2, "%s: exit %d, want 2" % (name, code))
        check(len(lines) == 1 and lines[0].startswith("perft: error: ") and want in lines[0],
              "%s: stderr %r, want one line with %r" % (name, err, want))


# An engine with only the required requests: `perft serve` behind a filter that
# answers `err unsupported` to moves, perft and text. Verify falls back.
MINIMAL = r'''
import subprocess, sys
p = subprocess.Popen(sys.argv[1:], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
for line in sys.stdin:
    word = line.split()[0] if line.split() else ""
    if word in ("moves", "perft", "text"):
        print("err unsupported", flush=True)
        continue
    p.stdin.write(line)
    p.stdin.flush()
    if word == "quit":
        break
    while True:
        reply = p.stdout.readline()
        sys.stdout.write(reply)
        if word != "divide" or reply.startswith(("total", "err")):
            break
    sys.stdout.flush()
'''


def minimal():
    path = os.path.join(TMP, "minimal.py")
    open(path, "w").write(MINIMAL)
    code, out, err = verify("eximo", "--engine", "python3 %s %s serve eximo" % (path, PERFT),
                            "--depth", "3", "--json")
    check(code == 0, "minimal engine: exit %d %s" % (code, err))
    result = json.loads(out)
    # divide 1..3 and position per depth, perft 1 and 2 each once before it is
    # known unsupported, one text: no text walk without `text`.
    check(result["result"] == "agree" and result["requests"] < 20,
          "minimal engine: " + out)


def serve():
    requests = "\n".join([
        "game emergo:size=7", "position start", "divide 1", "perft 3", "moves", "text",
        "position start moves c3 e5", "text", "divide 0", "perft x", "frobnicate",
        "position 7/7 w", "game chess", "text", "game eximo", "perft 3", "quit", "perft 1"]) + "\n"
    code, out, err = run([PERFT, "serve", "emergo"], stdin=requests)
    lines = out.splitlines()
    check(code == 0 and err == "", "serve: exit %d, stderr %r" % (code, err))
    check(lines[0] == "ok" and lines[1] == "ok", "serve: game and position: " + repr(lines[:2]))
    divide = lines[2:27]
    check(len(divide) == 25 and divide[-1] == "total 24", "serve: divide 1 " + repr(divide))
    check(all(l.endswith(" 1") for l in divide[:-1]), "serve: divide lines")
    rest = lines[27:]
    want = ["total 11140", None, "text 7/7/7/7/7/7/7 w 8 8", "ok", None, "err", "err", "err",
            "err", "err", "text 7/7/7/7/7/7/7 w 8 8", "ok", "total 60284"]
    check(len(rest) == len(want), "serve: replies " + repr(rest))
    for got, w in zip(rest, want):
        check(w is None or got == w or (w == "err" and got.startswith("err ")),
              "serve: %r, want %r" % (got, w))
    check(rest[1].startswith("moves a1 ") and len(rest[1].split()) == 25, "serve: moves")
    check(rest[4].startswith("text ") and rest[4] != rest[2], "serve: text after moves")


def adapter(kind):
    script = {"python": ["python3", os.path.join(SRC, "adapters/python/example_serve_backed.py")],
              "node": ["node", os.path.join(SRC, "adapters/node/example_serve_backed.js")]}[kind]
    engine = " ".join(script + [PERFT])
    code, out, err = verify("emergo:size=7", "--engine", engine, "--depth", "3")
    check(code == 0 and "agrees" in out, kind + " adapter: " + out + err)
    code, out, err = verify("emergo:size=7", "--engine", engine, "--script", "--depth", "2")
    check(code == 0 and "agrees" in out, kind + " adapter, --script: " + out + err)
    if kind == "python":  # a bug behind the adapter is found where it is
        code, out, err = verify("emergo:size=7", "--engine", engine, "--depth", "4", "--json",
                                env={"ARB_ADAPTER_BUG": "drop-last"})
        check(code == 1, "python adapter with a bug: exit %d %s" % (code, err))
        f = json.loads(out)["findings"][0]
        check(f["path"] == ["a1", "a3", "a5"] and f["missing"] == ["g7"],
              "python adapter with a bug: " + repr(f))


def report():
    html = os.path.join(TMP, "report.html")
    code, out, err = verify("emergo", "--engine", PLANTED + " drop-capture", "--depth", "4",
                            "--report", html)
    check(code == 1 and os.path.getsize(html) > 1000, "report written: " + err)
    page = open(html).read()
    check("<svg" in page and page.count("<rect") >= 81 and 'stroke="#e02020"' in page,
          "report: an SVG board with the missing move ringed red")
    png = os.path.join(TMP, "report.png")
    profile = tempfile.mkdtemp(prefix="chromium_", dir=TMP)
    run(["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
         "--no-first-run", "--disable-background-networking", "--disable-component-update",
         "--disable-sync", "--user-data-dir=" + profile, "--screenshot=" + png,
         "--window-size=1200,900", "file://" + html], timeout=120)
    check(os.path.exists(png) and os.path.getsize(png) > 20000,
          "the browser's screenshot of the report is missing or blank")
    with open(png, "rb") as f:
        check(f.read(8) == b"\x89PNG\r\n\x1a\n", "the screenshot is a PNG")


{"planted": planted, "bad-engines": bad_engines, "serve": serve, "minimal": minimal,
 "adapter-python": lambda: adapter("python"), "adapter-node": lambda: adapter("node"),
 "report": report}[GROUP]()
shutil.rmtree(TMP, ignore_errors=True)
print("%s: %s" % (GROUP, "FAILED" if failures else "passed"))
sys.exit(1 if failures else 0)
