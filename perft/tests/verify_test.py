#!/usr/bin/env python3
"""perft serve and perft verify, driven as a user would.

Usage: verify_test.py GROUP PERFT PLANTED_ENGINE SOURCE_DIR
GROUP: planted, bad-engines, slow, serve, minimal, adapter-python, adapter-node, report,
descent, kinds, suite-runs, stderr, protocol, guard, fixture-writes, habits.
Every check asserts; each failed one is printed, and any makes the exit status 1.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

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
    # The same finding again is not appended; another finding in
    # the same file gets the next id.
    fixture = os.path.join(TMP, "drop-capture.perft")
    for bug in ("drop-capture", "extra-placement"):
        verify("emergo", "--engine", PLANTED + " " + bug, "--depth", "4", "--write-fixture",
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
         "bytes in its reply to request 3 'divide 1' (the most this position's moves can take)"),
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


def ended_engines():
    """An engine that closed its output, or exited while what it started keeps
    the pipe open, ends the wait at once, saying so; verify waited out its whole
    --timeout and blamed silence."""
    for name, engine, want in [
            ("closed output", "sh -c 'exec >&-; sleep 100'",
             "closed its output without answering request 1 'game emergo'"),
            ("exited, child left", "sh -c 'sleep 100 & exit 0'", "exited with status 0"),
            ("exited after a reply", "read l; echo ok; sleep 100 & exit 0", "exited with status 0"),
            ("closed after a reply", "read l; echo ok; exec >&-; sleep 100",
             "closed its output without answering request 2 'position start'")]:
        t0 = time.monotonic()
        code, out, err = verify("emergo", "--engine", engine, "--timeout", "60")
        seconds = time.monotonic() - t0
        lines = err.splitlines()
        check(code == 2 and len(lines) == 1 and want in lines[0] and "--timeout" not in err,
              "%s: exit %d, stderr %r, want one line with %r" % (name, code, err, want))
        check(seconds < 10, "%s: ended after %.1f s of a 60 s timeout" % (name, seconds))


def slow_engines():
    """The default timeout holds an engine to its own speed: a correct engine of
    4000 nodes/s (slow_engine.py) passes a divide 3 that takes it about 3 s, under a
    floor shortened to 1 s, where a fixed limit of that floor (the rule before,
    max(floor, N / 10^6)) fails; a hung engine is caught at about the floor with one
    line saying how the limit came about; a crash is reported as ever."""
    slow = "python3 %s %s emergo 4000" % (os.path.join(SRC, "perft/tests/slow_engine.py"), PERFT)
    floor = {"ARB_ENGINE_TIMEOUT_FLOOR": "1"}
    t0 = time.monotonic()
    code, out, err = verify("emergo:size=7", "--engine", slow, "--depth", "3", env=floor)
    seconds = time.monotonic() - t0
    check(code == 0 and "agrees" in out and seconds > 2.5,
          "slow engine by default: exit %d after %.1f s %r %r" % (code, seconds, out, err))
    code, out, err = verify("emergo:size=7", "--engine", slow, "--depth", "3", "--timeout", "1")
    check(code == 2 and err.endswith("did not answer request 11 'divide 3' within 1 s (--timeout)\n"),
          "slow engine, --timeout 1 fixed: %d %r" % (code, err))
    # Hung before any count: the floor; hung after counts: 10 times its rate's time.
    for name, engine, env, want in [
            ("silent", "read l; echo ok; read l; echo ok; read l; sleep 100", {
                "ARB_ENGINE_TIMEOUT_FLOOR": "2"},
             "did not answer request 3 'divide 1' within 2 s (default: at least 2 s a request "
             "until the engine's speed is known; --timeout S to override)"),
            ("silent at game", "read l; sleep 100", floor,
             "did not answer request 1 'game emergo:size=7' within 1 s (default: at least 1 s "
             "a request; --timeout S to override)"),
            ("hung at divide 2", slow + " hang 'divide 2'", floor,
             "did not answer request 7 'divide 2' within "),
    ]:
        t0 = time.monotonic()
        code, out, err = verify("emergo:size=7", "--engine", engine, "--depth", "3", env=env)
        seconds = time.monotonic() - t0
        lines = err.splitlines()
        check(code == 2 and len(lines) == 1 and want in lines[0] and seconds < 10,
              "%s: exit %d after %.1f s, stderr %r, want one line with %r" %
              (name, code, seconds, err, want))
    check(" s (default: 10 times the " in err and
          " s that our 528 nodes take at the " in err and
          " nodes/s the engine showed so far; --timeout S to override)" in err,
          "hung after counts: the limit from its rate: %r" % err)
    code, out, err = verify("emergo:size=7", "--engine", slow + " crash 'divide 2'", "--depth",
                            "3", env=floor)
    check(code == 2 and err.count("\n") == 1 and
          "was killed by signal 11 (Segmentation fault) without answering request 7 'divide 2'"
          in err and "timeout" not in err, "crash: %d %r" % (code, err))
    for bad in ("0", "x", "90000"):
        code, out, err = verify("emergo", "--engine", "cat", env={"ARB_ENGINE_TIMEOUT_FLOOR": bad})
        check(code == 2 and err == "perft: error: ARB_ENGINE_TIMEOUT_FLOOR must be 1 to 86400 "
              "seconds, got '%s'\n" % bad, "bad floor %r: %d %r" % (bad, code, err))


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
    # The text walk goes no deeper than --depth: --depth 1 asked 3,095 requests
    # (the texts to depth 2) to check 40 nodes.
    code, out, err = verify("emergo", "--engine", PERFT + " serve emergo", "--depth", "1", "--json")
    result = json.loads(out) if out.startswith("{") else {}
    check(code == 0 and 40 < result.get("requests", 0) < 100,
          "--depth 1: the texts to depth 1, %d %r" % (code, result.get("requests")))
    code, out, err = verify("emergo", "--engine", PERFT + " serve emergo", "--depth", "2", "--json")
    result = json.loads(out) if out.startswith("{") else {}
    check(code == 0 and result.get("requests", 0) > 3000,
          "--depth 2: the texts to depth 2, %d %r" % (code, result.get("requests")))
    # Requests are read with a bound: /dev/zero must not grow memory, nor end
    # with exit 0 and no word.
    with open("/dev/zero", "rb") as zero:
        p = subprocess.run([PERFT, "serve", "emergo"], stdin=zero, capture_output=True, text=True,
                           timeout=60)
    check(p.returncode == 2 and p.stderr.count("\n") == 1 and
          "a line longer than 65536 bytes" in p.stderr,
          "serve < /dev/zero: exit %d %r" % (p.returncode, p.stderr))


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
    adapter_cache(kind, script, engine)
    if kind == "node":
        adapter_hooks(engine)


# 13 moves of emergo:size=7 (a capture among them): a fixture line's depth.
LONG_LINE = "a1 c5 f6 a5 f2 a7 g3 d4 d2 c1 e7 c1xe3xg1 e5"


def calls_of(engine, *args, env=None):
    """verify's result and the calls the example made into its generator."""
    calls = os.path.join(TMP, "calls.json")
    if os.path.exists(calls):
        os.remove(calls)
    code, out, err = verify("emergo:size=7", "--engine", engine, "--json", *args,
                            env=dict(env or {}, ARB_ADAPTER_CALLS=calls))
    result = json.loads(out) if code in (0, 1) else {}
    for volatile in ("seconds", "nps", "requests"):
        result.pop(volatile, None)
    return code, result, json.load(open(calls)) if os.path.exists(calls) else {}, err


def adapter_cache(kind, script, engine):
    """The position walk's cache: at the end of a 13-move line, the moves of
    `position ... moves <path>` are played and listed once each instead of once a
    request (a slow engine took minutes there), and every count is the same."""
    legal = {"python": "legal_moves", "node": "legalMoves"}[kind]
    runs = {}
    for cache in ("0", "4096"):
        runs[cache] = calls_of(engine, "--moves", LONG_LINE, "--depth", "3",
                               env={"ARB_ADAPTER_CACHE": cache})
        check(runs[cache][0] == 0 and runs[cache][1].get("result") == "agree",
              "%s adapter, cache %s: %r" % (kind, cache, runs[cache]))
    (_, plain, off, _), (_, cached, on, _) = runs["0"], runs["4096"]
    check(plain == cached, "%s adapter: the cache changed the result: %r, %r" % (kind, plain, cached))
    check(off.get(legal, 0) > 4 * on.get(legal, 0) > 0 and off.get("play", 0) > on.get("play", 0),
          "%s adapter: calls without the cache %r, with it %r" % (kind, off, on))
    # Request by request, the replies are the same with and without it: an
    # illegal move after a held path, another game clearing what is held.
    requests = ("game emergo:size=7\nposition start moves a1 c5 f6\nmoves\n"
                "position start moves a1 c5 f6 a5\ntext\nposition start moves a1 c5 zz\n"
                "position start moves a1 c5 f6 a5 f2\ndivide 2\nperft 2\n"
                "position start moves a1 a1\ngame emergo\nposition start moves a1 c5 f6\n"
                "text\nmoves\nquit\n")
    replies = [run(script + [PERFT], stdin=requests, env={"ARB_ADAPTER_CACHE": cache})[1]
               for cache in ("0", "4096")]
    check(replies[0] == replies[1] and "err move 3 'zz' is illegal\n" in replies[0] and
          "err move 2 'a1' is illegal\n" in replies[0] and
          "text 7/5W1/B1B4/7/7/7/W6 w 6 6\n" in replies[0] and "total 272\ntotal 272\n" in
          replies[0] and replies[0].endswith("text 9/9/9/5W3/2B6/9/9/9/W8 b 10 11\nmoves a3 a5 a7 "
                                             "a9 b4 b6 b8 c1 c3 c7 c9 d2 d4 d6 d8 e1 e3 e9 f2 f4 "
                                             "f8 g1 g3 g9 h2 h4 h6 h8 i1 i3 i5 i7 i9\n") and
          replies[0].count("\n") == 31, "%s adapter replies, cache off and on: %r" %
          (kind, replies))


def adapter_hooks(engine):
    """The Node adapter's fast path: a generator with perft (here `perft serve`'s
    own count) answers the counts itself; a hook's wrong value is an `err`."""
    code, plain, walked, err = calls_of(engine, "--depth", "3")
    code2, hooked, fast, err2 = calls_of(engine, "--depth", "3", env={"ARB_ADAPTER_HOOKS": "1"})
    check(code == code2 == 0 and plain == hooked and plain.get("result") == "agree",
          "node hooks: %r %r %s %s" % (plain, hooked, err, err2))
    check(fast.get("perft", 0) > 0 and fast.get("legalMoves", 0) < walked.get("legalMoves", 0),
          "node hooks: calls without %r, with %r" % (walked, fast))
    gen = os.path.join(TMP, "bad_hook.js")
    open(gen, "w").write(
        "const {serve, walk} = require(%r);\n"
        "serve({newGame() {}, start() { return 0; }, legalMoves(p) { return ['a1', 'b2']; },\n"
        "  play(p, m) { return p + 1; }, format(p) { return null; },\n"
        "  countMoves(p) { return p === 1 ? 2 : 1.5; },\n"
        "  perft(p, d) { return d === 3 ? -1 : d === 2 ? walk(this, p, d) : '7'; }});\n"
        % os.path.abspath(os.path.join(SRC, "adapters/node/arbiter_adapter.js")))
    code, out, err = run(["node", gen], stdin="game x\nperft 3\nperft 2\nperft 1\ndivide 2\n")
    check(out == "ok\nerr perft returned -1, not a count\ntotal 14\ntotal 7\n"
          "a1 7\nb2 7\ntotal 14\n", "node hooks' counts: %r %r" % (out, err))


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


def descent():
    """Two plies down, at depth 2, the count difference is descended
    into (the engine's perft is held against its own divide, not our total)."""
    engine = "python3 %s %s" % (os.path.join(SRC, "adapters/python/example_serve_backed.py"), PERFT)
    code, out, err = verify("emergo:size=7", "--engine", engine, "--moves", "a1 a3", "--depth", "2",
                            "--json", env={"ARB_ADAPTER_BUG": "drop-last"})
    check(code == 1, "descent: exit %d %s" % (code, err))
    f = json.loads(out)["findings"][0] if code == 1 else {}
    check(len(f.get("path", [])) == 1 and f.get("missing") == ["g7"] and f.get("extra") == [] and
          f.get("problems") == [] and f.get("first_depth") == 2, "descent at depth 2: " + repr(f))


def unsupported():
    """An adapter's Unsupported is `err unsupported`; the root is skipped."""
    engine = "python3 %s %s" % (os.path.join(SRC, "adapters/python/example_serve_backed.py"), PERFT)
    code, out, err = verify("emergo:size=7", "--engine", engine, "--position", "7/7/7/7/7/7/7 w 8 8",
                            env={"ARB_ADAPTER_BUG": "unsupported"})
    check(code == 2 and "skip root: the engine answered 'err unsupported this engine starts" in out
          and "nothing was checked: 1 skipped" in err, "unsupported: %r %r" % (out, err))


# Every kind of finding, at the root and below it. planted_engine KIND
# MOVES is wrong only at the position after MOVES; verify must stop there.
KIND_WHERE = [[], ["a1"], ["a1", "a9"]]


def kinds():
    for kind in ("missing", "extra", "twice", "count", "text"):
        for where in KIND_WHERE:
            name = "%s after %r" % (kind, where)
            code, out, err = verify("emergo", "--engine", "%s %s '%s'" % (PLANTED, kind,
                                                                        " ".join(where)),
                                    "--depth", "3", "--text-depth", "2", "--json")
            check(code == 1, "%s: exit %d, want 1 (%s)" % (name, code, err))
            if code != 1:
                continue
            f = json.loads(out)["findings"][0]
            check(f["path"] == where, "%s: path %r" % (name, f["path"]))
            want_depth = {"text": 1 if not where else 0}.get(kind, len(where) + 1)
            check(f["first_depth"] == want_depth,
                  "%s: first_depth %r, want %r" % (name, f["first_depth"], want_depth))
            if kind == "missing":
                check(len(f["missing"]) == 1 and f["extra"] == [], name + ": " + repr(f))
            elif kind == "extra":
                check(f["extra"] == ["z0"] and f["missing"] == [], name + ": " + repr(f))
            elif kind == "twice":
                # Listed twice is a problem of its own, not a move the engine has and ours not.
                check(f["extra"] == [] and f["missing"] == [] and len(f["problems"]) == 1 and
                      f["problems"][0].endswith(" listed twice by the engine"),
                      name + ": " + repr(f))
            elif kind == "count":
                check(f["missing"] == [] and f["extra"] == [] and len(f["problems"]) == 1 and
                      ("perft 1" in f["problems"][0] if not where else
                       "its own divide 1 here agrees" in f["problems"][0]), name + ": " + repr(f))
            else:
                check(f.get("engine_position", "").endswith(" ") and
                      f["engine_position"].rstrip() == f["position"], name + ": " + repr(f))


def write_suite(name, text):
    path = os.path.join(TMP, name)
    open(path, "w").write(text)
    return path


# An engine in front of `perft serve` that dies at `position start moves a1`
# (a Python traceback on stderr) and answers `err unsupported` after a1 a9.
DIES = r"""
import subprocess, sys
p = subprocess.Popen(sys.argv[1:], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
for line in sys.stdin:
    if line.strip() == "position start moves a1":
        sys.stderr.write("Traceback (most recent call last):\n  File x\nValueError: cannot hold a1\n")
        sys.exit(1)
    if line.startswith("position start moves a1 a9"):
        print("err unsupported position: too few men", flush=True)
        continue
    p.stdin.write(line); p.stdin.flush()
    if line.split()[:1] == ["quit"]:
        break
    while True:
        reply = p.stdout.readline()
        sys.stdout.write(reply)
        if not line.startswith("divide") or reply.startswith(("total", "err")):
            break
    sys.stdout.flush()
"""


def suite_runs():
    """Nothing checked is an error; an engine error
    fails its line and the run goes on; an unsupported position is skipped."""
    other = write_suite("other.perft", "eximo; start; D1 1; id e; src t\n")
    code, out, err = verify("emergo", "--engine", PERFT + " serve emergo", "--suite", other)
    check(code == 2 and "nothing was checked: 1 skipped" in err and "skip line 1" in out,
          "another game's suite: exit %d %r %r" % (code, out, err))
    counts = {}
    for moves in ("", "a1", "a1 a9"):
        _, o, _ = run([PERFT, "emergo", "--moves", moves, "--depth", "1", "--json"])
        counts[moves] = json.loads(o)["nodes"]
    suite = write_suite("three.perft", "".join(
        "emergo; start; %sD1 %d; id l%d; src t\n" % (("moves %s; " % m) if m else "", counts[m], i)
        for i, m in enumerate(("", "a1", "a1 a9"))))
    dies = os.path.join(TMP, "dies.py")
    open(dies, "w").write(DIES)
    engine = "python3 %s %s serve emergo" % (dies, PERFT)
    # (--text-depth 0: the text walk from the start would visit a1 too.)
    code, out, err = verify("emergo", "--engine", engine, "--suite", suite, "--json",
                            "--text-depth", "0")
    result = json.loads(out) if out.startswith("{") else {}
    check(code == 2 and result.get("agreed") == 1 and result.get("errors") == 1 and
          result.get("skipped") == 1, "engine error on one line: exit %d %r %r" % (code, out, err))
    # Each line's verdict, as the text gives it (--json lost them).
    checks = result.get("checks", [])
    check([(c.get("label"), c.get("line"), c.get("result")) for c in checks] ==
          [("line 1 (id l0)", 1, "ok"), ("line 2 (id l1)", 2, "error"),
           ("line 3 (id l2)", 3, "skip")] and checks[0].get("why") == "" and
          "ValueError: cannot hold a1" in checks[1].get("why", "") and
          "err unsupported position" in checks[2].get("why", ""),
          "--json checks: %r" % checks)
    fail_suite = write_suite("fail.perft", "emergo; start; D1 %d; id f; src t\n" % counts[""])
    code, out, err = verify("emergo", "--engine", PLANTED + " missing ''", "--suite", fail_suite,
                            "--json")
    checks = json.loads(out).get("checks", []) if out.startswith("{") else []
    check(code == 1 and len(checks) == 1 and checks[0]["result"] == "fail" and
          checks[0]["line"] == 1 and "first difference at the root" in checks[0]["why"],
          "--json failing check: %d %r %r" % (code, out, err))
    code, out, err = verify("emergo", "--engine", engine, "--suite", suite, "--text-depth", "0")
    lines = out.splitlines()
    check(code == 2 and len(lines) == 4 and lines[0].startswith("ok line 1") and
          lines[1].startswith("ERROR line 2") and "ValueError: cannot hold a1" in lines[1] and
          "exited with status 1" in lines[1] and
          lines[2].startswith("skip line 3") and "err unsupported position" in lines[2],
          "suite lines: " + repr(lines))
    # Flushed per line: the first line is on the pipe while the second waits.
    stalls = write_suite("stalls.py", "import sys, time\n"
                         "for line in sys.stdin:\n"
                         "    if line.startswith('position start moves a1'): time.sleep(30)\n"
                         "    print({'game': 'ok', 'posi': 'ok', 'text': 'text x'}.get(line[:4],"
                         " 'a1 1\\ntotal 41' if line.startswith('divide') else 'total 41'),"
                         " flush=True)\n")
    p = subprocess.Popen([PERFT, "verify", "emergo", "--engine", "python3 " + stalls,
                          "--suite", suite, "--timeout", "20"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    first = p.stdout.readline()
    check(p.poll() is None and first.startswith("FAIL line 1"),
          "written before the run ends: %r" % first)
    p.kill()
    p.wait()
    # --skip-unsupported: any err to `position` skips the root.
    code, out, err = verify("emergo", "--engine", "read l; echo ok; read l; echo 'err no'; cat",
                            "--skip-unsupported")
    check(code == 2 and "nothing was checked" in err and "skip start" in out,
          "--skip-unsupported: %d %r %r" % (code, out, err))


def waiting():
    """A slow request is shown on a terminal while verify waits."""
    import pty
    master, slave = pty.openpty()
    p = subprocess.Popen([PERFT, "verify", "emergo", "--engine",
                          "read l; echo ok; read l; echo ok; read l; sleep 2.5; echo 'a1 1'; "
                          "echo 'total 1'; cat", "--timeout", "20"],
                         stdout=subprocess.PIPE, stderr=slave, text=True)
    os.close(slave)
    seen = b""
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:
            break
        if not chunk:
            break
        seen += chunk
    p.communicate(timeout=60)
    os.close(master)
    text = seen.decode(errors="replace")
    check("waiting for the engine: request 3 'divide 1', 1 s of 20 s" in text or
          "waiting for the engine: request 3 'divide 1', 2 s of 20 s" in text,
          "no waiting line on the terminal: %r" % text)


def stderr_quote():
    """The lines that hold the error, not the runtime's last words."""
    js = os.path.join(TMP, "crash.js")
    open(js, "w").write("process.stdin.once('data', () => { throw new Error('boom at a1'); });\n")
    code, out, err = verify("emergo", "--engine", "node " + js)
    quoted = err.partition("(its stderr: ")[2]
    check(code == 2 and quoted == "'Error: boom at a1')\n", "node crash quoted: " + err)
    code, out, err = verify("emergo", "--engine",
                            "read l; echo 'Traceback (most recent call last):' >&2; "
                            "echo '  File \"x.py\", line 1' >&2; echo 'KeyError: 7' >&2; exit 1")
    quoted = err.partition("(its stderr: ")[2]
    check(code == 2 and quoted == "'KeyError: 7')\n", "python crash: " + err)
    code, out, err = verify("emergo", "--engine", "read l; echo one >&2; echo two >&2; "
                            "echo three >&2; echo four >&2; exit 1")
    check(code == 2 and "two | three | four" in err, "last lines: " + err)


def protocol():
    """A line outside the protocol fails at once, quoted; our
    own arguments are checked before the engine starts; a NUL byte is shown."""
    t0 = time.time()
    code, out, err = verify("emergo", "--engine", "read l; echo ok; read l; echo ok; read l; "
                            "echo 'unknown command: divide'; sleep 60")
    check(code == 2 and time.time() - t0 < 20 and
          "sent 'unknown command: divide' in its reply to request 3 'divide 1'" in err,
          "unknown command: " + err)
    marker = os.path.join(TMP, "started")
    for args, want in ((["--moves", "zz"], "zz"), (["--position", "x"], "position")):
        code, out, err = verify("emergo", "--engine", "touch %s; cat" % marker, *args)
        check(code == 2 and want in err and not os.path.exists(marker),
              "%r checked before the engine starts: %r" % (args, err))
    code, out, err = run([PERFT, "serve", "emergo"], stdin="game emergo\nfoo\0bar\nquit\n")
    check("err the request holds a NUL byte: 'foo\\x00bar'" in out, "serve NUL: " + repr(out))
    code, out, err = verify("emergo", "--engine", "read l; echo ok; read l; printf 'o\\000k\\n'")
    check(code == 2 and "'o\\x00k'" in err, "verify NUL: " + repr(err))
    code, out, err = verify("emergo", "--engine", "exit 3", "--script")
    check(code == 2 and "question 1 (depth 1" in err and "request 1" not in err,
          "script message: " + err)


# `perft serve` behind a filter that pads every line of the third divide reply.
PAD = r"""
import subprocess, sys
p = subprocess.Popen(sys.argv[1:], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
divides = 0
for line in sys.stdin:
    p.stdin.write(line); p.stdin.flush()
    if line.split()[:1] == ["quit"]:
        break
    if line.startswith("divide"):
        divides += 1
    while True:
        reply = p.stdout.readline()
        out = reply
        if divides == 3 and line.startswith("divide") and not reply.startswith("total"):
            out = reply.rstrip("\n") + " " * 100000 + "\n"
        sys.stdout.write(out)
        if not line.startswith("divide") or reply.startswith(("total", "err")):
            break
    sys.stdout.flush()
"""


def guard():
    """The reply-size guard bounds each reply by what the
    position can take, over the whole session, not a fixed 32 MiB."""
    pad = os.path.join(TMP, "pad.py")
    open(pad, "w").write(PAD)
    code, out, err = verify("emergo", "--engine", "python3 %s %s serve emergo" % (pad, PERFT),
                            "--depth", "3")
    check(code == 2 and "bytes in its reply to request" in err and "'divide 3'" in err,
          "padded reply: " + err)
    # Per reply, not per session: a suite of three lines, the third's divides
    # after some 120 KB of the others' text walks (a divide 1 here may take 73 KB).
    counts = [json.loads(run([PERFT, "emergo", "--depth", str(d), "--json"])[1])["nodes"]
              for d in (1, 2)]
    twice = write_suite("twice.perft", "".join("emergo; start; D1 %d; D2 %d; id %s; src t\n" %
                                               (counts[0], counts[1], i) for i in "abc"))
    code, out, err = verify("emergo", "--engine", PERFT + " serve emergo", "--suite", twice,
                            "--text-depth", "2", "--json")
    check(code == 0 and json.loads(out)["requests"] > 6000,
          "a whole session of replies: %r %r" % (out, err))


def guard_deep():
    """The reply-size guard at its size (label slow: two processes of 1 GB, a minute)."""
    # Ecalper for three players: the first turn has 5949147 moves (over 32 MiB).
    spec = "ecalper:size=5,players=3,replace=last-added"
    code, out, err = verify(spec, "--engine", PERFT + " serve " + spec, "--depth", "1",
                            "--text-depth", "0")
    check(code == 0 and "agrees" in out, "ecalper players=3: " + out + err)


def fixture_writes():
    """Each position once; non-regular files appended
    without reading; a bad path before the engine starts; the diagnosis kept."""
    fixture = os.path.join(TMP, "once.perft")
    for _ in range(2):
        code, out, err = verify("emergo", "--engine", PLANTED + " missing 'a1'", "--depth", "2",
                                "--write-fixture", fixture)
        check(code == 1, "write-fixture run: " + err)
    check(len(open(fixture).read().splitlines()) == 1, "one line after two runs: " +
          open(fixture).read())
    check("has this test already (id verify-1)" in out, "the second run says so: " + out)
    counts = json.loads(run([PERFT, "emergo", "--moves", "a1", "--depth", "1", "--json"])[1])
    two = write_suite("two.perft", "".join("emergo; start; moves a1; D1 %d; id %s; src t\n" %
                                           (counts["nodes"], i) for i in "xy"))
    out_file = os.path.join(TMP, "two_out.perft")
    verify("emergo", "--engine", PLANTED + " missing 'a1'", "--suite", two,
           "--write-fixture", out_file)
    check(len(open(out_file).read().splitlines()) == 1, "two suite lines, one root: " +
          open(out_file).read())
    code, out, err = run(["sh", "-c", "%s verify emergo --engine \"%s missing 'a1'\" --depth 2 "
                          "--write-fixture /dev/stdout | cat" % (PERFT, PLANTED)], timeout=60)
    check("; D1 " in out and "fixture line appended to /dev/stdout" in out,
          "/dev/stdout: %d %r %r" % (code, out, err))
    marker = os.path.join(TMP, "started")
    code, out, err = verify("emergo", "--engine", "touch %s; cat" % marker,
                            "--write-fixture", TMP)
    check(code == 2 and "--write-fixture" in err and not os.path.exists(marker),
          "a directory: " + err)
    # An agreeing run writes no line, and leaves no (empty) file.
    fresh = os.path.join(TMP, "agree.perft")
    code, out, err = verify("emergo", "--engine", PERFT + " serve emergo", "--depth", "2",
                            "--write-fixture", fresh)
    check(code == 0 and not os.path.exists(fresh), "agreeing run: %d %s" % (code, err))
    if os.path.exists("/dev/full"):
        # The result first, then the report's error (the JSON was lost).
        code, out, err = verify("emergo", "--engine", PERFT + " serve emergo", "--json",
                                "--report", "/dev/full")
        result = json.loads(out) if out.startswith("{") else {}
        check(code == 2 and result.get("result") == "agree" and err.count("\n") == 1 and
              "cannot write the report '/dev/full'" in err,
              "--json --report /dev/full: %d %r %r" % (code, out, err))
        code, out, err = verify("emergo", "--engine", PERFT + " serve emergo", "--report",
                                "/dev/full")
        check(code == 2 and "the engine agrees with ours" in out and "report written" not in out
              and "cannot write the report '/dev/full'" in err,
              "--report /dev/full: %d %r %r" % (code, out, err))
        code, out, err = verify("emergo", "--engine", PLANTED + " missing 'a1'", "--depth", "2",
                                "--write-fixture", "/dev/full")
        check(code == 2 and "FAIL start" in out and "missing" in out and
              "cannot append to '/dev/full'" in err, "/dev/full: %r %r" % (out, err))


def habits():
    """A suite of another spec of the game checked under the command line's
    spec; "-" for the suite (stdin) and the fixture lines (stdout); the
    report's links, boards and wording."""
    spec = "meridians:rules=abstractplay"
    d1 = json.loads(run([PERFT, "meridians", "--depth", "1", "--json"])[1])["nodes"]
    suite = "meridians; start; D1 %d; id m; src t\nemergo; start; D1 40; id e; src t\n" % d1
    path = write_suite("preset.perft", suite)
    code, out, err = verify(spec, "--engine", PERFT + " serve " + spec, "--suite", path)
    check(code == 0 and "ok line 1 (id m)" in out and
          "skip line 2 (id e): another game, emergo" in out and
          "perft verify: note: the suite's lines of meridians are checked under "
          "meridians:pass=keeps\n" in err and err.count("note:") == 1,
          "a preset's suite: %d %r %r" % (code, out, err))
    # The suite from standard input: the same verdict.
    code, out2, err = run([PERFT, "verify", spec, "--engine", PERFT + " serve " + spec, "--suite",
                           "-"], stdin=suite)
    check(code == 0 and out2.splitlines()[:2] == out.splitlines()[:2],
          "--suite -: %d %r %r" % (code, out2, err))
    code, out, err = run([PERFT, "suite", "-"], stdin="eximo; start; D1 40; id x; src t\n")
    check(code == 0 and "1 passed, 0 failed, 0 skipped" in out, "suite -: %r %r" % (out, err))
    # --write-fixture -: the fixture line alone on stdout, the diagnosis on stderr.
    code, out, err = verify("emergo", "--engine", PLANTED + " missing 'a1'", "--depth", "2",
                            "--write-fixture", "-")
    check(code == 1 and len(out.splitlines()) == 1 and "; id verify-1; " in out and
          "FAIL start" in err and "fixture line written to standard output (id verify-1)" in err,
          "--write-fixture -: %d %r %r" % (code, out, err))
    code, out, err = verify("emergo", "--engine", PLANTED + " missing 'a1'", "--json",
                            "--write-fixture", "-")
    check(code == 2 and out == "" and err.count("\n") == 1 and
          "--json writes standard output" in err, "--json --write-fixture -: %r" % err)
    # The report: FAIL lines linked, a difference met twice drawn once,
    # "1 check agrees", both boards where the texts differ.
    counts = json.loads(run([PERFT, "emergo", "--moves", "a1", "--depth", "1", "--json"])[1])
    two = write_suite("twice-met.perft", "emergo; start; D1 40; id ok; src t\n" + "".join(
        "emergo; start; moves a1; D1 %d; id %s; src t\n" % (counts["nodes"], i) for i in "xy"))
    html = os.path.join(TMP, "habits.html")
    code, out, err = verify("emergo", "--engine", PLANTED + " missing 'a1'", "--suite", two,
                            "--report", html, "--text-depth", "0")
    page = open(html).read() if os.path.exists(html) else ""
    check(code == 1 and "1 check agrees, 2 differ" in page and
          '<a href="#finding-0">FAIL line 2' in page and '<a href="#finding-1">FAIL line 3' in page
          and 'id="finding-1"' in page and
          'The same difference as <a href="#finding-0">line 2 (id x)</a>' in page and
          page.count("<svg") == 1, "report of a suite: %d %r" % (code, err))
    code, out, err = run([PERFT, "verify", "emergo", "--engine", PLANTED + " text ''", "--depth",
                          "1", "--report", "-"])
    check(code == 1 and out.startswith("<!DOCTYPE") and out.count("<svg") == 2 and
          "Position (engine)" in out and "FAIL start" in err,
          "--report - with differing texts: %d %r" % (code, err))


{"planted": planted, "bad-engines": lambda: (bad_engines(), ended_engines()), "serve": serve, "minimal": minimal,
 "slow": slow_engines,
 "adapter-python": lambda: adapter("python"), "adapter-node": lambda: adapter("node"),
 "report": report, "descent": lambda: (descent(), unsupported()), "kinds": kinds, "suite-runs": suite_runs,
 "stderr": lambda: (stderr_quote(), waiting()), "protocol": protocol, "guard": guard, "guard-deep": guard_deep, "fixture-writes": fixture_writes,
 "habits": habits,
 }[GROUP]()
shutil.rmtree(TMP, ignore_errors=True)
print("%s: %s" % (GROUP, "FAILED" if failures else "passed"))
sys.exit(1 if failures else 0)
