#!/usr/bin/env python3
"""Instructions per interior node of `perft` on fixed workloads (callgrind).

Wall clock on a shared machine swings 2x; instruction counts do not. For each
(spec, position, depth) this runs `perft <spec> --position P --depth d` under
callgrind at depth d and at depth 1, and prints

  instr/interior = (Ir(d) - Ir(1)) / (perft(1) + ... + perft(d-1))

(the startup and the root cancel out), the leaves perft(d), and leaves/s from
one plain run (user time; a rough figure). Every run is the plain walk on one
thread (--hash 0 --threads 1): the table and threads, on by default from depth
5, would measure the table instead of the engine.

  scripts/measure.py [--perft build/bin/perft] [--impl engine] [--no-time]
                     [--no-callgrind] workload.txt
  workload lines: <spec> | <position or start> | <depth>   (# comments)
"""
import argparse, json, os, re, subprocess, sys, tempfile, time, resource

PLAIN = ["--hash", "0", "--threads", "1"]


def perft_json(exe, spec, pos, depth, impl):
    cmd = [exe, spec, "--depth", str(depth), "--json", "--impl", impl] + PLAIN
    if pos != "start":
        cmd += ["--position", pos]
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def instructions(exe, spec, pos, depth, impl):
    with tempfile.TemporaryDirectory() as tmp:
        outfile = os.path.join(tmp, "cg.out")
        cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=" + outfile, exe, spec,
               "--depth", str(depth), "--impl", impl] + PLAIN
        if pos != "start":
            cmd += ["--position", pos]
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode != 0:
            sys.exit(r.stderr)
        m = re.search(r"Collected : (\d+)", r.stderr)
        return int(m.group(1))


def user_seconds(cmd):
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime
    subprocess.run(cmd, check=True, capture_output=True)
    return resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime - before


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("workload")
    ap.add_argument("--perft", default="build/bin/perft")
    ap.add_argument("--impl", default="engine")
    ap.add_argument("--no-time", action="store_true", help="skip the leaves/s run")
    ap.add_argument("--no-callgrind", action="store_true", help="only leaves/s (e.g. the reference)")
    a = ap.parse_args()
    print(f"{'spec':24} {'d':>2} {'leaves':>12} {'instr/interior':>14} {'leaves/s':>10}  position")
    for line in open(a.workload):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        spec, pos, depth = [f.strip() for f in line.split("|")]
        depth = int(depth)
        interior = sum(perft_json(a.perft, spec, pos, k, a.impl)["nodes"] for k in range(1, depth))
        leaves = perft_json(a.perft, spec, pos, depth, a.impl)["nodes"]
        ir = 0
        if not a.no_callgrind:
            ir = instructions(a.perft, spec, pos, depth, a.impl) - instructions(a.perft, spec, pos, 1, a.impl)
        rate = ""
        if not a.no_time:
            cmd = [a.perft, spec, "--depth", str(depth), "--impl", a.impl] + PLAIN
            if pos != "start":
                cmd += ["--position", pos]
            s = user_seconds(cmd)
            rate = f"{leaves / s / 1e6:8.1f} M" if s > 0 else "-"
        print(f"{spec:24} {depth:>2} {leaves:>12} {ir / max(interior, 1):>14.1f} {rate:>10}  {pos[:60]}",
              flush=True)


if __name__ == "__main__":
    main()
