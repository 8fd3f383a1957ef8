#!/usr/bin/python3
"""How `sudokit rate` agrees with Sudoku Explainer's ratings on data/se121_rated.

    experiments/se_agreement.py SUDOKIT [--write docs/rating.md | --check docs/rating.md]

Rates every puzzle of data/se121_rated with SUDOKIT (the sudokit binary) and prints markdown tables:
ER, EP and ED against SukakuExplainer in SE 1.2.1's mode (the comments' se121=ER/EP/ED) per range
of ER, the buckets (easy, medium, hard, diabolical) of the two ERs, and every puzzle whose ER differs
(sudokit rates it otherwise, or calls beyond its techniques one SE 1.2.1 rates below 7.5, where
the techniques SE 1.2.1 has and sudokit does not apply begin).
--write replaces the block between the markers in the document; --check exits 1 when the
document's block is not what the data gives now (a test runs it).
"""
import csv
import io
import re
import subprocess
import sys
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data" / "se121_rated"
BEGIN, END = "<!-- se_agreement.py: begin -->", "<!-- se_agreement.py: end -->"


def read_data(path=DATA):
    """Each puzzle of a file in data/se121_rated's form, with the rating the comment before it gives
    (se: (ER, EP, ED) as text; None for a puzzle without that comment)."""
    puzzles, notes = [], None
    for line in Path(path).read_text().splitlines():
        line = line.strip()
        m = re.match(r"# se121=(\S+)/(\S+)/(\S+)$", line)
        if m:
            notes = m.groups()
        elif line and not line.startswith("#"):
            puzzles.append({"puzzle": line, "se": notes})
            notes = None
    return puzzles


def rate(sudokit, puzzles):
    run = subprocess.run([sudokit, "rate", "--csv", "-", str(DATA)], capture_output=True, text=True)
    rows = list(csv.DictReader(io.StringIO(run.stdout)))
    if len(rows) != len(puzzles):
        sys.exit(f"expected {len(puzzles)} ratings, got {len(rows)}: {run.stderr}")
    for p, row in zip(puzzles, rows):
        p["beyond"] = row["solved"] != "true"
        p["ours"] = (row["reached"], row["ep"], row["ed"])
        p["hardest"] = row["hardest"]


def band(er):
    x = float(er)
    for top, name in ((1.5, "1.0-1.5"), (2.5, "1.7-2.5"), (4.0, "2.6-4.0"), (5.0, "4.2-5.0"), (6.2, "5.2-6.2"),
                      (7.4, "6.5-7.4")):
        if x <= top:
            return name
    return "7.5 and up"


def bucket(er):
    x = float(er)
    return "easy" if x < 1.5 else "medium" if x < 2.5 else "hard" if x < 5.0 else "diabolical"


def pct(k, n):
    return f"{k}/{n} ({100 * k / n:.1f}%)" if n else "-"


def tables(puzzles):
    out = []
    rows = defaultdict(lambda: [0, 0, 0, 0, 0])
    for p in puzzles:
        r = rows[band(p["se"][0])]
        r[0] += 1
        ok = [not p["beyond"] and p["ours"][i] == p["se"][i] for i in range(3)]
        for i in range(3):
            r[i + 1] += ok[i]
        r[4] += p["beyond"]
    out.append("| SE 1.2.1's ER | puzzles | ER equal | EP equal | ED equal | beyond sudokit's techniques |")
    out.append("|---|---|---|---|---|---|")
    total = [0, 0, 0, 0, 0]
    for name in ("1.0-1.5", "1.7-2.5", "2.6-4.0", "4.2-5.0", "5.2-6.2", "6.5-7.4", "7.5 and up"):
        if name in rows:
            r = rows[name]
            total = [a + b for a, b in zip(total, r)]
            out.append(f"| {name} | {r[0]} | {pct(r[1], r[0])} | {pct(r[2], r[0])} | {pct(r[3], r[0])} | {r[4]} |")
    out.append(f"| all | {total[0]} | {pct(total[1], total[0])} | {pct(total[2], total[0])} | {pct(total[3], total[0])} | {total[4]} |")
    out.append("")
    upto = [p for p in puzzles if float(p["se"][0]) <= 6.2]
    equal = sum(not p["beyond"] and p["ours"][0] == p["se"][0] for p in upto)
    wrong = sum(not p["beyond"] and p["ours"][0] != p["se"][0] for p in puzzles)
    chains = [p for p in puzzles if 6.2 < float(p["se"][0]) < 7.5]
    equal_chains = sum(not p["beyond"] and p["ours"][0] == p["se"][0] for p in chains)
    out.append(f"On the puzzles SE 1.2.1 rates 6.2 or less, ER is equal on {pct(equal, len(upto))}; on those it rates "
               f"6.5 to 7.4 (its first chaining rule, which sudokit applies), on {pct(equal_chains, len(chains))}; of all "
               f"{len(puzzles)}, sudokit gives a rating that differs from SE 1.2.1's on {wrong}.")
    out.append("")
    agree = Counter()
    for p in puzzles:
        theirs = bucket(p["se"][0])
        ours = "diabolical" if p["beyond"] else bucket(p["ours"][0])  # beyond: a technique SE rates 7.5 or more (rate.h)
        agree[theirs, ours == theirs] += 1
    out.append("| SE 1.2.1's bucket | puzzles | sudokit's ER in the same bucket |")
    out.append("|---|---|---|")
    n_all = k_all = 0
    for name, rule in (("easy", "1.0-1.4"), ("medium", "1.5-2.4"), ("hard", "2.5-4.9"), ("diabolical", "5.0 and up")):
        k, n = agree[name, True], agree[name, True] + agree[name, False]
        n_all, k_all = n_all + n, k_all + k
        out.append(f"| {name} ({rule}) | {n} | {pct(k, n)} |")
    out.append(f"| all | {n_all} | {pct(k_all, n_all)} |")
    out.append("")
    # Every puzzle whose ER differs: sudokit rates it otherwise, or calls beyond one SE 1.2.1 rates below 7.5.
    differ = [p for p in puzzles if (p["ours"][0] != p["se"][0] and not p["beyond"])
              or (p["beyond"] and float(p["se"][0]) < 7.5)]
    out.append(f"A puzzle sudokit calls beyond its techniques counts as diabolical: every technique SE 1.2.1 tries "
               f"before aligned triplet exclusion, nishio and multiple or dynamic forcing chains is implemented, so it "
               f"needs one of those, which SE rates 7.5 or more. Puzzles whose ER differs from SE 1.2.1's: "
               f"{len(differ) or 'none'}.")
    if differ:
        out.append("")
        out.append("| puzzle | SE 1.2.1 | sudokit | sudokit's hardest step |")
        out.append("|---|---|---|---|")
        for p in differ:
            ours = ("beyond " if p["beyond"] else "") + p["ours"][0]
            out.append(f"| `{p['puzzle']}` | {p['se'][0]} | {ours} | {p['hardest']} |")
    return "\n".join(out) + "\n"


def main():
    if len(sys.argv) not in (2, 4) or (len(sys.argv) == 4 and sys.argv[2] not in ("--write", "--check")):
        sys.exit(__doc__)
    puzzles = read_data()
    rate(sys.argv[1], puzzles)
    block = tables(puzzles)
    if len(sys.argv) == 2:
        print(block, end="")
        return
    doc = Path(sys.argv[3])
    text = doc.read_text()
    start, end = text.index(BEGIN) + len(BEGIN), text.index(END)
    if sys.argv[2] == "--check":
        if text[start:end].strip() != block.strip():
            sys.exit(f"{doc}: the agreement tables are not what data/se121_rated gives now: run {sys.argv[0]} SUDOKIT --write {doc}")
        return
    doc.write_text(text[:start] + "\n" + block + text[end:])


if __name__ == "__main__":
    main()
