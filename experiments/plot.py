#!/usr/bin/python3
"""Plots and the markdown report for one experiments/run_all.sh run.

    /usr/bin/python3 experiments/plot.py results/<machine>-<date>

Reads runs/*.csv (rows of `sudokit compare --csv`), runs/*.txt (its summary tables) and xc.csv
(the exact-cover counts: problem, backend, status, stop, count, expected, nodes, updates, mems,
conflicts, time, budget, timeout) and settings.txt (run_all.sh's budget and safety net);
writes PNG and SVG plots and report.md into the same folder. Needs Debian's python3-matplotlib.
"""
import csv
import datetime
import os
import platform
import random
import re
import subprocess
import sys
from collections import defaultdict
from statistics import mean

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

out = sys.argv[1]
runs = os.path.join(out, "runs")
rows = defaultdict(list)  # dataset -> rows
for name in sorted(os.listdir(runs)):
    if name.endswith(".csv"):
        with open(os.path.join(runs, name)) as f:
            rows[name[:-4]] = list(csv.DictReader(f))
backends = []
for data in rows.values():
    for r in data:
        if r["backend"] not in backends:
            backends.append(r["backend"])


def finished(data, backend):
    return [r for r in data if r["backend"] == backend and r["status"] != "stopped"]


def of(data, backend):
    return [r for r in data if r["backend"] == backend]


def stopped(data, backend):  # by the work budget, the same on every machine
    return sum(1 for r in of(data, backend) if r["status"] == "stopped" and r["verdict"] != "timeout")


def timed_out(data, backend):  # by the wall-clock safety net: depends on the machine
    return sum(1 for r in of(data, backend) if r["verdict"] == "timeout")


def cpu_ms(r):  # CPU time of the solving thread (compare's cpu_time; files without it: wall time)
    return float(r.get("cpu_time") or r["time"]) * 1000


plt.rcParams.update({"font.size": 11, "axes.titlesize": 12, "axes.labelsize": 11, "legend.fontsize": 9})


def save(fig, stem):
    fig.tight_layout()
    for ext in ("png", "svg"):
        fig.savefig(os.path.join(out, f"{stem}.{ext}"), dpi=150)
    plt.close(fig)


def bars(ax, labels, series, ylabel):
    """Grouped bars on a log scale; a missing value (None) is left out, not drawn as zero."""
    width = 0.8 / max(1, len(series))
    for i, (name, values) in enumerate(series):
        xs = [x + i * width for x, v in enumerate(values) if v is not None and v > 0]
        ys = [v for v in values if v is not None and v > 0]
        ax.bar(xs, ys, width, label=name, color=f"C{i}")
    ax.set_yscale("log")
    ax.set_xticks([x + 0.4 - width / 2 for x in range(len(labels))])
    ax.set_xticklabels(labels, rotation=30, ha="right")
    ax.set_ylabel(ylabel)
    ax.grid(axis="y", which="major", alpha=0.3)
    ax.legend(loc="center left", bbox_to_anchor=(1.0, 0.5))


# 1. Mean nodes per backend on each dataset (log scale), over the puzzles it finished.
datasets = list(rows)
fig, ax = plt.subplots(figsize=(12, 5))
bars(ax, datasets,
     [(b, [mean(int(r["nodes"]) for r in finished(rows[d], b)) if finished(rows[d], b) else None for d in datasets])
      for b in backends],
     "search nodes per puzzle, mean (log scale)")
ax.set_title("Search nodes per backend and dataset (puzzles stopped by the budget left out;\n"
             "sat counts decisions, the others choices)")
save(fig, "nodes_per_dataset")

# 2. Time per puzzle against the number of clues (generated 9x9 puzzles).
if "gen_9x9_clues" in rows:
    fig, ax = plt.subplots(figsize=(9, 5))
    for i, b in enumerate(backends):
        by_clues = defaultdict(list)
        all_clues = defaultdict(int)
        for r in of(rows["gen_9x9_clues"], b):
            all_clues[int(r["givens"])] += 1
        for r in finished(rows["gen_9x9_clues"], b):
            by_clues[int(r["givens"])].append(cpu_ms(r))
        xs = sorted(all_clues)
        # A clue count where the budget stopped some puzzle has no mean: the line breaks there.
        ys = [mean(by_clues[x]) if len(by_clues[x]) == all_clues[x] else float("nan") for x in xs]
        ax.plot(xs, ys, marker="o", label=b, color=f"C{i}")
    ax.set_yscale("log")
    ax.set_xlabel("clues (givens) of the puzzle")
    ax.set_ylabel("CPU time per puzzle, mean, ms (log scale)")
    ax.set_title("Time per puzzle against clues (generated 9x9 puzzles, unique)")
    ax.grid(which="major", alpha=0.3)
    ax.legend(loc="center left", bbox_to_anchor=(1.0, 0.5))
    save(fig, "time_vs_clues")

# 3. How cost grows with grid size, on comparable puzzles: minimal puzzles (no clue can be removed)
# generated at every size. A backend is drawn only where the budget stopped none of its puzzles;
# the line breaks at a missing size rather than joining its neighbours.
size_sets = sorted(((int(m.group(1)), d) for d in rows for m in [re.fullmatch(r"minimal_(\d+)x\d+", d)] if m))
if size_sets:
    fig, ax = plt.subplots(figsize=(9, 5))
    sides = [n for n, _ in size_sets]
    for i, b in enumerate(backends):
        ys = []
        for n, d in size_sets:
            done, all_rows = finished(rows[d], b), of(rows[d], b)
            ys.append(mean(cpu_ms(r) for r in done) if all_rows and len(done) == len(all_rows) else float("nan"))
        ax.plot(sides, ys, marker="o", label=b, color=f"C{i}")
    ax.set_yscale("log")
    ax.set_xticks(sides)
    ax.set_xlabel("grid side n (n x n grid, minimal puzzles)")
    ax.set_ylabel("CPU time per puzzle, mean, ms (log scale)")
    ax.set_title("Cost against grid size (a point only where the backend finished every puzzle)")
    ax.grid(which="major", alpha=0.3)
    ax.legend(loc="center left", bbox_to_anchor=(1.0, 0.5))
    save(fig, "growth_with_size")

# 4. SAT encodings side by side.
encodings = [b for b in backends if b.startswith("sat:")]
if encodings:
    fig, ax = plt.subplots(figsize=(12, 5))
    bars(ax, datasets,
         [(e, [mean(cpu_ms(r) for r in finished(rows[d], e)) if finished(rows[d], e) else None for d in datasets])
          for e in encodings],
         "CPU time per puzzle, mean, ms (log scale)")
    ax.set_title("SAT encodings (givens propagated away first)")
    save(fig, "sat_encodings")


# 5. Exact cover: nodes and time per problem and backend, runs stopped by the budget hatched.
xc_path = os.path.join(out, "xc.csv")
xc_rows = []
if os.path.exists(xc_path):
    with open(xc_path) as f:
        xc_rows = list(csv.DictReader(f))
xc_problems = list(dict.fromkeys(r["problem"] for r in xc_rows))
xc_backends = list(dict.fromkeys(r["backend"] for r in xc_rows))
xc_by = {(r["problem"], r["backend"]): r for r in xc_rows}
if xc_rows:
    fig, axes = plt.subplots(2, 1, figsize=(12, 8), sharex=True)
    width = 0.8 / len(xc_backends)
    for ax, column, label in [(axes[0], "nodes", "search nodes (log scale)"), (axes[1], "time", "time, s (log scale)")]:
        for i, b in enumerate(xc_backends):
            xs, ys, cut = [], [], []
            for x, p in enumerate(xc_problems):
                r = xc_by.get((p, b))
                if r and r[column]:
                    xs.append(x + i * width)
                    ys.append(max(float(r[column]), 1e-6))
                    cut.append(r["status"] == "stopped")
            drawn = ax.bar(xs, ys, width, label=b, color=f"C{i}")
            for bar, c in zip(drawn, cut):
                if c:
                    bar.set_hatch("//")
                    bar.set_alpha(0.5)
        ax.set_yscale("log")
        ax.set_ylabel(label)
        ax.grid(axis="y", alpha=0.3)
    axes[1].set_xticks([x + 0.4 - width / 2 for x in range(len(xc_problems))])
    axes[1].set_xticklabels(xc_problems, rotation=30, ha="right")
    axes[0].set_title("Exact cover: counting every solution (hatched: stopped by the work budget)")
    axes[0].legend(loc="center left", bbox_to_anchor=(1.0, 0.5))
    save(fig, "exact_cover")


# The numbers behind the conclusions. For each dataset: the winner (the smallest mean CPU time
# per puzzle among the backends the budget stopped on no puzzle), and for every other backend the
# ratio of its mean CPU time to the winner's with a 95% bootstrap interval over the puzzles (the
# puzzles resampled with replacement, 2000 times, from a fixed seed, so the report is the same for
# the same CSVs). A backend stopped on some puzzle has its time there cut short by the budget: its
# ratio is a lower bound, marked ">=".
BOOT, SEED = 2000, 17


def per_puzzle(data, backend):
    return {(r["source"], r["puzzle"]): cpu_ms(r) for r in of(data, backend)}


def ratio_with_interval(data, winner, other, rng):
    w, o = per_puzzle(data, winner), per_puzzle(data, other)
    keys = [k for k in w if k in o]
    if not keys:
        return None
    ws, os_ = [w[k] for k in keys], [o[k] for k in keys]
    point = sum(os_) / sum(ws) if sum(ws) > 0 else float("inf")
    n, samples = len(keys), []
    for _ in range(BOOT):
        idx = [rng.randrange(n) for _ in range(n)]
        sw = sum(ws[i] for i in idx)
        samples.append(sum(os_[i] for i in idx) / sw if sw > 0 else float("inf"))
    samples.sort()
    return point, samples[int(0.025 * BOOT)], samples[int(0.975 * BOOT) - 1]


def fmt_ratio(x):
    return f"{x:.3g}" if x < 1000 else f"{x:,.0f}"


analysis = {}  # dataset -> {winner, mean, ratios: {backend: (point, lo, hi, lower_bound)}, stopped, timeouts}
for d in datasets:
    rng = random.Random(SEED)
    means = {b: mean(cpu_ms(r) for r in of(rows[d], b)) for b in backends if of(rows[d], b)}
    complete = [b for b in means if stopped(rows[d], b) == 0 and timed_out(rows[d], b) == 0]
    if not complete:
        continue
    winner = min(complete, key=lambda b: means[b])
    ratios = {}
    for b in means:
        if b != winner:
            r = ratio_with_interval(rows[d], winner, b, rng)
            if r:
                ratios[b] = (*r, b not in complete)
    analysis[d] = {"winner": winner, "mean": means[winner], "ratios": ratios, "puzzles": len(of(rows[d], winner)),
                   "stopped": {b: stopped(rows[d], b) for b in means}, "timeouts": {b: timed_out(rows[d], b) for b in means}}


def sentences(d, a):
    """A few sentences on one dataset, every number taken from its table."""
    out = [f"On **{d}** ({a['puzzles']} puzzle{'s' if a['puzzles'] != 1 else ''}) **{a['winner']}** is fastest, at {a['mean']:.3g} ms of CPU per puzzle."]
    ranked = sorted(a["ratios"].items(), key=lambda kv: kv[1][0])
    close = [b for b, (p, lo, hi, lb) in ranked if not lb and lo <= 1.0]
    if close:
        out.append("Within the noise of it (the 95% interval of the ratio includes 1): " + ", ".join(close) + ".")
    beaten = [(b, r) for b, r in ranked if not r[3] and r[1] > 1.0]
    if beaten:
        b, (p, lo, hi, _) = beaten[0]
        out.append(f"The runner-up, {b}, takes {fmt_ratio(p)} times as long (95% interval {fmt_ratio(lo)} to {fmt_ratio(hi)}).")
        if len(beaten) > 1:
            b, (p, lo, hi, _) = beaten[-1]
            out.append(f"The slowest that finished every puzzle, {b}, takes {fmt_ratio(p)} times as long "
                       f"({fmt_ratio(lo)} to {fmt_ratio(hi)}).")
    cut = [(b, a["stopped"][b]) for b in a["ratios"] if a["stopped"][b] > 0]
    for b, k in cut:
        out.append(f"{b} was stopped by its work budget on {k} of {a['puzzles']} puzzles, so its ratio "
                   f"(at least {fmt_ratio(a['ratios'][b][0])}) is a lower bound.")
    late = [(b, k) for b, k in a["timeouts"].items() if k > 0]
    for b, k in late:
        out.append(f"{b} hit the wall-clock safety net on {k} puzzles (machine-dependent).")
    return " ".join(out)


def conclusions():
    """Statements across datasets, each one counted from the per-dataset tables."""
    lines = []
    wins = defaultdict(list)
    for d, a in analysis.items():
        wins[a["winner"]].append(d)
    for b, ds in sorted(wins.items(), key=lambda kv: -len(kv[1])):
        lines.append(f"- **{b}** is the fastest backend on {len(ds)} of {len(analysis)} datasets ({', '.join(ds)}).")
    plain = [b for b in backends if not b.startswith("sat:")]
    for b in plain:
        hit = [(d, analysis[d]["stopped"].get(b, 0), analysis[d]["puzzles"]) for d in analysis if analysis[d]["stopped"].get(b, 0)]
        if hit:
            worst = max(hit, key=lambda t: t[1] / t[2])
            lines.append(f"- **{b}** is stopped by its work budget on {len(hit)} of {len(analysis)} datasets, "
                         f"worst on {worst[0]} ({worst[1]} of {worst[2]} puzzles).")
    if len(encodings) > 1:
        best = defaultdict(list)
        for d in datasets:
            m = {e: mean(cpu_ms(r) for r in of(rows[d], e)) for e in encodings
                 if of(rows[d], e) and stopped(rows[d], e) == 0 and timed_out(rows[d], e) == 0}
            if m:
                best[min(m, key=m.get)].append(d)
        for e, ds in sorted(best.items(), key=lambda kv: -len(kv[1])):
            lines.append(f"- Among the SAT encodings, **{e}** is fastest on {len(ds)} of {sum(map(len, best.values()))} datasets.")
    return lines


# The report.
def run(cmd):
    try:
        return subprocess.run(cmd, shell=True, capture_output=True, text=True).stdout.strip()
    except OSError:
        return "?"


settings = {}
if os.path.exists(os.path.join(out, "settings.txt")):
    with open(os.path.join(out, "settings.txt")) as f:
        settings = dict(line.strip().split("=", 1) for line in f if "=" in line)
cpu = run("grep -m1 'model name' /proc/cpuinfo | cut -d: -f2").strip()
compiler = run("$(sed -n 's/^CMAKE_CXX_COMPILER:[A-Z]*=//p' build/release/CMakeCache.txt) --version | head -n 1")
flags = run("grep -E '^CMAKE_CXX_FLAGS_RELEASE:' build/release/CMakeCache.txt | cut -d= -f2")
native = run("grep -E '^SUDOKIT_NATIVE:' build/release/CMakeCache.txt | cut -d= -f2")
allocator = run("build/release/apps/sudokit --version | sed -n 's/.*allocator: \\(.*\\))/\\1/p'") or "?"
budgets = []  # "backtrack: 5000000 nodes", from `sudokit solvers`
name = None
for line in run("build/release/apps/sudokit solvers --kind sudoku").splitlines():
    if line and not line.startswith(" "):
        name = line.strip()
    m = re.search(r"counts (\w+) \(compare's default: (\d+)\)", line)
    if m and name:
        budgets.append(f"{name}: {int(m.group(2)):,} {m.group(1)}")
budgets = "; ".join(budgets)
divide = int(settings.get("divide", "1"))
lines = [
    "# Experiment report",
    "",
    f"Made by `experiments/run_all.sh{'' if divide == 1 else f' --scale {divide}'}` on {datetime.date.today()}: "
    f"machine `{platform.node()}`, {cpu}, {os.cpu_count()} cores; compiler {compiler}; flags "
    f"`{flags}`{' -march=native' if native == 'ON' else ''}; allocator {allocator}.",
    "",
    f"Every dataset was run with `sudokit compare --max-nodes {settings.get('budget', '?')}x --timeout "
    f"{settings.get('safety', '?')}`: each backend looks for up to 2 solutions per puzzle under "
    f"{settings.get('budget', '?')} times the work budget it declares per puzzle (`sudokit solvers`; "
    f"{budgets}), so statuses, counts and nodes are the same on any machine; the "
    f"{settings.get('safety', '?')} s wall-clock limit is only a safety net, and a search it ends is counted "
    "apart as `timeout`. A stopped backend is never counted as a disagreement. Times are CPU time of the "
    "solving thread (they do not grow when other programs share the core).",
    "",
]
if divide != 1:
    lines += [f"The datasets are scaled down to 1/{divide} of the full run's (the first puzzles of each "
              "collection, fewer generated puzzles) to fit the time available; the sizes are in the table below.", ""]
def made_by(d):
    """How a dataset was made: its generate command, or the collection it was taken from."""
    path = os.path.join(out, "datasets", d + ".txt")
    commands = []
    if os.path.exists(path):
        with open(path) as f:
            commands = [l[2:].strip() for l in f if l.startswith("# sudokit generate")]
    if commands:
        return f"`{commands[0]}`" + (f" and {len(commands) - 1} more like it" if len(commands) > 1 else "")
    return "the first puzzles of `data/`'s collection"


lines += ["## Datasets", "", "| dataset | puzzles | box | clues (min-max) | made by |", "|---|---|---|---|---|"]
for d in datasets:
    first = [r for r in rows[d] if r["backend"] == backends[0]] or rows[d]
    givens = [int(r["givens"]) for r in first]
    shapes = sorted(set(r["shape"] for r in first))
    lines.append(f"| {d} | {len(first)} | {', '.join(shapes)} | {min(givens)}-{max(givens)} | {made_by(d)} |")
lines += [""]

lines += ["## Conclusions", "",
          "Generated from the tables below by `experiments/plot.py`; each number is in the table of its dataset.", ""]
lines += conclusions() + [""]
for d in datasets:
    if d in analysis:
        lines += [sentences(d, analysis[d]), ""]

lines += ["## Ratios to the fastest backend", "",
          "Per dataset: each backend's mean CPU time per puzzle divided by the fastest one's, with the 95% "
          f"bootstrap interval over puzzles ({BOOT} resamples, seed {SEED}). \">=\": the work budget stopped "
          "this backend on some puzzles, so the ratio is a lower bound.", ""]
lines += ["| dataset | fastest (ms CPU per puzzle) | backend | ratio | 95% interval | stopped | timeout |",
          "|---|---|---|---|---|---|---|"]
for d, a in analysis.items():
    lines.append(f"| {d} | {a['winner']} ({a['mean']:.3g}) | {a['winner']} | 1 | - | {a['stopped'][a['winner']]} | "
                 f"{a['timeouts'][a['winner']]} |")
    for b, (p, lo, hi, lb) in sorted(a["ratios"].items(), key=lambda kv: kv[1][0]):
        lines.append(f"| | | {b} | {'>= ' if lb else ''}{fmt_ratio(p)} | {fmt_ratio(lo)} - {fmt_ratio(hi)} | "
                     f"{a['stopped'][b]} | {a['timeouts'][b]} |")
lines += [""]

# How big the stopped searches were: each stopped row of a backend that searches a tree carries
# its online estimate of the whole tree (compare's estimated_nodes: docs/estimating.md).
def quantile(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


estimated = []  # (dataset, backend, stopped, with an estimate, median, 90%, largest, median share, CPU s to finish)
for d in datasets:
    for b in backends:
        cut = [r for r in of(rows[d], b) if r["status"] == "stopped" and r["verdict"] != "timeout"]
        known = [r for r in cut if r.get("estimated_nodes")]
        if not known:
            continue
        sizes = [float(r["estimated_nodes"]) for r in known]
        shares = [float(r["searched_fraction"]) for r in known]
        # The rest of each tree at the speed its own search ran, in CPU seconds.
        left = sum(cpu_ms(r) / 1000 * (float(r["estimated_nodes"]) - int(r["nodes"])) / max(1, int(r["nodes"]))
                   for r in known if float(r["estimated_nodes"]) > int(r["nodes"]))
        estimated.append((d, b, len(cut), len(known), quantile(sizes, 0.5), quantile(sizes, 0.9), max(sizes),
                          quantile(shares, 0.5), left))


def duration(seconds):
    for unit, size in (("years", 3.156e7), ("days", 86400), ("h", 3600), ("min", 60)):
        if seconds >= 2 * size:
            return f"{seconds / size:.2g} {unit}"
    return f"{seconds:.2g} s"


if estimated:
    lines += ["## How big were the stopped searches?", "",
              "A search stopped by its work budget says how big its whole tree looks from the part it searched "
              "(the online weighted backtrack estimate, `estimated_nodes` in the CSVs; how accurate it is: "
              "docs/estimating.md). Per dataset and backend with stopped searches: how many, how many had "
              "reached a leaf (an estimate), the estimated trees' sizes in nodes, the median share of its tree "
              "a search had covered, and the CPU time all of them would still need at the speed each ran.", "",
              "| dataset | backend | stopped | estimated | median tree | 90% | largest | median share searched "
              "| CPU to finish |", "|---|---|---|---|---|---|---|---|---|"]
    for d, b, cut, known, median, p90, largest, share, left in estimated:
        lines.append(f"| {d} | {b} | {cut} | {known} | {median:.2g} | {p90:.2g} | {largest:.2g} | "
                     f"{100 * share:.2g}% | {duration(left)} |")
    worst = max(estimated, key=lambda e: e[8])
    lines += ["", f"The most work left is {worst[1]}'s on {worst[0]}: {worst[2]} searches stopped, whose trees look "
              f"like {worst[4]:.2g} nodes at the median and {worst[6]:.2g} at most, some {duration(worst[8])} of "
              "CPU to finish at its speed.", ""]

lines += ["## Plots", ""]
for stem, title in [("nodes_per_dataset", "Search nodes per backend and dataset"),
                    ("time_vs_clues", "Time per puzzle against clues"),
                    ("growth_with_size", "Cost against grid size, minimal puzzles"),
                    ("sat_encodings", "SAT encodings side by side"),
                    ("exact_cover", "Exact cover: nodes and time per problem")]:
    if os.path.exists(os.path.join(out, stem + ".png")):
        lines += [f"### {title}", "", f"![{title}]({stem}.png)", ""]
lines += ["## Summary per dataset", "",
          "`sudokit compare`'s table: statuses per backend (`stopped`: by the work budget; `timeout`: by the "
          "safety net), nodes, CPU time.", ""]
for d in datasets:
    with open(os.path.join(runs, d + ".txt")) as f:
        text = f.read().strip()
    table = "\n".join(l for l in text.splitlines() if l.startswith("|"))
    head = next((l for l in text.splitlines() if "puzzles," in l), "")
    notes = [l for l in text.splitlines() if "default budget" in l]
    lines += [f"### {d}", "", head, "", table, ""] + ([*notes, ""] if notes else [])
if xc_rows:
    lines += ["## Exact cover", "",
              "Problems written by `sudokit-xcgen` (docs/exact-cover.md), every solution counted "
              "(`sudokit xc --count 0 --stats`) by each backend that takes exact cover, each under a work budget "
              f"of {settings.get('xc_budget', '?')} times its default (the `budget` column of xc.csv) and the "
              f"{xc_rows[0]['timeout']} s safety net. Each cell: the count (a stopped run's count is what it found), "
              "nodes and time; \"expected\" is the count the literature gives, symmetric copies included.", ""]
    head = "| problem | expected | " + " | ".join(xc_backends) + " |"
    lines += [head, "|" + "---|" * (2 + len(xc_backends))]
    for p in xc_problems:
        cells = []
        for b in xc_backends:
            r = xc_by.get((p, b))
            if not r:
                cells.append("")
                continue
            text = f"{r['count']} in {float(r['time']):.3g} s, {int(r['nodes']):,} nodes"
            if r["updates"]:
                text += f", {int(r['updates']):,} updates"
            if r["conflicts"]:
                text += f", {int(r['conflicts']):,} conflicts"
            if r["status"] == "stopped":
                text = ("timeout: " if r.get("stop") == "timeout" else "stopped: ") + text
            elif r["expected"] and r["count"] != r["expected"]:
                text = "**WRONG**: " + text
            cells.append(text)
        expected = next((xc_by[(p, b)]["expected"] for b in xc_backends if (p, b) in xc_by), "")
        lines.append(f"| {p} | {expected or '?'} | " + " | ".join(cells) + " |")
    lines.append("")
with open(os.path.join(out, "report.md"), "w") as f:
    f.write("\n".join(lines) + "\n")
print(os.path.join(out, "report.md"))
