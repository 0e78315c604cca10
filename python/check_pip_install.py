#!/usr/bin/python3
"""The README's install command, run as written into a fresh venv, then the
package used from outside the checkout: what a user of pip gets.

Usage: check_pip_install.py SOURCE_DIR PERFT [BUILD_DIR CMAKE]

The tracked files of SOURCE_DIR (a clean clone: nothing of the checkout's
builds) are copied into a temporary folder, and the README's line that makes
a venv and runs `pip install --no-build-isolation .` runs there with its venv
folder replaced by one in the temporary folder. Then, from another folder:
`import arbiter` comes from the venv, its version is perft's, a perft count is
perft's, the stubs are beside the module, `pip list` and `pip show` show the
distribution, and `pip uninstall -y` removes it. Offline (PIP_NO_INDEX): the
venv sees Debian's numpy, pybind11, setuptools and wheel. With BUILD_DIR (a
CMake build that built the module) and CMAKE: `cmake --install` of its
component python into a temporary prefix gives a package that imports and a
dist-info that pip shows with every file installed.

The build inside pip is a Release build of the module alone (setup.py): about
150 CPU seconds from cold. CMAKE_CXX_COMPILER_LAUNCHER=ccache in the
environment makes a second run mostly cache hits (CCACHE_BASEDIR is set to
the temporary folder, whose name changes from run to run).
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

DISTRIBUTION = "arbiter-boardgames"
README_VENV = "~/arbiter-venv"


def fail(message):
    print(f"check_pip_install: {message}")
    sys.exit(1)


def run(command, cwd, env, **kwargs):
    print("$", command if isinstance(command, str) else " ".join(command), flush=True)
    r = subprocess.run(command, cwd=cwd, env=env, text=True, capture_output=True, **kwargs)
    if r.returncode != 0:
        fail(f"exit {r.returncode}: {command}\n{r.stdout[-4000:]}\n{r.stderr[-4000:]}")
    return r.stdout


def readme_command(source):
    """The README's one line that makes a venv and pip-installs into it."""
    text = open(os.path.join(source, "README.md")).read()
    lines = [line for block in re.findall(r"^```sh\n(.*?)^```", text, re.S | re.M)
             for line in block.splitlines()
             if " -m venv " in line and "pip install --no-build-isolation ." in line]
    if len(lines) != 1:
        fail(f"README.md: expected one ```sh line with '-m venv' and 'pip install "
             f"--no-build-isolation .', found {lines}")
    command = re.sub(r"\s+#.*$", "", lines[0])
    if README_VENV not in command:
        fail(f"README.md's install line does not name the venv {README_VENV}: {command}")
    return command


def copy_tracked(source, dest):
    files = subprocess.run(["git", "-C", source, "ls-files", "-z", "--cached", "--others",
                            "--exclude-standard"], capture_output=True, text=True).stdout
    files = [f for f in files.split("\0") if f]
    if not files:  # not a git checkout: everything but the builds
        for d, dirs, names in os.walk(source):
            dirs[:] = [x for x in dirs if not x.startswith(("build", "."))]
            files += [os.path.relpath(os.path.join(d, n), source) for n in names]
    for rel in files:
        src = os.path.join(source, rel)
        if os.path.isfile(src):
            os.makedirs(os.path.dirname(os.path.join(dest, rel)), exist_ok=True)
            shutil.copy2(src, os.path.join(dest, rel))


def check_cmake_install(build, cmake, python, expected, tmp, outside, env):
    prefix = os.path.join(tmp, "prefix")
    run([cmake, "--install", build, "--prefix", prefix, "--component", "python"], outside, env)
    infos = [os.path.join(d, x) for d, dirs, _ in os.walk(prefix) for x in dirs
             if x.endswith(".dist-info")]
    want = f"{DISTRIBUTION.replace('-', '_')}-{expected['version']}.dist-info"
    if [os.path.basename(i) for i in infos] != [want]:
        fail(f"cmake --install made {infos}, not one {want}")
    site = os.path.dirname(infos[0])
    env = dict(env, PYTHONPATH=site)
    version = run([python, "-c", "import arbiter; print(arbiter.__version__)"], outside, env)
    if version.strip() != expected["version"]:
        fail(f"the package of cmake --install has version {version.strip()}")
    shown = run([python, "-m", "pip", "show", "-f", DISTRIBUTION], outside, env)
    listed = {line.strip() for line in shown.split("Files:", 1)[-1].splitlines() if line.strip()}
    files = {os.path.relpath(os.path.join(d, f), site) for d, _, names in os.walk(site)
             for f in names}
    if f"Location: {site}" not in shown or listed != files:
        fail(f"pip show -f of the cmake --install: {sorted(listed)}, installed: {sorted(files)}")
    print(f"ok: cmake --install's package imports and pip shows its {len(files)} files")


def main():
    if len(sys.argv) not in (3, 5):
        fail("usage: check_pip_install.py SOURCE_DIR PERFT [BUILD_DIR CMAKE]")
    source, perft = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    command = readme_command(source)
    expected = json.loads(run([perft, "emergo", "--depth", "4", "--json"], None, None))
    tmp = tempfile.mkdtemp(prefix="arbiter-pip-")
    try:
        src, venv, outside = (os.path.join(tmp, d) for d in ("src", "venv", "outside"))
        os.makedirs(outside)
        copy_tracked(source, src)
        env = dict(os.environ, PIP_NO_INDEX="1", PIP_DISABLE_PIP_VERSION_CHECK="1",
                   PIP_NO_CACHE_DIR="1", CCACHE_BASEDIR=tmp)
        for var in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME"):
            env.pop(var, None)
        run(command.replace(README_VENV, venv), src, env, shell=True, timeout=1200)

        python = os.path.join(venv, "bin", "python")
        probe = ("import arbiter, json, os; p = arbiter.Game('emergo').start(); "
                 "print(json.dumps({'file': arbiter.__file__, 'version': arbiter.__version__, "
                 "'nodes': arbiter.perft(p, 4), 'files': sorted(os.listdir(os.path.dirname("
                 "arbiter.__file__)))}))")
        got = json.loads(run([python, "-c", probe], outside, env))
        site = run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                   outside, env).strip()
        if not got["file"].startswith(site + os.sep):
            fail(f"arbiter imported from {got['file']}, not from the venv's {site}")
        if got["version"] != expected["version"]:
            fail(f"arbiter.__version__ is {got['version']}, perft's {expected['version']}")
        if got["nodes"] != expected["nodes"]:
            fail(f"arbiter.perft(emergo start, 4) = {got['nodes']}, perft: {expected['nodes']}")
        for name in ("__init__.py", "_arbiter.pyi", "py.typed"):
            if name not in got["files"]:
                fail(f"the installed package has no {name}: {got['files']}")

        listed = run([python, "-m", "pip", "list"], outside, env)
        if not re.search(rf"^{DISTRIBUTION}\s+{re.escape(expected['version'])}\s*$", listed, re.M):
            fail(f"pip list does not show {DISTRIBUTION} {expected['version']}:\n{listed}")
        shown = run([python, "-m", "pip", "show", "-f", DISTRIBUTION], outside, env)
        for want in (f"Name: {DISTRIBUTION}", f"Version: {expected['version']}",
                     "Requires: numpy", "arbiter/_arbiter.pyi"):
            if want not in shown:
                fail(f"pip show -f {DISTRIBUTION} has no '{want}':\n{shown}")

        run([python, "-m", "pip", "uninstall", "-y", DISTRIBUTION], outside, env)
        r = subprocess.run([python, "-c", "import arbiter"], cwd=outside, env=env,
                           capture_output=True, text=True)
        if r.returncode == 0 or "No module named 'arbiter'" not in r.stderr:
            fail(f"arbiter still imports after pip uninstall: {r.stderr}")
        if os.path.exists(os.path.join(site, "arbiter")):
            fail(f"pip uninstall left {site}/arbiter: {os.listdir(os.path.join(site, 'arbiter'))}")
        print(f"ok: {DISTRIBUTION} {got['version']} installed by the README's line, imported "
              f"from the venv, perft 4 = {got['nodes']}, listed, shown and uninstalled")
        if len(sys.argv) == 5:
            check_cmake_install(os.path.abspath(sys.argv[3]), sys.argv[4], python, expected, tmp,
                                outside, env)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
