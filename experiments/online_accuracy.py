#!/usr/bin/python3
"""How good the online estimates are (issue 31): a search stopped after 1%, 10% and 50% of its
work says how big its whole tree looks (compare's `estimated_nodes`, the weighted backtrack
estimate); this compares that with the tree's true size, per backend and set of puzzles. Prints
a Markdown table (docs/estimating.md holds one).

    experiments/online_accuracy.py [SUDOKIT] [PUZZLES_PER_SET]

The sets are estimate_accuracy.py's. Each tree is first searched to the end, counting every
solution (`--count 0`), up to 5 million nodes (conflicts, for a backend whose budget counts
them); trees bigger than that, and trees of fewer than
100 nodes (1% of them is under a node), are left out of that backend's row. Then the same search
runs again under a budget of 1%, 10% and 50% of that work, in the unit the backend's budget
counts (`sudokit solvers`: nodes, or a SAT solver's conflicts), and the ratio estimate / true
size is taken. A search the budget did not stop counts as exact; one stopped before it reached
its first leaf has no estimate yet, and the table says on how many trees that happened.
"""
import csv
import re
import io
import os
import statistics
import subprocess
import sys
import tempfile

from estimate_accuracy import ROOT, MEASURE, puzzle_sets, spread

SHARES = (0.01, 0.10, 0.50)
SMALLEST = 100


def compare(sudokit, path, spec, budget):
    """compare's rows for every puzzle of `path` under `spec`, counting every solution."""
    out = subprocess.run([sudokit, "compare", "--solvers", spec, "--count", "0", "--max-nodes", str(budget),
                          "--jobs", "1", "--csv", "-", path], capture_output=True, text=True).stdout
    return list(csv.DictReader(io.StringIO(out[out.index("puzzle,source"):])))


def one_puzzle(line, scratch):
    path = os.path.join(scratch, "one.txt")
    with open(path, "w") as f:
        f.write(line)
    return path


def probing_backends(sudokit, path):
    """The backends `sudokit estimate` takes by default (those that search a tree), as specs."""
    out = subprocess.run([sudokit, "estimate", "--probes", "1", "--measure-nodes", "1", path],
                         capture_output=True, text=True, check=True).stdout
    specs = []
    for line in out.splitlines():
        spec = re.search(r"solver=(\S+) probes=", line).group(1)
        if spec not in specs:
            specs.append(spec)
    return specs


def budget_units(sudokit):
    """Per backend, whether --max-nodes counts its nodes (else its own unit: a SAT solver's conflicts)."""
    out = subprocess.run([sudokit, "solvers"], capture_output=True, text=True, check=True).stdout
    blocks, name = {}, None
    for line in out.splitlines():
        if line and not line.startswith(" "):
            name = line.strip()
        elif name:
            blocks[name] = blocks.get(name, "") + line
    return {name: "--max-nodes counts nodes" in text for name, text in blocks.items()}


def rows(sudokit, per_set):
    """Per set and backend: the trees, of how many, and per share of the search the ratios
    estimate / true size and how many searches had no estimate yet."""
    result = []
    with tempfile.TemporaryDirectory() as scratch:
        backends = probing_backends(sudokit, os.path.join(ROOT, "examples/classic.txt"))
        counts_nodes = budget_units(sudokit)
        for label, path in puzzle_sets(sudokit, per_set, scratch):
            with open(path) as f:
                text = f.readlines()
            lines = [line for line in text if line.strip() and not line.startswith("#")]
            prefix = "".join(line for line in text if line.startswith("# box"))
            for spec in backends:
                by_nodes = counts_nodes[spec.split(":")[0]]
                full = compare(sudokit, path, spec, MEASURE)
                ratios = {s: [] for s in SHARES}
                missing = {s: 0 for s in SHARES}
                trees = []
                for row, line in zip(full, lines):
                    if row["status"] == "stopped" or int(row["nodes"]) < SMALLEST:
                        continue
                    true = int(row["nodes"])
                    work = true if by_nodes else int(dict(kv.split("=") for kv in row["counters"].split(";"))["conflicts"])
                    trees.append(true)
                    for share in SHARES:
                        part = compare(sudokit, one_puzzle(prefix + line, scratch), spec, max(1, round(share * work)))[0]
                        if part["status"] != "stopped":
                            ratios[share].append(1.0)  # its solutions came early: nothing left to guess
                        elif part["estimated_nodes"]:
                            ratios[share].append(float(part["estimated_nodes"]) / true)
                        else:
                            missing[share] += 1  # no leaf reached yet: no estimate
                result.append({"set": label, "backend": spec, "trees": trees, "of": len(full),
                               "ratios": {s: sorted(r) for s, r in ratios.items()}, "missing": missing})
    return result


def table(found):
    lines = ["| set | backend | trees | median tree | " +
             " | ".join(f"estimate/true after {int(100 * s)}% of the search: median (10%-90%)" for s in SHARES) + " |",
             "|---|---|---|---|" + "---|" * len(SHARES)]
    for r in found:
        if not r["trees"]:
            lines.append(f"| {r['set']} | {r['backend']} | 0 of {r['of']} | | " + " | ".join("" for _ in SHARES) + " |")
            continue
        cells = []
        for share in SHARES:
            ratios, missing = r["ratios"][share], r["missing"][share]
            none = f"; {missing} none yet" if missing else ""
            if not ratios:
                cells.append(f"none yet on {missing}")
                continue
            cells.append("{:.2f} ({:.2f}-{:.2f})".format(*spread(ratios, "inclusive")) + none)
        lines.append(f"| {r['set']} | {r['backend']} | {len(r['trees'])} of {r['of']} | "
                     f"{statistics.median(r['trees']):,.0f} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main():
    sudokit = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "build/release/apps/sudokit")
    per_set = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    print(table(rows(sudokit, per_set)))


if __name__ == "__main__":
    main()
