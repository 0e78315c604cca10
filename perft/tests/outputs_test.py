#!/usr/bin/env python3
"""The perft tool's output files, run as a user runs it (perft/text/file_io.h):
suite --update on a pipe or a FIFO (refused, exit 2: it crashed or hung), an
output reached through a symbolic link (its target written, the link kept),
and no stale verdict: a rerun of verify, suite or bench that fails (exit 2),
or is stopped by SIGINT or SIGTERM, never leaves an earlier run's passing
--junit, --bmf or --github-benchmark file behind.

Usage: outputs_test.py GROUP PERFT PLANTED_ENGINE SOURCE_DIR
GROUP: update, links, stale.
Every check asserts; each failed one is printed, and any makes the exit status 1.
"""
import os
import shlex
import signal
import subprocess
import sys
import tempfile
import time

GROUP, PERFT, PLANTED, SRC = sys.argv[1:5]
TMP = tempfile.mkdtemp(prefix="outputs_test_")
XSD = os.path.join(SRC, "perft/tests/junit.xsd")
failures = []
# A line whose D2 is wrong (1600 from the start), counted by us: --update rewrites it.
STALE = "eximo; start; D1 40; D2 1; id start; src engine and reference agree\n"


def sh(command, timeout=120):
    p = subprocess.run(command, shell=True, cwd=TMP, capture_output=True, text=True,
                       timeout=timeout)
    return p.returncode, p.stdout, p.stderr


def check(ok, what):
    if not ok:
        failures.append(what)
        print("FAILED: " + what)


def path(name):
    return os.path.join(TMP, name)


def write(name, text):
    with open(path(name), "w") as f:
        f.write(text)


def read(name):
    with open(path(name)) as f:
        return f.read()


PERFT = os.path.abspath(PERFT)
PLANTED = os.path.abspath(PLANTED)
P = shlex.quote(PERFT)


def update():
    write("w.perft", STALE)
    # Through a pipe: it read the file twice and crashed (exit 139).
    code, out, err = sh("cat w.perft | %s suite /dev/stdin --update" % P)
    check(code == 2 and "not a regular file" in err, "pipe: exit %d, %r" % (code, err))
    code, out, err = sh("bash -c '%s suite <(cat w.perft) --update'" % PERFT)
    check(code == 2 and "not a regular file" in err,
          "process substitution: exit %d, %r" % (code, err))
    # A FIFO with no writer: it blocked for ever.
    os.mkfifo(path("fifo.perft"))
    try:
        code, out, err = sh("%s suite fifo.perft --update" % P, timeout=30)
        check(code == 2 and "not a regular file" in err, "FIFO: exit %d, %r" % (code, err))
    except subprocess.TimeoutExpired:
        check(False, "FIFO: suite --update hangs")
    check(read("w.perft") == STALE, "the file was changed")
    # A regular file is rewritten, once read.
    code, out, err = sh("%s suite w.perft --update" % P)
    check(code == 0 and "D2 1600" in read("w.perft"), "w.perft: exit %d, %r" % (code, err))


def links():
    # A link to a fixture file: its target is rewritten, the link stays.
    write("real.perft", STALE)
    os.symlink("real.perft", path("link.perft"))
    code, out, err = sh("%s suite link.perft --update" % P)
    check(code == 0, "link.perft: exit %d, %r" % (code, err))
    check(os.path.islink(path("link.perft")), "the link was replaced by a file")
    check("D2 1600" in read("real.perft"), "real.perft is stale: %r" % read("real.perft"))
    # A link to this process's standard output: written in place, the link stays.
    os.symlink("/proc/self/fd/1", path("out"))
    code, out, err = sh("%s split eximo --depth 3 --at 1 --out out > units.jsonl" % P)
    check(code == 0, "split --out out: exit %d, %r" % (code, err))
    check(os.path.islink(path("out")), "the link out was replaced by a file")
    check('"split"' in read("units.jsonl"), "units.jsonl is empty: %r" % read("units.jsonl"))
    # (Not /dev/stdout itself: a broken tool, run as root, replaces the system's link.)
    # A user's file of the old temporary name is never touched.
    write("s.xml.tmp", "mine\n")
    write("w.perft", STALE.replace("D2 1;", "D2 1600;"))
    code, out, err = sh("%s suite w.perft --junit s.xml" % P)
    check(code == 0 and os.path.exists(path("s.xml.tmp")) and read("s.xml.tmp") == "mine\n",
          "s.xml.tmp, a user's file, is lost: exit %d, %r" % (code, err))


def junit_error(name, what):
    """The JUnit file is valid and says error, never a pass."""
    if not os.path.exists(path(name)):
        check(False, "%s: no JUnit file" % what)
        return ""
    code, out, err = sh("xmllint --noout --schema %s %s" % (shlex.quote(XSD), name))
    check(code == 0, "%s: not valid against junit.xsd: %s" % (what, err))
    text = read(name)
    check("<error" in text and 'errors="0"' not in text, "%s: no error in %r" % (what, text))
    return text


def stopped(command, sig, name, what):
    """Runs command (its engine sleeps), stops perft with sig after a second."""
    p = subprocess.Popen(command, shell=False, cwd=TMP, stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL, start_new_session=True)
    time.sleep(1.5)
    p.send_signal(sig)
    try:
        p.wait(timeout=30)
    except subprocess.TimeoutExpired:
        check(False, "%s: perft does not stop" % what)
    try:
        os.killpg(p.pid, signal.SIGKILL)  # the sleeping engine
    except ProcessLookupError:
        pass
    text = junit_error(name, what)
    check("did not end" in text or "interrupted" in text, "%s: %r" % (what, text))


def stale():
    serve = "%s serve emergo" % P
    verify = [PERFT, "verify", "emergo", "--depth", "2", "--junit", "v.xml", "--engine"]
    code, out, err = sh(" ".join(shlex.quote(a) for a in verify + [serve]))
    check(code == 0 and 'failures="0"' in read("v.xml"), "verify: exit %d, %r" % (code, err))
    # An engine that crashes, one that answers nothing in time.
    for engine, what in (("exit 3", "crash"), ("sleep 30", "timeout")):
        write("v.xml", read("v.xml"))  # the passing file of the first run
        args = verify + [engine] + (["--timeout", "1"] if what == "timeout" else [])
        code, out, err = sh(" ".join(shlex.quote(a) for a in args), timeout=60)
        check(code == 2, "verify, engine %s: exit %d" % (what, code))
        junit_error("v.xml", "verify, engine %s" % what)
    # Stopped half way: SIGINT (Ctrl-C) and SIGTERM (a CI job's time limit).
    for sig in (signal.SIGINT, signal.SIGTERM):
        sh(" ".join(shlex.quote(a) for a in verify + [serve]))
        check('failures="0"' in read("v.xml"), "verify: no passing file to start from")
        stopped(verify + ["sleep 60", "--timeout", "100"], sig, "v.xml",
                "verify stopped by %s" % sig.name)
    # suite --junit on exit 2 (every test skipped: nothing checked).
    write("w.perft", STALE.replace("D2 1;", "D2 1600;"))
    code, out, err = sh("%s suite w.perft --junit s.xml" % P)
    check(code == 0 and 'failures="0"' in read("s.xml"), "suite: exit %d, %r" % (code, err))
    code, out, err = sh("%s suite w.perft --junit s.xml --max-nodes 1" % P)
    check(code == 2, "suite --max-nodes 1: exit %d" % code)
    junit_error("s.xml", "suite, nothing run")
    code, out, err = sh("%s suite no-such.perft --junit s.xml" % P)
    check(code == 2, "suite of no file: exit %d" % code)
    junit_error("s.xml", "suite of no file")
    # Written in place (standard output): one document, the results.
    code, out, err = sh("%s suite w.perft --junit /dev/stdout" % P)
    check(code == 0 and out.count("<?xml") == 1 and 'failures="0"' in out,
          "suite --junit /dev/stdout: exit %d, %r" % (code, out))
    # bench after a wrong count: no results file of an earlier run is left.
    write("b.perft", "emergo; start; moves a1 a9; D1 80; id w; src t\n")
    bench = ("%s bench emergo --suite b.perft --max-nodes 100 --repeat 1 --bmf b.json "
             "--github-benchmark g.json" % P)
    code, out, err = sh("%s --engine %s" % (bench, shlex.quote(serve)))
    check(code == 0 and os.path.exists(path("b.json")) and os.path.exists(path("g.json")),
          "bench: exit %d, %r" % (code, err))
    wrong = "%s last-ply" % shlex.quote(PLANTED)  # one too many after a1 a9
    code, out, err = sh("%s --engine %s" % (bench, shlex.quote(wrong)))
    check(code == 2 and "ours" in err, "bench, a wrong count: exit %d, %r" % (code, err))
    check(not os.path.exists(path("b.json")), "bench: a stale --bmf file is left")
    check(not os.path.exists(path("g.json")), "bench: a stale --github-benchmark file is left")


{"update": update, "links": links, "stale": stale}[GROUP]()
print("%d failed" % len(failures) if failures else "ok")
sys.exit(1 if failures else 0)
