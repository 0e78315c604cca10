"""The compiled part of the Python package arbiter (arbiter._arbiter) from this
tree's CMake build: pip install . (pyproject.toml) calls this through
setuptools. It configures CMake in build/pip/ (kept, so that a second install
rebuilds only what changed), builds the target `arbiter` alone, and copies its
.so into the wheel beside python/arbiter/'s files.

The build is Release, portable (-DARB_NATIVE=OFF: x86-64-v2, so that a wheel
runs on other machines), position-independent (the module links the libraries
as they are), without the tests and benchmarks. The environment tunes it:
  ARBITER_CMAKE_ARGS           more CMake options, after ours
                               (-DARB_NATIVE=ON: this machine's CPU, faster)
  CMAKE_BUILD_PARALLEL_LEVEL   parallel compile jobs (CMake's own variable)
  CMAKE_CXX_COMPILER_LAUNCHER  e.g. ccache (CMake's own variable)
"""
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
BUILD = ROOT / "build" / "pip"


def project_version():
    """The one version: project(arbiter VERSION x.y.z) of CMakeLists.txt,
    which CMake also compiles into the module as arbiter.__version__."""
    text = (ROOT / "CMakeLists.txt").read_text()
    m = re.search(r"project\(\s*arbiter\s+VERSION\s+([0-9]+(?:\.[0-9]+)*)", text)
    if not m:
        sys.exit("setup.py: no project(arbiter VERSION ...) in CMakeLists.txt")
    return m.group(1)


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        cmake_dir = BUILD / "cmake"
        configure = ["cmake", "-S", str(ROOT), "-B", str(cmake_dir)]
        if not (cmake_dir / "CMakeCache.txt").exists() and shutil.which("ninja"):
            configure += ["-G", "Ninja"]
        configure += [
            "-DCMAKE_BUILD_TYPE=Release", "-DARB_NATIVE=OFF", "-DARB_TESTS=OFF",
            "-DARB_BENCHMARKS=OFF", "-DARB_PYTHON=ON", "-DCMAKE_POSITION_INDEPENDENT_CODE=ON",
            # neither the perft tool nor the C++ package's install rules (where
            # the tree has these options; elsewhere CMake says they were unused)
            "-DARB_CLI=OFF", "-DARB_INSTALL=OFF",
            f"-DPython3_EXECUTABLE={sys.executable}",
        ] + shlex.split(os.environ.get("ARBITER_CMAKE_ARGS", ""))
        subprocess.run(configure, check=True)
        build = ["cmake", "--build", str(cmake_dir), "--target", "arbiter"]
        if self.parallel and "CMAKE_BUILD_PARALLEL_LEVEL" not in os.environ:
            build += ["--parallel", str(self.parallel)]
        subprocess.run(build, check=True)
        # pybind11 names the module with this interpreter's suffix, as setuptools does
        target = Path(self.get_ext_fullpath(ext.name))
        built = cmake_dir / "python" / "arbiter" / target.name
        if not built.exists():
            sys.exit(f"setup.py: CMake built no {built}")
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built, target)


BUILD.mkdir(parents=True, exist_ok=True)
setup(
    version=project_version(),
    ext_modules=[Extension("arbiter._arbiter", sources=[])],
    cmdclass={"build_ext": CMakeBuild},
    options={"build": {"build_base": str(BUILD)}, "egg_info": {"egg_base": str(BUILD)}},
)
