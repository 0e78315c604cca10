"""pytest setup for the module arbiter: CTest (python/CMakeLists.txt) sets
ARBITER_MODULE_DIR (the built module), ARBITER_PERFT (the perft tool, the
CLI the module must agree with) and ARBITER_SOURCE_DIR."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.environ.get("ARBITER_SOURCE_DIR", os.path.dirname(os.path.dirname(HERE)))
sys.path.insert(0, os.environ.get("ARBITER_MODULE_DIR", os.path.join(SOURCE, "build/check/python")))
sys.path.insert(0, os.path.join(SOURCE, "adapters/python"))
PERFT = os.environ.get("ARBITER_PERFT", os.path.join(SOURCE, "build/check/bin/perft"))
