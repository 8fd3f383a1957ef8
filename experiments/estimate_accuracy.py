#!/usr/bin/python3
"""How good Knuth's random-probe estimates are (`sudokit estimate`, issue 31): for puzzles whose
trees the backends can search to the end, the ratio estimate / true size after 100, 1,000 and
10,000 probes, per backend and grid size. Prints a Markdown table (docs/estimating.md holds one).

    experiments/estimate_accuracy.py [SUDOKIT] [PUZZLES_PER_SET]

The sets: generated 4x4 and 6x6 puzzles (`sudokit generate`, seeds 1..), the 9x9 examples, and
the first puzzles of data/top1465. A tree is counted by a real search of up to 5 million nodes;
puzzles whose tree is bigger (backtrack on most 9x9 puzzles) are left out of that backend's row,
and the row says how many were.
"""
import os
import re
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MEASURE = 5_000_000
PROBES = (100, 1000, 10000)


def puzzle_sets(sudokit, per_set, scratch):
    sets = []
    for box, name in (("2x2", "4x4"), ("2x3", "6x6")):
        path = os.path.join(scratch, name + ".txt")
        with open(path, "w") as f:
            subprocess.run([sudokit, "generate", "--box", box, "--count", str(per_set), "--seed", "1"], stdout=f,
                           check=True)
        sets.append((name + " generated", path))
    sets.append(("9x9 examples/classic.txt", os.path.join(ROOT, "examples/classic.txt")))
    top = os.path.join(scratch, "top.txt")
    with open(os.path.join(ROOT, "data/top1465")) as src, open(top, "w") as f:
        f.writelines([line for line in src if line.strip() and not line.startswith("#")][:per_set])
    sets.append(("9x9 top1465, first " + str(per_set), top))
    return sets


def estimates(sudokit, path, probes):
    """{(puzzle, solver): (estimate, actual or None)} from one run of sudokit estimate."""
    out = subprocess.run([sudokit, "estimate", "--probes", str(probes), "--measure-nodes", str(MEASURE), path],
                         capture_output=True, text=True, check=True).stdout
    found = {}
    for line in out.splitlines():
        m = re.search(r"puzzle (\d+): solver=(\S+) .*estimated_nodes=(\S+) .*actual_nodes=(\S+)", line)
        if m:
            actual = None if m.group(4).startswith(">") else int(m.group(4))
            found[(int(m.group(1)), m.group(2))] = (float(m.group(3)), actual)
    return found


def rows(sudokit, per_set):
    """Per set and backend: the trees counted, of how many, their median size, and per number of
    probes the ratios estimate / true size."""
    result = []
    with tempfile.TemporaryDirectory() as scratch:
        for label, path in puzzle_sets(sudokit, per_set, scratch):
            runs = [estimates(sudokit, path, p) for p in PROBES]
            for solver in sorted({s for (_, s) in runs[0]}):
                keys = sorted(k for k in runs[0] if k[1] == solver)
                counted = [k for k in keys if runs[0][k][1] is not None]
                result.append({"set": label, "backend": solver, "counted": len(counted), "of": len(keys),
                               "tree": statistics.median(runs[0][k][1] for k in counted) if counted else None,
                               "ratios": {p: sorted(run[k][0] / run[k][1] for k in counted) for p, run in zip(PROBES, runs)}})
    return result


def spread(ratios, method="exclusive"):
    """The median and the 10% and 90% deciles of a list of ratios (statistics.quantiles' `method`)."""
    deciles = statistics.quantiles(ratios, n=10, method=method) if len(ratios) >= 2 else ratios * 9
    return statistics.median(ratios), deciles[0], deciles[-1]


def table(found):
    lines = ["| set | backend | trees counted | median tree | " +
             " | ".join(f"estimate/true after {p:,} probes: median (10%-90%)" for p in PROBES) + " |",
             "|---|---|---|---|" + "---|" * len(PROBES)]
    for r in found:
        if not r["counted"]:
            lines.append(f"| {r['set']} | {r['backend']} | 0 of {r['of']} (all over {MEASURE:,} nodes) | | " +
                         " | ".join("" for _ in PROBES) + " |")
            continue
        cells = ["{:.2f} ({:.2f}-{:.2f})".format(*spread(r["ratios"][p])) for p in PROBES]
        lines.append(f"| {r['set']} | {r['backend']} | {r['counted']} of {r['of']} | {r['tree']:,.0f} | " +
                     " | ".join(cells) + " |")
    return "\n".join(lines)


def main():
    sudokit = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "build/release/apps/sudokit")
    per_set = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    print(table(rows(sudokit, per_set)))


if __name__ == "__main__":
    main()
