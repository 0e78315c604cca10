#!/usr/bin/env python3
"""The perft tool's output files, run as a user runs it (perft/file_io.h):
suite --update on a pipe or a FIFO (refused, exit 2: it crashed or hung), an
output reached through a symbolic link (its target written, the link kept).

Usage: outputs_test.py GROUP PERFT PLANTED_ENGINE SOURCE_DIR
GROUP: update, links.
Every check asserts; each failed one is printed, and any makes the exit status 1.
"""
import os
import shlex
import subprocess
import sys
import tempfile

GROUP, PERFT, PLANTED, SRC = sys.argv[1:5]
TMP = tempfile.mkdtemp(prefix="outputs_test_")
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


{"update": update, "links": links}[GROUP]()
print("%d failed" % len(failures) if failures else "ok")
sys.exit(1 if failures else 0)
