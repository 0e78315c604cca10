#!/usr/bin/python3
"""Every program, library and Python module the project needs comes from a
Debian package that dev.sh installs: a fresh machine that runs ./dev.sh
must find everything it calls, not only what the author's machine had.

Usage: check_packages.py SOURCE_DIR BUILD_DIR

What is needed, found from the files themselves:
  - CMake: every find_program / find_path / find_library / find_package of
    CMakeLists.txt and cmake/*.cmake (the path this build's CMakeCache.txt
    found, else the program on PATH or the package's config file);
  - the programs that dev.sh, .ci/run and the shell scripts call;
  - the programs in the ```sh blocks and the `$ ` lines of the ```console
    blocks of every tracked Markdown file;
  - the modules the Python scripts import and the programs they run.
Each is resolved to its Debian package with `dpkg -S`, and the package must be
in dev.sh's PACKAGES, a dependency of one (Depends / Pre-Depends, recursively,
from dpkg's database) or part of every Debian system (Essential or Priority
required). Anything else fails the test, one line per miss.

dev.sh's CLUSTER_PACKAGES (Slurm and munge, installed by `./dev.sh cluster`
only) count as PACKAGES where they are installed. Where one is not, the
programs of CLUSTER_PROGRAMS are not looked for: the default run does not
install Slurm, and dpkg knows the files of installed packages only.
"""
import ast
import importlib.util
import os
import re
import shutil
import subprocess
import sys

# Named in the documentation but not ours to install: the project's own
# programs, and Slurm's, which a cluster provides (docs/cluster.md).
NOT_PACKAGES = {"perft", "sudo"}
# The programs of dev.sh's CLUSTER_PACKAGES that the scripts and documents
# call (scripts/slurm_local.sh, scripts/perft_units.sbatch, docs/cluster.md).
CLUSTER_PROGRAMS = {"munge", "unmunge", "munged", "mungekey", "slurmctld", "slurmd", "sbatch",
                    "squeue", "sinfo", "scontrol", "scancel", "sacct", "srun"}
SHELL_WORDS = {
    "if", "then", "else", "elif", "fi", "for", "in", "do", "done", "case", "esac", "while",
    "until", "function", "local", "export", "return", "shift", "set", "cd", "echo", "exit",
    "exec", "trap", "read", "printf", "test", "true", "false", "[", "[[", "]]", "]", "!",
    "eval", "source", ".", "wait", "unset", "declare", "break", "continue", ":", "{", "}",
    "time", "command", "type", "umask", "shopt", "jobs", "kill", "getopts", "let",
}
PROGRAM = re.compile(r"^[A-Za-z][A-Za-z0-9_.+-]*$")


# A fresh Debian's PATH: a program found only elsewhere (pyenv, ~/.local) is
# one that dev.sh did not install.
SYSTEM_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"


def which(program):
    return shutil.which(program, path=SYSTEM_PATH)


def sh(*cmd):
    return subprocess.run(cmd, capture_output=True, text=True).stdout


def tracked(root, *patterns):
    out = sh("git", "-C", root, "ls-files", "--", *patterns).split()
    if not out:  # not a git checkout (a source tarball): walk the tree
        import fnmatch
        for d, dirs, files in os.walk(root):
            dirs[:] = [x for x in dirs if not x.startswith(("build", "."))]
            for f in files:
                rel = os.path.relpath(os.path.join(d, f), root)
                if any(fnmatch.fnmatch(rel, p) for p in patterns):
                    out.append(rel)
    return sorted(out)


def dev_packages(root, name="PACKAGES"):
    """A package list of dev.sh (an array assignment at the start of a line)."""
    text = open(os.path.join(root, "dev.sh")).read()
    m = re.search(rf"^{name}=\((.*?)\)", text, re.S | re.M)
    return m.group(1).split() if m else []


def installed_closure(roots):
    """Packages reachable from `roots` by Depends/Pre-Depends, plus the base
    system (Essential, Priority required) and what it depends on."""
    info, provides = {}, {}
    fmt = "${Package}\t${db:Status-Abbrev}\t${Essential}\t${Priority}\t${Provides}\t${Depends}, ${Pre-Depends}\n"
    for line in sh("dpkg-query", "-W", "-f=" + fmt).splitlines():
        name, status, essential, priority, prov, deps = (line.split("\t") + [""] * 6)[:6]
        if not status.startswith("ii"):
            continue
        alts = []
        for clause in deps.split(","):
            names = [re.sub(r"[:\s(].*", "", a.strip()) for a in clause.split("|")]
            names = [n for n in names if n]
            if names:
                alts.append(names)
        info[name] = (essential == "yes" or priority == "required", alts)
        for p in prov.split(","):
            p = re.sub(r"[:\s(].*", "", p.strip())
            if p:
                provides.setdefault(p, []).append(name)
    seen = set()
    todo = [p for p in roots if p in info] + [p for p, (base, _) in info.items() if base]
    while todo:
        p = todo.pop()
        if p in seen:
            continue
        seen.add(p)
        for names in info[p][1]:
            for n in names:  # every installed alternative may be the one used
                for q in [n] + provides.get(n, []):
                    if q in info and q not in seen:
                        todo.append(q)
    return seen, set(info)


class Owners:
    """Which installed Debian package owns a file: dpkg's file lists, read
    once (what `dpkg -S` reads, without a process per file)."""

    def __init__(self):
        self.by_path = {}
        info = "/var/lib/dpkg/info"
        for f in os.listdir(info):
            if f.endswith(".list"):
                pkg = f[:-5].split(":")[0]
                with open(os.path.join(info, f), errors="replace") as lines:
                    for line in lines:
                        self.by_path.setdefault(line.rstrip("\n"), pkg)

    def of(self, path):
        """The package owning `path` or, /usr-merge aside, its real path; None if none."""
        real = os.path.realpath(path)
        for p in (path, real, re.sub(r"^/usr/", "/", path), re.sub(r"^/usr/", "/", real)):
            if p in self.by_path:
                return self.by_path[p]
        return None

    def find(self, suffixes):
        """An owned file whose name ends with one of `suffixes` (a package's CMake config)."""
        for path in self.by_path:
            if path.endswith(tuple(suffixes)) and os.path.exists(path):
                return path
        return None


# ---- what is needed: (where, what, path or None when not found)

def cmake_needs(root, build, owners):
    cache = {}
    cache_file = os.path.join(build, "CMakeCache.txt")
    if os.path.exists(cache_file):
        for line in open(cache_file):
            m = re.match(r"^([A-Za-z0-9_]+):[A-Z]+=(.*)$", line.strip())
            if m:
                cache[m.group(1)] = m.group(2)
    needs = []
    for rel in tracked(root, "CMakeLists.txt", "*/CMakeLists.txt", "*.cmake"):
        text = re.sub(r"#.*", "", open(os.path.join(root, rel)).read())
        for kind, args in re.findall(r"\b(find_program|find_path|find_library|find_package)\s*\(([^)]*)\)", text):
            words = args.split()
            where = f"{rel}: {kind}({' '.join(words[:2])} ...)"
            if kind == "find_package":
                name = words[0]
                if name == "arbiter":  # this project's own package (tests/cpp_package/consumer)
                    continue
                path = config_file(cache.get(name + "_DIR", ""), name)
                if not path:  # not in this build (an option off): any installed config file
                    path = owners.find([f"/{name}Config.cmake", f"/{name.lower()}-config.cmake",
                                        f"/Find{name}.cmake"])
                needs.append((where, name, path))
                # What the package's module found and cached (FindPython3: the
                # interpreter, the headers): those files' packages too.
                for key, value in sorted(cache.items()):
                    if re.match(rf"^_?{re.escape(name)}_(?!DIR$)", key) and ";" not in value:
                        found = file_in(value)
                        if found:
                            needs.append((where, f"{name} ({key})", found))
                continue
            var = words[0]
            names = words[words.index("NAMES") + 1:] if "NAMES" in words else words[1:2]
            names = [n for n in names if not n.isupper() and PROGRAM.match(n)]
            found = cache.get(var, "")
            if found and not found.endswith("-NOTFOUND") and os.path.exists(found):
                needs.append((where, " or ".join(names) or var, found))
                continue
            path = None
            for n in names:
                path = which(n) if kind == "find_program" else None
                if path:
                    break
            needs.append((where, " or ".join(names) or var, path))
    return needs


def file_in(path):
    """An existing absolute path as a file: itself, or a directory's first file
    (a directory such as /usr/include/python3.11 is shared by packages)."""
    if not path.startswith("/") or not os.path.exists(path):
        return None
    if os.path.isdir(path):
        files = sorted(f for f in os.listdir(path) if os.path.isfile(os.path.join(path, f)))
        return os.path.join(path, files[0]) if files else None
    return path


def config_file(directory, name):
    if not directory or not os.path.isdir(directory):
        return None
    for f in sorted(os.listdir(directory)):
        if f.lower() in (name.lower() + "config.cmake", name.lower() + "-config.cmake"):
            return os.path.join(directory, f)
    return None


def strip_quotes(text):
    """Shell text with quoted strings replaced by a placeholder word, except
    the command substitutions inside double quotes (which run programs)."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if c == "\\":
            out.append(text[i:i + 2])
            i += 2
        elif c == "'":
            j = text.find("'", i + 1)
            j = n if j < 0 else j
            out.append("Q")
            i = j + 1
        elif c == '"':
            j, depth, subs = i + 1, 0, []
            while j < n and (text[j] != '"' or depth > 0):
                if text[j] == "\\":
                    j += 1
                elif text.startswith("$(", j) and not text.startswith("$((", j):
                    depth += 1
                    start = j
                elif text[j] == ")" and depth > 0:
                    depth -= 1
                    if depth == 0:
                        subs.append(text[start:j + 1])
                j += 1
            out.append("Q" + "".join(" ; " + x for x in subs))
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


# Segments that run no program of their own, whatever follows.
NOT_COMMANDS = ("[", "[[", "test", "echo", "read", "printf", "local", "export", "declare", "return",
                "exit", "set", "shift", "cd", "trap", "unset", "read", "wait", "for", "case",
                "usage:")


def commands_of_shell(text, functions=()):
    """First words of the commands in shell text (a heuristic, not a parser)."""
    text = re.sub(r"<<-?\s*'?(\w+)'?(.*?)\n.*?^\s*\1$", r"\2", text, flags=re.S | re.M)  # here-documents
    text = re.sub(r"(^|\s)#.*", "", text, flags=re.M)
    text = text.replace("\\\n", " ")  # continued lines
    text = strip_quotes(text)
    text = re.sub(r"\$\(\(.*?\)\)", "N", text)  # arithmetic
    text = re.sub(r"^\s*[^\s()]+\)", "", text, flags=re.M)  # case labels
    text = re.sub(r"\$\{[^}]*\}", "V", text)
    text = re.sub(r"^\s*\w+=\(.*?\)", "", text, flags=re.S | re.M)  # arrays
    found = []
    for seg in re.split(r"\|\||&&|[;|&()`\n{}]|\$\(|\bthen\b|\bdo\b|\belse\b|\bin\b", text):
        words = seg.split()
        while words and words[0] not in NOT_COMMANDS and (
                words[0] in SHELL_WORDS or "=" in words[0] or words[0].startswith(("$", "-", "<", ">"))
                or words[0] in ("run", "nice") or words[0].isdigit()):
            words = words[1:]
        if not words or words[0] in NOT_COMMANDS or words[0] == "Q":
            continue  # no program, or one named by a variable ("$perft" units ...)
        if PROGRAM.match(words[0]) and words[0] not in functions and "/" not in words[0]:
            found.append(words[0])
    return found


def shell_needs(root):
    needs = []
    for rel in [".ci/run"] + tracked(root, "*.sh", "*.sbatch"):
        path = os.path.join(root, rel)
        if not os.path.exists(path):
            continue
        text = open(path).read()
        text = re.sub(r"^PACKAGES=\(.*?\)", "", text, flags=re.S | re.M)
        functions = set(re.findall(r"^\s*([A-Za-z_][A-Za-z0-9_]*)\s*\(\)", text, re.M))
        for word in dict.fromkeys(commands_of_shell(text, functions)):
            if word not in NOT_PACKAGES and not (rel.endswith(".sbatch") and word == "srun"):
                needs.append((rel, word, which(word)))
    return needs


def markdown_needs(root):
    needs = []
    for rel in tracked(root, "*.md"):
        text = open(os.path.join(root, rel)).read()
        for kind, block in re.findall(r"^```(sh|bash|console)\n(.*?)^```", text, re.S | re.M):
            if kind == "console":
                # a transcript (tests/doc_transcripts.py): the `$ ` lines are
                # the commands, the rest is what they print
                block = "\n".join(line[2:] for line in block.split("\n") if line.startswith("$ "))
            words = commands_of_shell(block)
            # the command inside --engine '...' (a path, e.g. build/bin/perft, is ours)
            words += [w.split()[0] for w in re.findall(r"--engine '([^']+)'", block)
                      if "/" not in w.split()[0]]
            for word in dict.fromkeys(words):
                if word not in NOT_PACKAGES:
                    needs.append((rel, word, which(word)))
            # python3 -m MODULE (pip, venv): the module's package; a venv
            # gets its pip from ensurepip (Debian python3-venv)
            for m in dict.fromkeys(re.findall(r"\bpython3?(?:\.\d+)?\s+-m\s+([A-Za-z_]\w*)", block)):
                for module in [m] + (["ensurepip"] if m == "venv" else []):
                    needs.append((rel, "python module " + module, module_origin(module)))
    return needs


def module_origin(name):
    """The file of a top-level module in this python3 (None: not installed)."""
    spec = importlib.util.find_spec(name)
    if not spec:
        return None
    if spec.origin not in (None, "namespace", "built-in", "frozen"):
        return spec.origin
    return list(spec.submodule_search_locations or [None])[0]


def own_modules(root):
    """The Python modules this project makes: its tracked .py files' names and
    the modules CMake builds (pybind11_add_module)."""
    names = {os.path.basename(rel)[:-3] for rel in tracked(root, "*.py")}
    for rel in tracked(root, "CMakeLists.txt", "*/CMakeLists.txt"):
        text = re.sub(r"#.*", "", open(os.path.join(root, rel)).read())
        names.update(re.findall(r"\bpybind11_add_module\s*\(\s*([A-Za-z_][A-Za-z0-9_]*)", text))
    return names


def python_needs(root):
    """The modules and programs of the tracked Python files, and of the Python
    programs they run by path (/usr/share/benchmark/compare.py needs SciPy)."""
    needs = []
    own = own_modules(root)
    todo = [(rel, os.path.join(root, rel)) for rel in tracked(root, "*.py")]
    seen = set()
    while todo:
        rel, path = todo.pop(0)
        if path in seen:
            continue
        seen.add(path)
        tree = ast.parse(open(path).read(), path)
        here = os.path.dirname(path)
        modules = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                modules.update(a.name.split(".")[0] for a in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                modules.add(node.module.split(".")[0])
            elif isinstance(node, (ast.Call, ast.Dict)) and path.startswith(root):
                # programs run as a list: ["valgrind", "--tool=...", ...]
                values = node.args if isinstance(node, ast.Call) else node.values
                for v in values:
                    if (isinstance(v, ast.List) and len(v.elts) >= 2
                            and isinstance(v.elts[0], ast.Constant) and isinstance(v.elts[0].value, str)):
                        prog = v.elts[0].value
                        args = [e.value for e in v.elts[1:] if isinstance(e, ast.Constant)]
                        if prog.startswith("/"):
                            needs.append((rel, prog, prog if os.path.exists(prog) else None))
                            # python3 /path/script.py: that script's imports too
                            for a in args:
                                if isinstance(a, str) and a.startswith("/") and a.endswith(".py") and os.path.exists(a):
                                    todo.append((f"{rel} (runs {a})", a))
                        elif PROGRAM.match(prog) and prog not in NOT_PACKAGES:
                            needs.append((rel, prog, which(prog)))
        for m in sorted(modules):
            local = os.path.join(here, m)
            if os.path.exists(local + ".py") or os.path.isdir(local):
                if not path.startswith(root):  # an outside program's own modules: follow them
                    files = [local + ".py"] if os.path.exists(local + ".py") else [
                        os.path.join(local, f) for f in sorted(os.listdir(local)) if f.endswith(".py")]
                    todo += [(rel, f) for f in files]
                continue
            if m in own and path.startswith(root):
                continue  # ours (arbiter, arbiter_adapter), put on sys.path by the tests
            if m in sys.builtin_module_names:
                continue  # built into python3
            spec = importlib.util.find_spec(m)
            if spec and spec.origin in ("built-in", "frozen"):
                continue  # inside the python3 binary
            origin = spec and (spec.origin if spec.origin not in (None, "namespace") else None)
            if spec and not origin and spec.submodule_search_locations:
                origin = list(spec.submodule_search_locations)[0]
            needs.append((rel, "python module " + m, origin if spec else None))
    return needs


def main():
    root, build = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    owners = Owners()
    packages = dev_packages(root)
    cluster = dev_packages(root, "CLUSTER_PACKAGES")
    closure, installed = installed_closure(packages + cluster)  # roots not installed are left out
    cluster_missing = [p for p in cluster if p not in installed]
    problems = [f"dev.sh's PACKAGES lists {p}, which is not installed (run ./dev.sh main)"
                for p in packages if p not in installed]
    needs = cmake_needs(root, build, owners) + shell_needs(root) + markdown_needs(root) + python_needs(root)
    checked = {}
    skipped = set()
    for where, what, path in needs:
        if cluster_missing and what in CLUSTER_PROGRAMS:
            skipped.add(what)  # ./dev.sh cluster installs it; not installed here
            continue
        if not path:
            problems.append(f"{where}: {what} is not installed (no Debian package of dev.sh provides it)")
            continue
        if path not in checked:
            checked[path] = owners.of(path)
        pkg = checked[path]
        if pkg is None:
            problems.append(f"{where}: {what} is {path}, which no Debian package owns (installed by hand?)")
        elif pkg not in closure:
            problems.append(f"{where}: {what} comes from Debian package {pkg}, which dev.sh does not "
                            f"install: add it to PACKAGES in dev.sh")
    for p in dict.fromkeys(problems):
        print(p)
    if skipped:
        print(f"not checked: {' '.join(sorted(skipped))} (dev.sh's CLUSTER_PACKAGES "
              f"{' '.join(cluster_missing)} not installed; ./dev.sh cluster installs them)")
    print(f"{len(needs)} needs checked ({len(checked)} files, {len(closure)} packages from dev.sh "
          f"and the base system): {'FAIL' if problems else 'ok'}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
