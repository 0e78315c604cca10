#!/usr/bin/env python3
"""A correct but slow engine for verify's default timeout: `perft serve` behind
a filter that, before each count it answers (`divide`, `perft`), sleeps as an
engine of RATE nodes/s would take for it. Other requests are answered at once.

Usage: slow_engine.py PERFT SPEC RATE [hang|crash REQUEST]
  hang REQUEST   never answer the request that starts with REQUEST ('divide 2')
  crash REQUEST  die of SIGSEGV when it comes
"""
import os
import signal
import subprocess
import sys
import time

perft, spec, rate = sys.argv[1], sys.argv[2], float(sys.argv[3])
fault, at = (sys.argv[4], sys.argv[5]) if len(sys.argv) > 5 else (None, None)
serve = subprocess.Popen([perft, "serve", spec], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         text=True)
for request in sys.stdin:
    if at is not None and request.startswith(at):
        if fault == "crash":
            os.kill(os.getpid(), signal.SIGSEGV)
        time.sleep(3600)
    serve.stdin.write(request)
    serve.stdin.flush()
    if request.strip() == "quit":
        break
    verb = request.split()[0] if request.split() else ""
    reply = [serve.stdout.readline()]
    while verb == "divide" and not reply[-1].startswith(("total ", "err ")):
        reply.append(serve.stdout.readline())
    if verb in ("divide", "perft") and reply[-1].startswith("total "):
        time.sleep(int(reply[-1].split()[1]) / rate)
    sys.stdout.write("".join(reply))
    sys.stdout.flush()
