#!/usr/bin/python3
"""How good the tree-size estimates are, as a section of the experiment report (issue 31).

    /usr/bin/python3 experiments/estimation_report.py OUT SUDOKIT [PUZZLES_PER_SET]

OUT is an experiments/run_all.sh run. Runs estimate_accuracy.py's measurement (Knuth's probes:
estimate / true size after 100, 1,000 and 10,000 probes) and online_accuracy.py's (the online
estimate of a search stopped after 1%, 10% and 50% of its work) on their sets, PUZZLES_PER_SET
puzzles each (default 100), appends both tables and a few sentences made from them to
OUT/report.md, and draws OUT/estimate_accuracy.png/svg: the median ratio and its 10%-90% band
per backend on the 9x9 set, against the number of probes and against the share searched.
Needs Debian's python3-matplotlib.
"""
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

import estimate_accuracy  # noqa: E402
import online_accuracy  # noqa: E402


def plot(out, probes, online):
    """Two panels on the largest 9x9 set: ratio against probes, and against the share searched."""
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4.2), sharey=True)
    names = sorted({r["backend"] for r in probes + online})
    colour = {name: f"C{i}" for i, name in enumerate(names)}  # one colour a backend in both panels
    nine = [r for r in probes if r["set"].startswith("9x9 top1465")]
    for r in nine:
        if not r["counted"]:
            continue
        xs = list(estimate_accuracy.PROBES)
        mid, low, high = zip(*(estimate_accuracy.spread(r["ratios"][p]) for p in xs))
        left.plot(xs, mid, marker="o", label=r["backend"], color=colour[r["backend"]])
        left.fill_between(xs, low, high, alpha=0.15, color=colour[r["backend"]])
    left.set_xscale("log")
    left.set_xlabel("probes")
    left.set_title("Knuth's probes, before the search")
    for r in (r for r in online if r["set"].startswith("9x9 top1465")):
        shares = [s for s in online_accuracy.SHARES if r["ratios"][s]]
        if not shares:
            continue
        mid, low, high = zip(*(estimate_accuracy.spread(r["ratios"][s], "inclusive") for s in shares))
        xs = [100 * s for s in shares]
        right.plot(xs, mid, marker="o", label=r["backend"], color=colour[r["backend"]])
        right.fill_between(xs, low, high, alpha=0.15, color=colour[r["backend"]])
    right.set_xscale("log")
    right.set_xlabel("% of the search done")
    right.set_title("online (weighted backtrack), during the search")
    for ax in (left, right):
        ax.set_yscale("log")
        ax.axhline(1.0, color="#888", linewidth=0.8)
        ax.grid(True, which="both", alpha=0.3)
    left.set_ylabel("estimate / true tree size (median, 10%-90%)")
    left.legend(fontsize=8)
    right.legend(fontsize=8)
    fig.tight_layout()
    for ext in ("png", "svg"):
        fig.savefig(os.path.join(out, f"estimate_accuracy.{ext}"), dpi=150)


def sentences(probes, online):
    """What the tables say, from their numbers: how close the median is after 1,000 probes (the
    issue's factor of 2), and after half of a search."""
    text = []
    medians = [(r["backend"], r["set"], estimate_accuracy.spread(r["ratios"][1000])[0]) for r in probes if r["counted"]]
    if medians:
        low = min(medians, key=lambda m: m[2])
        high = max(medians, key=lambda m: m[2])
        within = sum(0.5 <= m[2] <= 2.0 for m in medians)
        text.append(f"After 1,000 probes the median estimate / true size is {low[2]:.2f} to {high[2]:.2f} over "
                    f"{len(medians)} backend-and-set rows (lowest: {low[0]} on {low[1]}); {within} of them within "
                    f"a factor of 2.")
    halves = [(r["backend"], r["set"], estimate_accuracy.spread(r["ratios"][0.5], "inclusive")[0])
              for r in online if r["ratios"][0.5]]
    if halves:
        low = min(halves, key=lambda m: m[2])
        high = max(halves, key=lambda m: m[2])
        text.append(f"Half-way through a search, the online estimate's median is {low[2]:.2f} to {high[2]:.2f} "
                    f"(lowest: {low[0]} on {low[1]}).")
    return " ".join(text)


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit("usage: experiments/estimation_report.py OUT SUDOKIT [PUZZLES_PER_SET]")
    out, sudokit = sys.argv[1], sys.argv[2]
    per_set = int(sys.argv[3]) if len(sys.argv) == 4 else 100
    probes = estimate_accuracy.rows(sudokit, per_set)
    online = online_accuracy.rows(sudokit, per_set)
    plot(out, probes, online)
    with open(os.path.join(out, "report.md"), "a") as f:
        f.write("\n## How good the tree-size estimates are\n\n")
        f.write(f"Trees each backend can search to the end (up to {estimate_accuracy.MEASURE:,} nodes), {per_set} "
                "puzzles a set (generated 4x4 and 6x6, the 9x9 examples, the first of top1465): Knuth's random "
                "probes (`sudokit estimate`) against the true size, then the online estimate of a search stopped "
                "after a share of its work (compare's `estimated_nodes`). docs/estimating.md says how each is "
                "made and read (`experiments/estimate_accuracy.py`, `experiments/online_accuracy.py`).\n\n")
        f.write(estimate_accuracy.table(probes) + "\n\n")
        f.write(online_accuracy.table(online) + "\n\n")
        f.write("![estimate / true size against probes and against the share searched](estimate_accuracy.svg)\n\n")
        f.write(f"**What the numbers say.** {sentences(probes, online)}\n")


if __name__ == "__main__":
    main()
