#!/usr/bin/python3
"""Plots and the markdown report for one experiments/run_all.sh run.

    /usr/bin/python3 experiments/plot.py results/<machine>-<date>

Reads runs/*.csv (rows of `sudokit compare --csv`), runs/*.txt (its summary tables) and xc.csv
(the exact-cover counts: problem, backend, status, count, expected, nodes, updates, mems, time,
timeout);
writes PNG and SVG plots and report.md into the same folder. Needs Debian's python3-matplotlib.
"""
import csv
import datetime
import os
import platform
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


def save(fig, stem):
    fig.tight_layout()
    for ext in ("png", "svg"):
        fig.savefig(os.path.join(out, f"{stem}.{ext}"), dpi=110)
    plt.close(fig)


# 1. Mean nodes per backend on each dataset (log scale).
datasets = list(rows)
fig, ax = plt.subplots(figsize=(12, 5))
width = 0.8 / len(backends)
for i, b in enumerate(backends):
    values = [mean(int(r["nodes"]) for r in finished(rows[d], b)) if finished(rows[d], b) else 0 for d in datasets]
    ax.bar([x + i * width for x in range(len(datasets))], values, width, label=b)
ax.set_yscale("log")
ax.set_xticks([x + 0.4 - width / 2 for x in range(len(datasets))])
ax.set_xticklabels(datasets, rotation=30, ha="right")
ax.set_ylabel("mean search nodes per puzzle (log)")
ax.set_title("Search nodes per backend and dataset (stopped runs left out)")
ax.legend(fontsize=8, loc="center left", bbox_to_anchor=(1.0, 0.5))
save(fig, "nodes_per_dataset")

# 2. Time per puzzle against the number of clues (generated 9x9 puzzles).
if "gen_9x9_clues" in rows:
    fig, ax = plt.subplots(figsize=(8, 5))
    for b in backends:
        by_clues = defaultdict(list)
        for r in finished(rows["gen_9x9_clues"], b):
            by_clues[int(r["givens"])].append(float(r["time"]) * 1000)
        xs = sorted(by_clues)
        ax.plot(xs, [mean(by_clues[x]) for x in xs], marker="o", label=b)
    ax.set_yscale("log")
    ax.set_xlabel("clues")
    ax.set_ylabel("mean time per puzzle, ms (log)")
    ax.set_title("Time per puzzle against clues (generated 9x9, unique)")
    ax.legend(fontsize=8, loc="center left", bbox_to_anchor=(1.0, 0.5))
    save(fig, "time_vs_clues")

# 3. How cost grows with grid size (generated puzzles, 4x4 to 25x25).
sizes = [(4, "gen_4x4"), (6, "gen_6x6"), (9, "gen_9x9"), (12, "gen_12x12"), (16, "gen_16x16"), (25, "gen_25x25")]
sizes = [(n, d) for n, d in sizes if d in rows]
if sizes:
    fig, ax = plt.subplots(figsize=(8, 5))
    for b in backends:
        xs, ys = [], []
        for n, d in sizes:
            done = finished(rows[d], b)
            if done and len(done) == len([r for r in rows[d] if r["backend"] == b]):
                xs.append(n)
                ys.append(mean(float(r["time"]) * 1000 for r in done))
        ax.plot(xs, ys, marker="o", label=b)
    ax.set_yscale("log")
    ax.set_xlabel("grid side n")
    ax.set_ylabel("mean time per puzzle, ms (log)")
    ax.set_title("Cost against grid size (a backend is drawn only where it finished every puzzle)")
    ax.legend(fontsize=8, loc="center left", bbox_to_anchor=(1.0, 0.5))
    save(fig, "growth_with_size")

# 4. SAT encodings side by side.
encodings = [b for b in backends if b.startswith("sat:")]
if encodings:
    fig, ax = plt.subplots(figsize=(12, 5))
    width = 0.8 / len(encodings)
    for i, e in enumerate(encodings):
        values = [mean(float(r["time"]) * 1000 for r in finished(rows[d], e)) if finished(rows[d], e) else 0 for d in datasets]
        ax.bar([x + i * width for x in range(len(datasets))], values, width, label=e)
    ax.set_yscale("log")
    ax.set_xticks([x + 0.4 - width / 2 for x in range(len(datasets))])
    ax.set_xticklabels(datasets, rotation=30, ha="right")
    ax.set_ylabel("mean time per puzzle, ms (log)")
    ax.set_title("SAT encodings (CryptoMiniSat, givens propagated away)")
    ax.legend(fontsize=8, loc="center left", bbox_to_anchor=(1.0, 0.5))
    save(fig, "sat_encodings")


# 5. Exact cover: nodes and time per problem and backend, runs stopped by the time limit hatched.
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
    for ax, column, label in [(axes[0], "nodes", "search nodes (log)"), (axes[1], "time", "time, s (log)")]:
        for i, b in enumerate(xc_backends):
            xs, ys, stopped = [], [], []
            for x, p in enumerate(xc_problems):
                r = xc_by.get((p, b))
                if r and r[column]:
                    xs.append(x + i * width)
                    ys.append(max(float(r[column]), 1e-6))
                    stopped.append(r["status"] == "stopped")
            bars = ax.bar(xs, ys, width, label=b, color=f"C{i}")
            for bar, s in zip(bars, stopped):
                if s:
                    bar.set_hatch("//")
                    bar.set_alpha(0.5)
        ax.set_yscale("log")
        ax.set_ylabel(label)
    axes[1].set_xticks([x + 0.4 - width / 2 for x in range(len(xc_problems))])
    axes[1].set_xticklabels(xc_problems, rotation=30, ha="right")
    axes[0].set_title("Exact cover: counting every solution (hatched: stopped by the time limit)")
    axes[0].legend(fontsize=8, loc="center left", bbox_to_anchor=(1.0, 0.5))
    save(fig, "exact_cover")


# The report.
def run(cmd):
    try:
        return subprocess.run(cmd, shell=True, capture_output=True, text=True).stdout.strip()
    except OSError:
        return "?"


cpu = run("grep -m1 'model name' /proc/cpuinfo | cut -d: -f2").strip()
compiler = run("$(sed -n 's/^CMAKE_CXX_COMPILER:[A-Z]*=//p' build/release/CMakeCache.txt) --version | head -n 1")
flags = run("grep -E '^CMAKE_CXX_FLAGS_RELEASE:' build/release/CMakeCache.txt | cut -d= -f2")
native = run("grep -E '^SUDOKIT_NATIVE:' build/release/CMakeCache.txt | cut -d= -f2")
allocator = run("build/release/apps/sudokit --version | sed -n 's/.*allocator: \\(.*\\))/\\1/p'") or "?"
lines = [
    "# Experiment report",
    "",
    f"Made by `experiments/run_all.sh` on {datetime.date.today()}: machine `{platform.node()}`, {cpu}, "
    f"{os.cpu_count()} cores; compiler {compiler}; flags `{flags}`{' -march=native' if native == 'ON' else ''}; "
    f"allocator {allocator}.",
    "Every dataset was run with `sudokit compare --timeout 0.5` (per puzzle and backend, looking for "
    "up to 2 solutions), every backend and SAT with each encoding; a backend stopped by the time "
    "limit counts as stopped, never as a disagreement. Times are wall-clock per puzzle on one "
    "thread of two.",
    "",
    "## Plots",
    "",
]
for stem, title in [("nodes_per_dataset", "Search nodes per backend and dataset"),
                    ("time_vs_clues", "Time per puzzle against clues"),
                    ("growth_with_size", "Cost against grid size"),
                    ("sat_encodings", "SAT encodings side by side"),
                    ("exact_cover", "Exact cover: nodes and time per problem")]:
    if os.path.exists(os.path.join(out, stem + ".png")):
        lines += [f"### {title}", "", f"![{title}]({stem}.png)", ""]
lines += ["## Summary per dataset", ""]
for d in datasets:
    with open(os.path.join(runs, d + ".txt")) as f:
        text = f.read().strip()
    table = "\n".join(l for l in text.splitlines() if l.startswith("|"))
    head = next((l for l in text.splitlines() if "puzzles," in l), "")
    lines += [f"### {d}", "", head, "", table, ""]
if xc_rows:
    lines += ["## Exact cover", "",
              "Problems written by `sudokit-xcgen` (docs/exact-cover.md), every solution counted "
              "(`sudokit xc --count 0 --stats`) by each backend that takes exact cover, with "
              f"`--timeout {xc_rows[0]['timeout']}`. Each cell: the count (a stopped run's count is what it found), nodes and time; "
              "\"expected\" is the count the literature gives, symmetric copies included.", ""]
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
            if r["status"] == "stopped":
                text = "stopped: " + text
            elif r["expected"] and r["count"] != r["expected"]:
                text = "**WRONG**: " + text
            cells.append(text)
        expected = next((xc_by[(p, b)]["expected"] for b in xc_backends if (p, b) in xc_by), "")
        lines.append(f"| {p} | {expected or '?'} | " + " | ".join(cells) + " |")
    lines.append("")
with open(os.path.join(out, "report.md"), "w") as f:
    f.write("\n".join(lines) + "\n")
print(os.path.join(out, "report.md"))
