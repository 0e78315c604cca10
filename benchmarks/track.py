#!/usr/bin/python3
"""Performance tracking by instruction counts; run through ./dev.sh track.

Each workload (benchmarks/workloads.h) runs once under Valgrind (cachegrind
without cache simulation: it counts instructions executed, Ir), which gives
the same count on every run and under any load, unlike the wall clock.

  track.py check  --build DIR [--only NAME]... [--runs N] [--program GAME=EXE]
      measure, print benchmark / baseline / now / change %, exit 1 when an
      engine workload costs more than the limit above the baseline (or its
      node count differs: the workload itself changed). Also writes the counts
      for CI trackers: DIR/github-benchmark.json (github-action-benchmark,
      customSmallerIsBetter) and DIR/bmf.json (Bencher Metric Format).
  track.py update --build DIR --reason TEXT [--bench-runs N]
      measure, write benchmarks/baseline.json, append to benchmarks/history.jsonl;
      also records Google Benchmark's wall-clock nodes/s (information only).
  track.py plot   one SVG per game from the history (docs/perf/<game>.svg), gnuplot.
  track.py ab --a DIR --b DIR [--rounds N]
      two builds on this machine: instruction counts, and Google Benchmark's
      compare.py on wall-clock runs interleaved A, B, A, B, ...
  track.py markdown [--write]
      the baseline as a Markdown table (--write: into docs/figures.md).
  track.py measure [--build DIR] [--impl I] [--depth N] [--max-nodes N] [--id RE]
                   [--position 'SPEC | POS | DEPTH']... [--no-callgrind] [--no-time]
                   [WORKLOAD...]
      the `perft` program itself (DIR/bin/perft, plain walk on one thread), one
      line per position: instructions per interior node (Valgrind) and leaves/s
      (user time). WORKLOAD is <game>, <game>/start or <game>/midgame: the
      same positions as the gate (the start of fixtures/<game>.perft, every
      line of fixtures/<game>_midgame.perft); default all of them.
Exit 1 when a count differs (from fixtures/ or the baseline), 2 on an error.
"""
import argparse
import concurrent.futures
import datetime
import json
import os
import re
import resource
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BASELINE = os.path.join(ROOT, "benchmarks", "baseline.json")
HISTORY = os.path.join(ROOT, "benchmarks", "history.jsonl")
PLOTS = os.path.join(ROOT, "docs", "perf")
FIXTURES = os.path.join(ROOT, "fixtures")
# The baseline's table lives there, between these two lines (markdown --write).
FIGURES = os.path.join(ROOT, "docs", "figures.md")
TABLE_BEGIN = "<!-- track.py markdown: begin -->"
TABLE_END = "<!-- track.py markdown: end -->"
# Above this the gate fails. Instruction counts repeat exactly (measured: 0
# difference between runs), so the limit only has to sit below the smallest
# change worth catching (2%), not above any noise.
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


def table(rows, header, left=(0,)):
    widths = [max(len(str(r[i])) for r in rows + [header]) for i in range(len(header))]
    line = lambda r: "  ".join(str(c).ljust(w) if i in left else str(c).rjust(w)
                               for i, (c, w) in enumerate(zip(r, widths))).rstrip()
    print(line(header))
    for r in rows:
        print(line(r))


def ci_formats(workloads):
    """The gate's measure for CI trackers, as `perft bench` writes an
    outside engine's: github-action-benchmark JSON (here customSmallerIsBetter:
    instructions) and Bencher Metric Format (measure `instructions`)."""
    gh = [{"name": n, "unit": "instructions", "value": w["instructions"],
           "extra": f"{w['nodes']} nodes"} for n, w in sorted(workloads.items())]
    bmf = {n: {"instructions": {"value": w["instructions"]}} for n, w in sorted(workloads.items())}
    return gh, bmf


def write_ci_formats(build, workloads):
    gh, bmf = ci_formats(workloads)
    for name, doc in (("github-benchmark.json", gh), ("bmf.json", bmf)):
        with open(os.path.join(build, name), "w") as f:
            json.dump(doc, f, indent=1)
            f.write("\n")
    print(f"for CI trackers: {build}/github-benchmark.json (customSmallerIsBetter), "
          f"{build}/bmf.json (Bencher BMF)")


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
    write_ci_formats(a.build, {n: runs[-1][n] for n in wanted})
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
    write_markdown(base)
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


def markdown(base):
    """The baseline as docs/figures.md's table, a list of lines."""
    wall = base.get("wall_clock", {})
    out = ["| workload | positions | nodes | instructions | per node | per interior node "
           "| wall nodes/s | engine/reference nodes/s |",
           "|---|---|---|---|---|---|---|---|"]
    order = lambda n: (GAMES.index(n.split("/")[0]) if n.split("/")[0] in GAMES else 99,
                       n.split("/")[1] != "start", n)
    for n in sorted(base["workloads"], key=order):
        w = base["workloads"][n]
        nps = wall.get("nps", {}).get(n)
        ratio = wall.get("engine_over_reference", {}).get(n.rsplit("/", 1)[0])
        nps_text = "" if not nps else f"{nps / 1e6:,.1f} M" if nps < 1e10 else f"{nps:.2g}"
        ratio_text = f"{ratio:,.0f}x" if ratio and n.endswith("/engine") else ""
        out.append(f"| `{n}` | {w['positions']} | {fmt(w['nodes'])} | "
                   f"{w['instructions'] / 1e6:,.1f} M | {w['per_node']:.3g} | "
                   f"{w['per_interior_node']:,.0f} | {nps_text} | {ratio_text} |")
    out += ["", f"Baseline of {base['commit'][:10]} ({base['date']}), "
            f"{base['toolchain']['compiler']}, {base['toolchain']['flags']}; wall clock at "
            f"load average {wall.get('load', 0):.1f}."]
    return out


def write_markdown(base):
    """Replaces the table between the markers of docs/figures.md."""
    try:
        with open(FIGURES) as f:
            text = f.read()
    except FileNotFoundError:
        raise Fail(f"no {FIGURES}")
    if text.count(TABLE_BEGIN) != 1 or text.count(TABLE_END) != 1:
        raise Fail(f"{FIGURES}: needs one '{TABLE_BEGIN}' and one '{TABLE_END}' line")
    head, rest = text.split(TABLE_BEGIN)
    _, tail = rest.split(TABLE_END)
    with open(FIGURES, "w") as f:
        f.write(head + TABLE_BEGIN + "\n" + "\n".join(markdown(base)) + "\n" + TABLE_END + tail)
    print(f"table written: {FIGURES}")


def cmd_markdown(a):
    base = load_baseline()
    if a.write:
        write_markdown(base)
    else:
        print("\n".join(markdown(base)))
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


# ---- track.py measure: the perft program itself, position by position ----

# Every run is the plain walk on one thread: the table and the threads (on by
# default from depth 5) would measure the table instead of the engine.
PLAIN = ["--threads", "1"]
PLAIN_ENGINE = PLAIN + ["--hash", "0"]


def read_fixture(path):
    """[{spec, position, moves, depths: {k: n}, id}] of a fixture file (RULES.md I6)."""
    cases = []
    with open(path) as f:
        for number, line in enumerate(f, 1):
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            fields = [x.strip() for x in line.split(";")]
            case = {"spec": fields[0], "position": fields[1], "moves": "", "depths": {},
                    "id": f"line{number}"}
            for field in fields[2:]:
                key, _, value = field.partition(" ")
                if key == "moves":
                    case["moves"] = value.strip()
                elif key == "id":
                    case["id"] = value.strip()
                elif re.fullmatch(r"D\d+", key):
                    case["depths"][int(key[1:])] = int(value)
            cases.append(case)
    return cases


def measure_positions(workloads, a):
    """[(workload, case)] for the WORKLOAD arguments and --position."""
    out = []
    for w in workloads:
        game, _, phase = w.partition("/")
        if game not in GAMES or phase not in ("", "start", "midgame"):
            raise Fail(f"unknown workload '{w}': <game>, <game>/start or <game>/midgame, "
                       f"<game> one of {', '.join(GAMES)}")
        if phase in ("", "start"):
            # The start of the game's default spec; its counts may span several lines.
            start = {"spec": game, "position": "start", "moves": "", "depths": {}, "id": "start"}
            for c in read_fixture(os.path.join(FIXTURES, f"{game}.perft")):
                if c["spec"] == game and c["position"] == "start" and not c["moves"]:
                    start["depths"].update(c["depths"])
            out.append((f"{game}/start", start))
        if phase in ("", "midgame"):
            out += [(f"{game}/midgame", c)
                    for c in read_fixture(os.path.join(FIXTURES, f"{game}_midgame.perft"))]
    if a.id:
        out = [(w, c) for w, c in out if re.search(a.id, c["id"])]
    for text in a.position:
        fields = [x.strip() for x in text.split("|")]
        if len(fields) != 3 or not re.fullmatch(r"[1-9]\d*", fields[2]):
            raise Fail(f"--position '{text}': expected 'SPEC | POSITION or start | DEPTH'")
        out.append(("position", {"spec": fields[0], "position": fields[1], "moves": "",
                                 "depths": {}, "id": "-", "depth": int(fields[2])}))
    if not out:
        raise Fail("no position to measure")
    return out


def depth_of(case, a):
    """--depth, a --position's own depth, or the deepest D<k> within --max-nodes
    (D1 at least), as the gate sizes its midgames."""
    if "depth" in case:
        return case["depth"]
    if a.depth:
        return a.depth
    depth = 0
    for k in sorted(case["depths"]):
        if depth and case["depths"][k] > a.max_nodes:
            break
        depth = k
    if not depth:
        raise Fail(f"{case['id']}: no D<k> in the fixture line; give --depth")
    return depth


def perft_args(exe, case, depth, impl, json_out=True):
    cmd = [exe, case["spec"], "--depth", str(depth), "--impl", impl]
    cmd += PLAIN_ENGINE if impl == "engine" else PLAIN
    if case["position"] != "start":
        cmd += ["--position", case["position"]]
    if case["moves"]:
        cmd += ["--moves", case["moves"]]
    return cmd + (["--json"] if json_out else [])


def json_nodes(stdout):
    return int(json.loads(stdout.strip().splitlines()[-1])["nodes"])


def perft_count(exe, case, depth, impl):
    return json_nodes(sh(perft_args(exe, case, depth, impl)))


def perft_instructions(exe, case, depth, impl):
    """(instructions, nodes) of one run under Valgrind (cachegrind counts the
    same instructions as callgrind, twice as fast)."""
    res = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no",
                          "--cachegrind-out-file=/dev/null"] + perft_args(exe, case, depth, impl),
                         capture_output=True, text=True)
    ir = re.search(r"I\s+refs:\s+([\d,]+)", res.stderr)
    if res.returncode != 0 or not ir:
        own = [l for l in res.stderr.splitlines() if not re.match(r"==\d+==|--\d+--", l)]
        raise Fail(f"{' '.join(perft_args(exe, case, depth, impl))} under valgrind failed "
                   f"(exit {res.returncode}): {' '.join(own)[-400:]}")
    return int(ir.group(1).replace(",", "")), json_nodes(res.stdout)


def user_seconds(cmd):
    """(user seconds, nodes) of one run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime
    out = sh(cmd)
    return resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime - before, json_nodes(out)


def cmd_measure(a):
    exe = os.path.join(a.build, "bin", "perft")
    if not os.path.exists(exe):
        raise Fail(f"no {exe}: build it first (./dev.sh main, or cmake --build {a.build} "
                   "--target perft)")
    if a.no_callgrind and a.no_time:
        raise Fail("--no-callgrind and --no-time: nothing to measure")
    if a.max_nodes is None:
        a.max_nodes = 20_000_000 if a.impl == "engine" else 1_000_000
    workloads = a.workload or ([] if a.position else GAMES)
    cases = [(w, c, depth_of(c, a)) for w, c in measure_positions(workloads, a)]

    def interior(case, depth):
        # perft(1) + ... + perft(d-1): from the fixture line where it has them.
        return sum(case["depths"][k] if k in case["depths"]
                   else perft_count(exe, case, k, a.impl) for k in range(1, depth))

    def instructions(case, depth):
        if a.no_callgrind or depth < 2:
            return None, None
        ir_d, nodes = perft_instructions(exe, case, depth, a.impl)
        ir_1, _ = perft_instructions(exe, case, 1, a.impl)
        # The program's start and the root cancel out.
        return ir_d - ir_1, nodes

    # Valgrind runs in parallel; the timed runs one by one afterwards.
    with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 2) as pool:
        irs = [pool.submit(instructions, c, d) for _, c, d in cases]
        interiors = [pool.submit(interior, c, d) for _, c, d in cases]
        irs = [f.result() for f in irs]
        interiors = [f.result() for f in interiors]
    print(f"perft {a.impl} ({exe}), plain walk on one thread; instructions per interior node "
          "(valgrind) = (Ir(d) - Ir(1)) / (perft(1) + ... + perft(d-1)); leaves/s from user time")
    rows, per_workload, differ = [], {}, []
    for (w, c, d), (ir, nodes), inner in zip(cases, irs, interiors):
        rate = ""
        if not a.no_time:
            seconds, nodes = user_seconds(perft_args(exe, c, d, a.impl))
            rate = f"{nodes / seconds / 1e6:,.1f} M" if seconds > 0 else "-"
        if nodes is None:
            nodes = perft_count(exe, c, d, a.impl)
        expected = c["depths"].get(d)
        check = "" if expected is None else "ok" if expected == nodes else f"FIXTURE SAYS {expected}"
        if expected is not None and expected != nodes:
            differ.append(f"{w} {c['id']}")
        per_interior = "-" if ir is None or not inner else f"{ir / inner:,.1f}"
        if ir is not None and inner:
            per_workload.setdefault(w, []).append(ir / inner)
        position = c["position"] + (f" moves {c['moves']}" if c["moves"] else "")
        rows.append((w, c["id"], d, fmt(nodes), per_interior, rate, check,
                     position if len(position) <= 60 else position[:57] + "..."))
    table(rows, ("workload", "id", "d", "leaves", "instr/interior", "leaves/s", "count",
                 "position"), left=(0, 1, 6, 7))
    for w, values in per_workload.items():
        print(f"{w}: {min(values):,.1f} to {max(values):,.1f} instructions per interior node")
    if differ:
        print(f"COUNT DIFFERS from fixtures/: {', '.join(differ)}")
        return 1
    return 0


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
    md = sub.add_parser("markdown")
    md.add_argument("--write", action="store_true", help=f"into {FIGURES}, between its markers")
    ab = sub.add_parser("ab")
    for k in ("a", "b"):
        ab.add_argument(f"--{k}", required=True)
        ab.add_argument(f"--{k}-name", default=k.upper())
    ab.add_argument("--rounds", type=int, default=5)
    ab.add_argument("--repetitions", type=int, default=2)
    m = sub.add_parser("measure", help="the perft program, position by position")
    m.add_argument("workload", nargs="*", help="<game>, <game>/start or <game>/midgame")
    m.add_argument("--build", default="build", help="its bin/perft is measured (default build)")
    m.add_argument("--impl", default="engine", choices=("engine", "reference"))
    m.add_argument("--depth", type=int, help="this depth for every fixture position")
    m.add_argument("--max-nodes", type=int,
                   help="else each position's deepest D<k> within this many leaves "
                        "(default 20000000 on the engine, 1000000 on the reference)")
    m.add_argument("--id", help="only the fixture lines whose id matches this regex")
    m.add_argument("--position", action="append", default=[],
                   help="also 'SPEC | POSITION or start | DEPTH'")
    m.add_argument("--no-callgrind", action="store_true", help="leaves/s only")
    m.add_argument("--no-time", action="store_true", help="instructions only")
    a = p.parse_args()
    try:
        return {"check": cmd_check, "update": cmd_update, "plot": cmd_plot, "ab": cmd_ab,
                "markdown": cmd_markdown, "measure": cmd_measure}[a.cmd](a)
    except (Fail, subprocess.CalledProcessError, OSError) as e:
        detail = getattr(e, "stderr", "") or ""
        print(f"track: {e} {detail.strip()[-400:]}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
