#!/usr/bin/python3
"""Human difficulty against search effort: which method's work tracks Sudoku Explainer's ER?

    /usr/bin/python3 experiments/difficulty_effort.py OUT SUDOKIT

OUT is an experiments/run_all.sh run. Reads OUT/difficulty/datasets/*.txt (puzzles whose human
difficulty is known: data/se121_rated and puzzles generated per ER range) and OUT/difficulty/runs/
NAME.csv (`sudokit compare --csv` of each, every backend). Rates every puzzle with `SUDOKIT rate`
(ER of the puzzles its techniques solve; for data/se121_rated's others, the SE 1.2.1 rating its
comments give; a generated puzzle is made with an ER, so has one). Then, for each backend and each
measure of its work (nodes, guesses and the counters it declares as its work, `sudokit solvers`:
mems, updates, conflicts, decisions, ...), Spearman's rank correlation with ER over all puzzles, with a 95% bootstrap interval (2,000
resamples, seed 1). A stopped search counts as its estimated tree (compare's estimated_nodes) for
nodes, and as the work done so far for the others (a lower bound, so a correlation can only be
understated). Writes OUT/difficulty_effort.png/svg and appends a section to OUT/report.md, with
sentences written from the numbers. Needs Debian's python3-matplotlib.
"""
import csv
import io
import os
import random
import re
import subprocess
import sys
from collections import defaultdict
from statistics import median

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from se_agreement import read_data  # noqa: E402  (experiments/: the reader of data/se121_rated's comments)

RESAMPLES = 2000


def ratings(sudokit, path):
    """ER per puzzle number from `sudokit rate --csv`, None when beyond its techniques."""
    run = subprocess.run([sudokit, "rate", "--csv", "-", path], capture_output=True, text=True)
    return {int(row["puzzle"]): float(row["er"]) if row["er"] else None
            for row in csv.DictReader(io.StringIO(run.stdout))}


def ranks(values):
    order = sorted(range(len(values)), key=lambda i: values[i])
    r = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            r[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return r


def pearson(x, y):
    n = len(x)
    mx, my = sum(x) / n, sum(y) / n
    sxy = sum((a - mx) * (b - my) for a, b in zip(x, y))
    sxx = sum((a - mx) ** 2 for a in x)
    syy = sum((b - my) ** 2 for b in y)
    return sxy / (sxx * syy) ** 0.5 if sxx > 0 and syy > 0 else float("nan")


def spearman(x, y):
    return pearson(ranks(x), ranks(y))


def bootstrap(x, y, rng):
    n = len(x)
    rhos = []
    for _ in range(RESAMPLES):
        pick = [rng.randrange(n) for _ in range(n)]
        rho = spearman([x[i] for i in pick], [y[i] for i in pick])
        if rho == rho:
            rhos.append(rho)
    rhos.sort()
    return rhos[int(0.025 * len(rhos))], rhos[int(0.975 * len(rhos)) - 1]


def declared_work(sudokit):
    """Each backend's own measures of work, as `sudokit solvers` declares them ("work: updates,mems")."""
    work, name = {}, None
    for line in subprocess.run([sudokit, "solvers"], capture_output=True, text=True).stdout.splitlines():
        if line and not line.startswith(" "):
            name = line.strip()
        m = re.search(r"; work: ([^;]+);", line)
        if name and m:
            work[name] = [w for w in m.group(1).split(",") if w != "-"]
    return work


def measures(row, work):
    """The work a row reports, by name: nodes (the estimated tree when the search stopped), guesses
    and the counters its backend declares as work."""
    m = {"nodes": float(row["nodes"]), "guesses": float(row["guesses"])}
    if row["status"] == "stopped" and row.get("estimated_nodes"):
        m["nodes"] = max(m["nodes"], float(row["estimated_nodes"]))
    declared = work.get(row["backend"].split(":")[0], [])
    for pair in filter(None, row.get("counters", "").split(";")):
        name, _, value = pair.partition("=")
        if name in declared:
            m[name] = float(value)
    return m


def main():
    out, sudokit = sys.argv[1], sys.argv[2]
    base = os.path.join(out, "difficulty")
    er_of = {}  # (dataset, puzzle number) -> ER
    sets = sorted(n[:-4] for n in os.listdir(os.path.join(base, "datasets")) if n.endswith(".txt"))
    for name in sets:
        path = os.path.join(base, "datasets", name + ".txt")
        # SE 1.2.1's ER where data/se121_rated's comments give it (None for generated puzzles).
        reference = [float(p["se"][0]) if p["se"] else None for p in read_data(path)]
        for number, er in ratings(sudokit, path).items():
            if er is None and number <= len(reference):
                er = reference[number - 1]
            if er is not None:
                er_of[name, number] = er
    declared = declared_work(sudokit)
    work = defaultdict(dict)  # backend -> measure -> {(dataset, puzzle): value}
    stopped = defaultdict(int)
    for name in sets:
        with open(os.path.join(base, "runs", name + ".csv")) as f:
            for row in csv.DictReader(f):
                key = (name, int(row["puzzle"]))
                if key not in er_of or row["status"] not in ("unique", "stopped"):
                    continue
                stopped[row["backend"]] += row["status"] == "stopped"
                for measure, value in measures(row, declared).items():
                    work[row["backend"]].setdefault(measure, {})[key] = value
    rng = random.Random(1)
    table = []  # (backend, measure, n, rho, low, high)
    for backend, by_measure in work.items():
        for measure, values in by_measure.items():
            keys = sorted(values)
            if len(keys) < 20 or len({values[k] for k in keys}) < 2:
                continue
            x = [er_of[k] for k in keys]
            y = [values[k] for k in keys]
            low, high = bootstrap(x, y, rng)
            table.append((backend, measure, len(keys), spearman(x, y), low, high))
    table.sort(key=lambda t: -t[3])
    plot(out, work, er_of)
    write(out, table, work, er_of, stopped, sets)


BINS = ((1.5, "1.0-1.5"), (2.5, "1.6-2.5"), (4.0, "2.6-4.0"), (5.0, "4.1-5.0"), (6.2, "5.1-6.2"), (8.0, "6.3-8.0"),
        (99.0, "above 8"))


def bin_of(er):
    return next(name for top, name in BINS if er <= top + 1e-9)


def medians(work, er_of):
    """backend -> bin -> median nodes, for bins with three puzzles or more."""
    table = {}
    for backend, by_measure in work.items():
        by_bin = defaultdict(list)
        for key, value in by_measure.get("nodes", {}).items():
            by_bin[bin_of(er_of[key])].append(value)
        table[backend] = {b: median(v) for b, v in by_bin.items() if len(v) >= 3}
    return table


def plot(out, work, er_of):
    names = [name for _, name in BINS]
    fig, ax = plt.subplots(figsize=(8, 4.8))
    for backend, by_bin in medians(work, er_of).items():
        xs = [i for i, name in enumerate(names) if name in by_bin]
        ax.plot(xs, [max(by_bin[names[i]], 1) for i in xs], marker="o", markersize=4, label=backend)
    ax.set_xticks(range(len(names)), names)
    ax.set_yscale("log")
    ax.set_xlabel("Sudoku Explainer ER (human difficulty)")
    ax.set_ylabel("median nodes (stopped: estimated tree)")
    ax.set_title("Search effort against human difficulty, 9x9")
    ax.legend(ncol=2)
    fig.tight_layout()
    for ext in ("png", "svg"):
        fig.savefig(os.path.join(out, f"difficulty_effort.{ext}"), dpi=150)
    plt.close(fig)


def write(out, table, work, er_of, stopped, sets):
    lines = ["", "## Human difficulty against search effort", ""]
    lines.append(f"{len(er_of)} 9x9 puzzles whose human difficulty is known ({', '.join(sets)}): Sudoku Explainer's "
                 "ER from `sudokit rate` (docs/rating.md; for data/se121_rated's puzzles beyond its techniques, the SE 1.2.1 "
                 "rating the file gives). For each backend and each measure of its work, Spearman's rank correlation "
                 "with ER and its 95% bootstrap interval (2,000 resamples); a stopped search counts as its estimated "
                 "tree for nodes and as the work done so far for the other measures.")
    lines.append("")
    lines.append("| backend | measure | puzzles | Spearman rho | 95% interval |")
    lines.append("|---|---|---|---|---|")
    for backend, measure, n, rho, low, high in table:
        lines.append(f"| {backend} | {measure} | {n} | {rho:.2f} | {low:.2f} to {high:.2f} |")
    lines.append("")
    by_bin = medians(work, er_of)
    names = [name for _, name in BINS if any(name in b for b in by_bin.values())]
    counts = defaultdict(int)
    for er in er_of.values():
        counts[bin_of(er)] += 1
    lines.append("Median nodes per range of ER (a stopped search: its estimated tree):")
    lines.append("")
    lines.append("| backend | " + " | ".join(f"{n} ({counts[n]})" for n in names) + " |")
    lines.append("|---|" + "---|" * len(names))
    for backend, row in by_bin.items():
        lines.append(f"| {backend} | " + " | ".join(f"{row[n]:.3g}" if n in row else "-" for n in names) + " |")
    lines.append("")
    lines.append("![median nodes against ER](difficulty_effort.svg)")
    lines.append("")
    lines.extend(conclusions(table, stopped))
    with open(os.path.join(out, "report.md"), "a") as f:
        f.write("\n".join(lines) + "\n")


def conclusions(table, stopped):
    if not table:
        return ["No measure had enough puzzles to correlate."]
    best, worst = table[0], table[-1]
    said = [f"**What the numbers say.** {best[0]}'s {best[1]} track human difficulty best "
            f"(rho {best[3]:.2f}, interval {best[4]:.2f} to {best[5]:.2f}); {worst[0]}'s {worst[1]} track it least "
            f"(rho {worst[3]:.2f}, {worst[4]:.2f} to {worst[5]:.2f})."]
    best_of = {}
    for backend, measure, n, rho, low, high in table:
        best_of.setdefault(backend, (measure, rho, low, high))
    ordered = sorted(best_of.items(), key=lambda kv: -kv[1][1])
    said.append("Each backend's best measure, in order: " +
                "; ".join(f"{b} ({m}, {r:.2f})" for b, (m, r, _, _) in ordered) + ".")
    leader, (m, r, low, _) = ordered[0]
    beaten = [b for b, (_, _, _, high) in ordered[1:] if high < low]
    if beaten:
        said.append(f"{leader}'s interval lies above those of {', '.join(beaten)}: the difference is not chance.")
    close = [b for b, (_, _, _, high) in ordered[1:] if high >= low]
    if close:
        said.append(f"The intervals of {', '.join(close)} overlap {leader}'s: on these puzzles they cannot be told apart.")
    weak = [b for b, (_, r, _, _) in ordered if r < 0.3]
    if weak:
        said.append(f"For {', '.join(weak)}, effort says little about human difficulty (rho below 0.3).")
    halted = [f"{b} ({k})" for b, k in stopped.items() if k]
    if halted:
        said.append("Searches stopped by the work budget, counted by their estimated trees: " + ", ".join(halted) + ".")
    return [" ".join(said)]


if __name__ == "__main__":
    main()
