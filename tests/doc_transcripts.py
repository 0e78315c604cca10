#!/usr/bin/python3
"""The examples of README.md and docs/*.md, run, so that they cannot drift;
and every relative link of those files, resolved.

Usage: doc_transcripts.py SOURCE_DIR PERFT [--python MODULE_DIR] [--timeout SECONDS] [--list]

An example is a ```console block. A line `$ <command>` (continued by a
trailing backslash) is run with `sh -c`, `perft` being PERFT (its folder comes
first on PATH), in a scratch folder of its block that links every top-level
entry of SOURCE_DIR (so `fixtures/eximo.perft` reads, and `--out units.jsonl` writes
into the scratch folder). The lines after it, up to the next `$` line, are
what it prints: standard output, then standard error, then `[exit N]` when
the status is not 0. In those lines:
  - `…` matches any text within one line (a time, a rate, a long field);
  - a line that is only `⋮` matches any number of lines.
Everything else must match exactly, so only times and rates are left out.

A command that names `build/check/python` (the README's PYTHONPATH for the
module arbiter) gets MODULE_DIR there instead, the folder of the module this
build made. Without --python, or where the module is not built yet, those
commands are skipped, saying so (the module is a target of its own:
`cmake --build build/check --target arbiter`).

A block whose line before the fence is `<!-- transcript: skip REASON -->` is
not run (an example too slow for the Check build, or one that needs what the
test does not have); the reason is required and printed. A command that runs
longer than the timeout (default 20 s) fails the test: make it cheaper or mark
its block skip.

Links: each `[text](target)` outside code of every Markdown file of the
tree, where the target is not a URL, must name a file or folder of the tree, and its `#anchor`, if any, a heading
of that Markdown file (GitHub's slugs).
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

ANY = "…"
ANY_LINES = "⋮"
SKIP = re.compile(r"^<!-- transcript: skip (\S.*?) -->$")
EXIT = re.compile(r"^\[exit (\d+)\]$")
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def documents(src):
    """README.md and docs/*.md: their examples are run."""
    docs = [os.path.join(src, "README.md")]
    docs += sorted(os.path.join(src, "docs", f) for f in os.listdir(os.path.join(src, "docs"))
                   if f.endswith(".md"))
    return docs


def all_documents(src):
    """Every Markdown file of the tree (not the build folders): their links are checked."""
    found = []
    for folder, dirs, files in os.walk(src):
        dirs[:] = sorted(d for d in dirs if not d.startswith((".", "build", "node_modules")))
        found += [os.path.join(folder, f) for f in sorted(files) if f.endswith(".md")]
    return found


def blocks(path):
    """(line number, info string, skip reason or None, lines) per fenced block;
    and the lines outside fences, with their numbers."""
    lines = open(path, encoding="utf-8").read().split("\n")
    out, prose, i = [], [], 0
    while i < len(lines):
        m = re.match(r"^(\s*)(```+)(.*)$", lines[i])
        if not m:
            prose.append((i + 1, lines[i]))
            i += 1
            continue
        indent, fence, info = m.group(1), m.group(2), m.group(3).strip()
        skip = SKIP.match(lines[i - 1].strip()) if i > 0 else None
        start, body = i + 1, []
        i += 1
        while i < len(lines) and lines[i].strip() != fence:
            body.append(lines[i][len(indent):] if lines[i].startswith(indent) else lines[i])
            i += 1
        i += 1
        out.append((start, info, skip.group(1) if skip else None, body))
    return out, prose


def commands(body):
    """[(command, expected lines)] of a console block."""
    result, i = [], 0
    while i < len(body):
        if not body[i].startswith("$ "):
            raise ValueError("line %r comes before any `$ ` command" % body[i])
        command = body[i][2:]
        while command.endswith("\\"):
            i += 1
            command = command[:-1] + "\n" + body[i]
        i += 1
        expected = []
        while i < len(body) and not body[i].startswith("$ "):
            expected.append(body[i])
            i += 1
        while expected and expected[-1] == "":
            expected.pop()
        result.append((command, expected))
    return result


def line_matches(pattern, line):
    if ANY not in pattern:
        return pattern == line
    parts = [re.escape(p) for p in pattern.split(ANY)]
    return re.fullmatch(".*?".join(parts), line, re.S) is not None


def matches(expected, actual):
    """Whether the actual lines fit the expected ones (`…` and `⋮`)."""
    memo = {}

    def go(i, j):
        if (i, j) in memo:
            return memo[(i, j)]
        if i == len(expected):
            ok = j == len(actual)
        elif expected[i] == ANY_LINES:
            ok = any(go(i + 1, k) for k in range(j, len(actual) + 1))
        else:
            ok = j < len(actual) and line_matches(expected[i], actual[j]) and go(i + 1, j + 1)
        memo[(i, j)] = ok
        return ok

    return go(0, 0)


PYTHON_DIR = "build/check/python"


def python_module_built(folder):
    """The package arbiter with its compiled part (python/CMakeLists.txt)."""
    package = os.path.join(folder or "", "arbiter")
    return bool(folder) and os.path.isdir(package) and any(
        f.startswith("_arbiter.") and f.endswith(".so") for f in os.listdir(package))


def self_check():
    """The matcher itself, so that a fault in it cannot pass every example."""
    cases = [
        (["total 1 nodes in … s, … nodes/s"], ["total 1 nodes in 0.5 s, 2 nodes/s"], True),
        (["total 1 nodes in … s, … nodes/s"], ["total 2 nodes in 0.5 s, 2 nodes/s"], False),
        (["a", "⋮", "z"], ["a", "b", "c", "z"], True),
        (["a", "⋮", "z"], ["a", "z"], True),
        (["a", "⋮", "z"], ["a", "b"], False),
        (["a"], ["a", "b"], False),
        (["a", "b"], ["a"], False),
        (["x…"], ["x", "y"], False),
        ([], [], True),
    ]
    for expected, actual, want in cases:
        if matches(expected, actual) != want:
            raise AssertionError("matcher: %r against %r should be %s" % (expected, actual, want))
    if commands(["$ a \\", "b", "out", "$ c"]) != [("a \nb", ["out"]), ("c", [])]:
        raise AssertionError("commands: continuation lines")


def run(command, workdir, perft_dir, timeout):
    env = dict(os.environ, PATH=perft_dir + os.pathsep + os.environ.get("PATH", ""))
    env.pop("COLUMNS", None)
    p = subprocess.run(["sh", "-c", command], cwd=workdir, env=env, stdin=subprocess.DEVNULL,
                       capture_output=True, timeout=timeout)
    lines = (p.stdout.decode("utf-8", "replace") + p.stderr.decode("utf-8", "replace"))
    lines = lines.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if p.returncode != 0:
        lines.append("[exit %d]" % p.returncode)
    return lines


def slug(heading):
    s = heading.strip().lower()
    s = re.sub(r"[^\w\- ]", "", s)
    return s.replace(" ", "-")


def anchors(path):
    found, counts = set(), {}
    for _, line in blocks(path)[1]:
        m = re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)
        if m:
            base = slug(re.sub(r"[`*]|\[([^\]]*)\]\([^)]*\)", r"\1", m.group(1)))
            n = counts.get(base, 0)
            counts[base] = n + 1
            found.add(base if n == 0 else "%s-%d" % (base, n))
    return found


def check_links(src, docs, failures):
    checked = 0
    for doc in docs:
        for number, line in blocks(doc)[1]:
            for target in LINK.findall(re.sub(r"`[^`]*`", "", line)):
                if re.match(r"^[a-z]+:", target):
                    continue
                checked += 1
                path, _, anchor = target.partition("#")
                full = os.path.normpath(os.path.join(os.path.dirname(doc), path)) if path else doc
                where = "%s:%d: link %s" % (os.path.relpath(doc, src), number, target)
                outside = os.path.relpath(full, src).startswith(os.pardir + os.sep)
                if not os.path.exists(full) and outside:
                    # RULES.md lives beside the checkout, not in it: a clone
                    # elsewhere cannot see it, which is no fault of the docs.
                    print("skip   %s (outside the checkout, not there)" % where)
                    checked -= 1
                elif not os.path.exists(full):
                    failures.append(where + ": no such file")
                elif anchor and full.endswith(".md") and anchor not in anchors(full):
                    failures.append(where + ": no heading #%s in %s" % (anchor, os.path.relpath(full, src)))
    return checked


def main():
    args = sys.argv[1:]
    timeout, listing, python_dir = 20.0, False, None
    if "--python" in args:
        k = args.index("--python")
        python_dir = os.path.abspath(args[k + 1])
        del args[k:k + 2]
    if "--timeout" in args:
        k = args.index("--timeout")
        timeout = float(args[k + 1])
        del args[k:k + 2]
    if "--list" in args:
        args.remove("--list")
        listing = True
    if len(args) != 2:
        print(__doc__.strip().split("\n\n")[1], file=sys.stderr)
        return 2
    self_check()
    src, perft = os.path.abspath(args[0]), os.path.abspath(args[1])
    if not os.access(perft, os.X_OK):
        print("no perft program at %s" % perft, file=sys.stderr)
        return 2
    docs = documents(src)
    failures, ran, skipped = [], 0, 0
    scratch = tempfile.mkdtemp(prefix="doc_transcripts.")
    try:
        for doc in docs:
            name = os.path.relpath(doc, src)
            for start, info, skip, body in blocks(doc)[0]:
                if info.split()[:1] != ["console"]:
                    continue
                try:
                    cmds = commands(body)
                except (ValueError, IndexError) as e:
                    failures.append("%s:%d: %s" % (name, start, e))
                    continue
                if not cmds:
                    failures.append("%s:%d: a console block without a `$ ` command" % (name, start))
                # A folder of its own per block: one example's files are not another's.
                work = os.path.join(scratch, "%s-%d" % (name.replace("/", "-"), start))
                os.mkdir(work)
                for entry in os.listdir(src):
                    if entry not in ("build", ".git"):
                        os.symlink(os.path.join(src, entry), os.path.join(work, entry))
                for command, expected in cmds:
                    where = "%s:%d: $ %s" % (name, start, command)
                    reason = skip
                    if not reason and PYTHON_DIR in command:
                        if python_module_built(python_dir):
                            command = command.replace(PYTHON_DIR, python_dir)
                        else:
                            reason = "the Python module arbiter is not built in this build"
                    if reason:
                        skipped += 1
                        print("skip   %s (%s)" % (where, reason))
                        continue
                    if listing:
                        print("run    %s" % where)
                        continue
                    ran += 1
                    began = time.monotonic()
                    try:
                        actual = run(command, work, os.path.dirname(perft), timeout)
                    except subprocess.TimeoutExpired:
                        failures.append("%s: over %g s (make it cheaper or mark its block skip)"
                                        % (where, timeout))
                        print("SLOW   %s" % where)
                        continue
                    if matches(expected, actual):
                        print("ok     %s (%.1f s)" % (where, time.monotonic() - began))
                    else:
                        print("FAIL   %s" % where)
                        failures.append("%s\n  expected:\n%s\n  got:\n%s" % (
                            where, "\n".join("    " + l for l in expected),
                            "\n".join("    " + l for l in actual)))
        links = check_links(src, all_documents(src), failures)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    for f in failures:
        print(f)
    print("%d examples run, %d skipped, %d links checked, %d failures"
          % (ran, skipped, links, len(failures)))
    if not listing and ran == 0:
        print("no example ran: the documents lost their ```console blocks?")
        return 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
