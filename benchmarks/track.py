#!/usr/bin/python3
"""Performance tracking by instruction counts (issue 13); run through ./dev.sh track.

Each workload (benchmarks/workloads.h) runs once under Valgrind (cachegrind
without cache simulation: it counts instructions executed, Ir), which gives
the same count on every run and under any load, unlike the wall clock.

  track.py check  --build DIR [--only NAME]... [--runs N] [--program GAME=EXE]
      measure, print benchmark / baseline / now / change %, exit 1 when an
      engine workload costs more than the limit above the baseline (or its
      node count differs: the workload itself changed).
  track.py update --build DIR --reason TEXT [--bench-runs N]
      measure, write benchmarks/baseline.json, append to benchmarks/history.jsonl;
      also records Google Benchmark's wall-clock nodes/s (information only).
  track.py plot   one SVG per game from the history (docs/perf/<game>.svg), gnuplot.
  track.py ab --a DIR --b DIR [--rounds N]
      two builds on this machine: instruction counts, and Google Benchmark's
      compare.py on wall-clock runs interleaved A, B, A, B, ...
Exit 2 on an error.
"""
import argparse
import concurrent.futures
import datetime
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BASELINE = os.path.join(ROOT, "benchmarks", "baseline.json")
HISTORY = os.path.join(ROOT, "benchmarks", "history.jsonl")
PLOTS = os.path.join(ROOT, "docs", "perf")
# Above this the gate fails. Instruction counts repeat exactly (measured: 0
# difference between runs), so the limit only has to sit below the smallest
# change worth catching (issue 13: 2%), not above any noise.
LIMIT_PERCENT = 1.0
# How the gate's build is configured (./dev.sh track): part of the toolchain.
BUILD_FLAGS = "CMAKE_BUILD_TYPE=Release (-O3 -DNDEBUG), ARB_NATIVE=OFF (no -march=native)"
GAMES = ("emergo", "eximo", "ecalper", "meridians")


class Fail(Exception):
    pass


def sh(cmd, **kw):
    return subprocess.run(cmd, check=True, capture_output=True, text=True, **kw).stdout


def program(build, game, overrides):
    return os.path.join(build, "bin", overrides.get(game, f"arb_workload_{game}"))


def names(build, overrides, only=None):
    out = []
    for game in GAMES:
        exe = program(build, game, overrides)
        if os.path.exists(exe):
            out += sh([exe, "--list"]).split()
    if only:
        missing = set(only) - set(out)
        if missing:
            raise Fail(f"unknown workload(s): {' '.join(sorted(missing))}")
        out = [n for n in out if n in only]
    if not out:
        raise Fail(f"no workload programs in {build}/bin: build them first (./dev.sh track)")
    return out


def valgrind_version():
    return sh(["valgrind", "--version"]).strip()


def measure_one(build, name, overrides, env):
    exe = program(build, name.split("/")[0], overrides)
    res = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no",
                          "--cachegrind-out-file=/dev/null", exe, name],
                         capture_output=True, text=True, env=env)
    ir = re.search(r"I\s+refs:\s+([\d,]+)", res.stderr)
    nodes = re.search(r"nodes (\d+)", res.stdout)
    if res.returncode != 0 or not ir or not nodes:
        raise Fail(f"{name}: {exe} failed (exit {res.returncode}): {res.stderr.strip()[-400:]}")
    return {"instructions": int(ir.group(1).replace(",", "")), "nodes": int(nodes.group(1))}


def measure(build, wanted, overrides=None, jobs=None, env=None):
    """{name: {instructions, nodes}}, the workloads run in parallel."""
    overrides = overrides or {}
    jobs = jobs or os.cpu_count() or 2
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        futures = {n: pool.submit(measure_one, build, n, overrides, env) for n in wanted}
        return {n: f.result() for n, f in futures.items()}


def info(build, wanted):
    """Node and move totals and the compiler, from a native run (--info)."""
    out = {}
    for n in wanted:
        exe = program(build, n.split("/")[0], {})
        out[n] = json.loads(sh([exe, n, "--info"]))
    return out


def gated(name):
    # Only the engines are gated: the references are written for clarity, and a
    # clearer clause may cost more. Their counts are shown as information.
    return name.endswith("/engine")


def load_baseline():
    try:
        with open(BASELINE) as f:
            return json.load(f)
    except FileNotFoundError:
        raise Fail(f"no baseline: {BASELINE} (./dev.sh track --update \"reason\")")


def check_toolchain(base, build):
    """Warns, loudly, when the counts cannot be compared with the baseline's."""
    any_name = names(build, {})[0]
    now = {"compiler": info(build, [any_name])[any_name]["compiler"],
           "valgrind": valgrind_version(), "flags": BUILD_FLAGS}
    diffs = [f"{k}: baseline '{base['toolchain'].get(k)}', now '{v}'"
             for k, v in now.items() if base["toolchain"].get(k) != v]
    for d in diffs:
        print(f"WARNING: toolchain differs from the baseline's, {d}. Instruction counts "
              "depend on it: expect changes; move the baseline with --update if intended.")
    return not diffs


def fmt(n):
    return f"{n:,}"


def table(rows, header):
    widths = [max(len(str(r[i])) for r in rows + [header]) for i in range(len(header))]
    line = lambda r: "  ".join(str(c).ljust(w) if i == 0 else str(c).rjust(w)
                               for i, (c, w) in enumerate(zip(r, widths)))
    print(line(header))
    for r in rows:
        print(line(r))


def cmd_check(a):
    overrides = dict(o.split("=", 1) for o in a.program)
    wanted = names(a.build, overrides, a.only)
    if a.against_build:
        # The self-test: the same build's normal programs are the baseline, so
        # that it does not depend on baseline.json being up to date.
        base = {"commit": "this build", "date": "now", "reason": "its normal programs",
                "workloads": measure(a.build, wanted)}
        same_toolchain = True
    else:
        base = load_baseline()
        same_toolchain = check_toolchain(base, a.build)
    limit = base.get("limit_percent", LIMIT_PERCENT)
    runs = [measure(a.build, wanted, overrides) for _ in range(a.runs)]
    rows, failures, spread = [], [], 0.0
    for n in wanted:
        b = base["workloads"].get(n)
        counts = [r[n]["instructions"] for r in runs]
        spread = max(spread, (max(counts) - min(counts)) / min(counts) * 100)
        now = runs[-1][n]
        if not b:
            rows.append((n, "-", fmt(now["instructions"]), "new", "not in baseline"))
            continue
        verdict = "gated" if gated(n) else "info"
        for r in runs:
            change = (r[n]["instructions"] - b["instructions"]) / b["instructions"] * 100
            if r[n]["nodes"] != b["nodes"]:
                verdict = f"WORKLOAD CHANGED: {r[n]['nodes']} nodes, baseline {b['nodes']}"
                failures.append(n)
            elif gated(n) and change > limit:
                verdict = f"FAIL: over +{limit}%"
                failures.append(n)
        change = (now["instructions"] - b["instructions"]) / b["instructions"] * 100
        rows.append((n, fmt(b["instructions"]), fmt(now["instructions"]), f"{change:+.3f}%",
                     verdict))
    print(f"Instructions executed per workload (valgrind cachegrind), limit +{limit}% on engines; "
          f"baseline of {base['commit'][:10]} ({base['date']}): {base['reason']}")
    table(rows, ("benchmark", "baseline", "now", "change", ""))
    if a.runs > 1:
        print(f"largest difference between the {a.runs} runs: {spread:.4f}%")
    if failures:
        print(f"gate: FAIL ({len(set(failures))} workload(s): {' '.join(sorted(set(failures)))})"
              + ("" if same_toolchain else "; the toolchain differs from the baseline's"))
        print("  a slowdown on purpose? ./dev.sh track --update \"reason\"")
        return 1
    print(f"gate: ok ({len(wanted)} workloads)")
    return 0


def wall_clock(build, runs, env=None):
    """Google Benchmark's nodes/s per workload (median of the repetitions) and
    the engine/reference ratio of each game and phase, from one run."""
    out = sh([os.path.join(build, "bin", "arb_bench"), "--benchmark_filter=^workload/",
              f"--benchmark_repetitions={runs}", "--benchmark_report_aggregates_only=true",
              "--benchmark_format=json"], env=env)
    nps = {}
    for b in json.loads(out)["benchmarks"]:
        if b.get("aggregate_name") == "median":
            nps[b["run_name"].removeprefix("workload/")] = b["nps"]
    ratio = {}
    for n, v in nps.items():
        if n.endswith("/engine") and n.replace("/engine", "/reference") in nps:
            ratio[n.removesuffix("/engine")] = v / nps[n.replace("/engine", "/reference")]
    return {"repetitions": runs, "nps": nps, "engine_over_reference": ratio}


def git(*args):
    return sh(["git", "-C", ROOT, *args]).strip()


def cmd_update(a):
    wanted = names(a.build, {})
    counts = measure(a.build, wanted)
    totals = info(a.build, wanted)
    compiler = next(iter(totals.values()))["compiler"]
    workloads = {}
    for n in wanted:
        c, t = counts[n], totals[n]
        if c["nodes"] != t["nodes"]:
            raise Fail(f"{n}: {c['nodes']} nodes measured, {t['nodes']} in --info")
        workloads[n] = {
            "instructions": c["instructions"], "nodes": t["nodes"], "interior": t["interior"],
            "moves": t["moves"], "positions": t["positions"], "gated": gated(n),
            "per_node": round(c["instructions"] / t["nodes"], 4),
            "per_interior_node": round(c["instructions"] / t["interior"], 2),
            "per_move": round(c["instructions"] / t["moves"], 4)}
    dirty = git("status", "--porcelain", "--untracked-files=no")
    base = {
        "commit": git("rev-parse", "HEAD") + ("+changes" if dirty else ""),
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "reason": a.reason, "limit_percent": LIMIT_PERCENT,
        "toolchain": {"compiler": compiler, "valgrind": valgrind_version(), "flags": BUILD_FLAGS},
        "workloads": workloads}
    if a.bench_runs > 0:
        base["wall_clock"] = wall_clock(a.build, a.bench_runs)
        base["wall_clock"]["load"] = os.getloadavg()[0]
    with open(BASELINE, "w") as f:
        json.dump(base, f, indent=1, sort_keys=True)
        f.write("\n")
    with open(HISTORY, "a") as f:
        f.write(json.dumps(base, sort_keys=True) + "\n")
    rows = [(n, fmt(w["instructions"]), fmt(w["nodes"]), f"{w['per_node']:.3f}",
             f"{w['per_interior_node']:.1f}", f"{w['per_move']:.3f}",
             f"{base.get('wall_clock', {}).get('nps', {}).get(n, 0) / 1e6:.1f}")
            for n, w in workloads.items()]
    table(rows, ("benchmark", "instructions", "nodes", "instr/node", "instr/interior",
                 "instr/move", "M nodes/s (wall)"))
    print(f"baseline written: {BASELINE}; history: {HISTORY}")
    return 0


def cmd_plot(a):
    entries = []
    with open(HISTORY) as f:
        entries = [json.loads(line) for line in f if line.strip()]
    if not entries:
        raise Fail(f"{HISTORY} is empty")
    os.makedirs(PLOTS, exist_ok=True)
    for game in GAMES:
        series = sorted({n.split("/", 1)[1] for e in entries for n in e["workloads"]
                         if n.startswith(game + "/")})
        if not series:
            continue
        with tempfile.NamedTemporaryFile("w", suffix=".dat", delete=False) as d:
            for i, e in enumerate(entries):
                vals = [str(e["workloads"].get(f"{game}/{s}", {}).get("per_node", "NaN"))
                        for s in series]
                d.write(f"{i} {e['commit'][:7]} {' '.join(vals)}\n")
        plots = ", ".join(f"'{d.name}' using 1:{j + 3}:xtic(2) with linespoints title '{s}'"
                          for j, s in enumerate(series))
        out = os.path.join(PLOTS, f"{game}.svg")
        script = f"""set terminal svg size 640,360 dynamic font 'sans,11'
set output '{out}'
set title '{game}: instructions per perft node (valgrind; lower is better)'
set logscale y
set key outside right
set xlabel 'baseline update (commit)'
set ylabel 'instructions / node'
set grid
set xrange [-0.5:{len(entries) - 0.5}]
plot {plots}
"""
        subprocess.run(["gnuplot"], input=script, text=True, check=True)
        os.unlink(d.name)
        print(out)
    return 0


def cmd_markdown(a):
    """The baseline as the README's table."""
    base = load_baseline()
    wall = base.get("wall_clock", {})
    print("| workload | positions | nodes | instructions | per node | per interior node "
          "| wall nodes/s | engine/reference nodes/s |")
    print("|---|---|---|---|---|---|---|---|")
    order = lambda n: (GAMES.index(n.split("/")[0]) if n.split("/")[0] in GAMES else 99,
                       n.split("/")[1] != "start", n)
    for n in sorted(base["workloads"], key=order):
        w = base["workloads"][n]
        nps = wall.get("nps", {}).get(n)
        ratio = wall.get("engine_over_reference", {}).get(n.rsplit("/", 1)[0])
        nps_text = "" if not nps else f"{nps / 1e6:,.1f} M" if nps < 1e10 else f"{nps:.2g}"
        ratio_text = f"{ratio:,.0f}x" if ratio and n.endswith("/engine") else ""
        print(f"| `{n}` | {w['positions']} | {fmt(w['nodes'])} | {w['instructions'] / 1e6:,.1f} M "
              f"| {w['per_node']:.3g} | {w['per_interior_node']:,.0f} | {nps_text} | {ratio_text} |")
    print(f"\nBaseline of {base['commit'][:10]} ({base['date']}), {base['toolchain']['compiler']}, "
          f"{base['toolchain']['flags']}; wall clock at load average "
          f"{wall.get('load', 0):.1f}.")
    return 0


def cmd_ab(a):
    fixtures = {**os.environ, "ARB_FIXTURES": os.path.join(ROOT, "fixtures")}
    wanted = [n for n in names(a.b, {}) if n in names(a.a, {})]
    ca = measure(a.a, wanted, env=fixtures)
    cb = measure(a.b, wanted, env=fixtures)
    rows = []
    for n in wanted:
        change = (cb[n]["instructions"] - ca[n]["instructions"]) / ca[n]["instructions"] * 100
        same = "" if ca[n]["nodes"] == cb[n]["nodes"] else "nodes differ!"
        rows.append((n, fmt(ca[n]["instructions"]), fmt(cb[n]["instructions"]),
                     f"{change:+.3f}%", same))
    print(f"Instructions executed (valgrind): A = {a.a_name}, B = {a.b_name}")
    table(rows, ("benchmark", "A", "B", "change", ""))
    # Wall clock: A and B in turns, so that a change in the machine's load hits both.
    runs = {"a": [], "b": []}
    with tempfile.TemporaryDirectory() as tmp:
        for r in range(a.rounds):
            for side, build in (("a", a.a), ("b", a.b)):
                out = os.path.join(tmp, f"{side}{r}.json")
                sh([os.path.join(build, "bin", "arb_bench"), "--benchmark_filter=^workload/",
                    f"--benchmark_repetitions={a.repetitions}",
                    f"--benchmark_out={out}", "--benchmark_out_format=json"], env=fixtures)
                with open(out) as f:
                    runs[side].append(json.load(f))
        merged = {}
        for side in "ab":
            doc = runs[side][0]
            doc["benchmarks"] = [b for run in runs[side] for b in run["benchmarks"]
                                 if b.get("run_type") != "aggregate"]
            merged[side] = os.path.join(tmp, f"{side}.json")
            with open(merged[side], "w") as f:
                json.dump(doc, f)
        print(f"\nWall clock, {a.rounds} interleaved rounds x {a.repetitions} repetitions "
              f"(Google Benchmark compare.py, U test; Time and CPU: B against A)")
        res = subprocess.run(["/usr/bin/python3", "/usr/share/benchmark/compare.py",
                              "--no-color", "benchmarks", merged["a"], merged["b"]], text=True)
        return res.returncode


def main():
    sys.stdout.reconfigure(line_buffering=True)  # in order with compare.py's output
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("check")
    c.add_argument("--build", required=True)
    c.add_argument("--only", action="append")
    c.add_argument("--runs", type=int, default=1)
    c.add_argument("--program", action="append", default=[], help="GAME=EXE in DIR/bin")
    c.add_argument("--against-build", action="store_true",
                   help="baseline: this build's own programs, not baseline.json")
    u = sub.add_parser("update")
    u.add_argument("--build", required=True)
    u.add_argument("--reason", required=True)
    u.add_argument("--bench-runs", type=int, default=5)
    sub.add_parser("plot")
    sub.add_parser("markdown")
    ab = sub.add_parser("ab")
    for k in ("a", "b"):
        ab.add_argument(f"--{k}", required=True)
        ab.add_argument(f"--{k}-name", default=k.upper())
    ab.add_argument("--rounds", type=int, default=5)
    ab.add_argument("--repetitions", type=int, default=2)
    a = p.parse_args()
    try:
        return {"check": cmd_check, "update": cmd_update, "plot": cmd_plot, "ab": cmd_ab,
                "markdown": cmd_markdown}[a.cmd](a)
    except (Fail, subprocess.CalledProcessError, OSError) as e:
        detail = getattr(e, "stderr", "") or ""
        print(f"track: {e} {detail.strip()[-400:]}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
