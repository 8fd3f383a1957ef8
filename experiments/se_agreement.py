#!/usr/bin/python3
"""How `sudokit rate` agrees with Sudoku Explainer's ratings on data/se_rated.

    experiments/se_agreement.py SUDOKIT [--write docs/rating.md | --check docs/rating.md]

Rates every puzzle of data/se_rated with SUDOKIT (the sudokit binary) and prints markdown tables:
ER, EP and ED against SukakuExplainer in SE 1.2.1's mode (the comments' se121=ER/EP/ED), ER
against the published ratings, the published buckets, and every disagreement with SE 1.2.1.
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
DATA = ROOT / "data" / "se_rated"
BEGIN, END = "<!-- se_agreement.py: begin -->", "<!-- se_agreement.py: end -->"


def read_data(path=DATA):
    """Each puzzle of a file in data/se_rated's form, with the ratings the comment before it gives
    (published, sukaku, se: (ER, EP, ED) as text; all None for a puzzle without that comment)."""
    puzzles, notes = [], (None, None, None, None, None)
    for line in Path(path).read_text().splitlines():
        line = line.strip()
        m = re.match(r"# published=(\S+)(?: sukaku=(\S+))? se121=(\S+)/(\S+)/(\S+)", line)
        if m:
            notes = m.groups()
        elif line and not line.startswith("#"):
            published, sukaku, er, ep, ed = notes
            puzzles.append({"puzzle": line, "published": published, "sukaku": sukaku,
                            "se": (er, ep, ed) if er else None})
            notes = (None, None, None, None, None)
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
    for top, name in ((1.5, "1.0-1.5"), (2.5, "1.7-2.5"), (4.0, "2.6-4.0"), (5.0, "4.2-5.0"), (6.2, "5.2-6.2")):
        if x <= top:
            return name
    return "above 6.2"


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
    for name in ("1.0-1.5", "1.7-2.5", "2.6-4.0", "4.2-5.0", "5.2-6.2", "above 6.2"):
        if name in rows:
            r = rows[name]
            total = [a + b for a, b in zip(total, r)]
            out.append(f"| {name} | {r[0]} | {pct(r[1], r[0])} | {pct(r[2], r[0])} | {pct(r[3], r[0])} | {r[4]} |")
    out.append(f"| all | {total[0]} | {pct(total[1], total[0])} | {pct(total[2], total[0])} | {pct(total[3], total[0])} | {total[4]} |")
    out.append("")
    upto = [p for p in puzzles if float(p["se"][0]) <= 6.2]
    equal = sum(not p["beyond"] and p["ours"][0] == p["se"][0] for p in upto)
    wrong = sum(not p["beyond"] and p["ours"][0] != p["se"][0] for p in puzzles)
    out.append(f"On the puzzles SE 1.2.1 rates 6.2 or less, ER is equal on {pct(equal, len(upto))}; of all "
               f"{len(puzzles)}, sudokit gives a rating that differs from SE 1.2.1's on {wrong}.")
    out.append("")
    exact = [p for p in puzzles if not p["published"].startswith("<")]
    same = sum(not p["beyond"] and p["ours"][0] == p["published"] for p in exact)
    se_same = sum(p["se"][0] == p["published"] for p in exact)
    out.append(f"Against the published ratings (SukakuExplainer's default techniques), ER is equal on "
               f"{pct(same, len(exact))} of the {len(exact)} puzzles rated one by one; SE 1.2.1 itself agrees "
               f"with them on {pct(se_same, len(exact))}. Where they differ, SukakuExplainer used a technique "
               f"SE 1.2.1 does not have (skyscraper, two-string kite, turbot fish at 4.0-4.3, WXYZ-wing, "
               f"strong-linked fish): the published rating is lower.")
    out.append("")
    agree = Counter()
    for p in puzzles:
        published = p["published"]
        theirs = {"<1.5": "easy", "<2.5": "medium"}.get(published) or bucket(published)
        if published == "<2.5" and p["sukaku"] and float(p["sukaku"]) < 1.5:
            theirs = "easy"
        if p["beyond"]:  # it needs a technique SE rates 6.5 or more (rate.h)
            ours = "diabolical"
        else:
            ours = bucket(p["ours"][0])
        agree[theirs, ours == theirs] += 1
        agree["se", theirs, bucket(p["se"][0]) == theirs] += 1
    out.append("| published bucket | puzzles | sudokit's ER in the same bucket | SE 1.2.1's ER in the same bucket |")
    out.append("|---|---|---|---|")
    n_all = k_all = se_all = 0
    for name in ("easy", "medium", "hard", "diabolical"):
        k, n = agree[name, True], agree[name, True] + agree[name, False]
        n_all, k_all, se_all = n_all + n, k_all + k, se_all + agree["se", name, True]
        out.append(f"| {name} | {n} | {pct(k, n)} | {pct(agree['se', name, True], n)} |")
    out.append(f"| all | {n_all} | {pct(k_all, n_all)} | {pct(se_all, n_all)} |")
    out.append("")
    differ = [p for p in upto if p["beyond"] or p["ours"][0] != p["se"][0]]
    out.append(f"A puzzle sudokit calls beyond its techniques counts as diabolical: every technique SE 1.2.1 tries "
               f"below 6.5 is implemented, so it needs one SE rates 6.5 or more. Puzzles SE 1.2.1 rates 6.2 or less "
               f"whose ER differs: {len(differ) or 'none'}.")
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
            sys.exit(f"{doc}: the agreement tables are not what data/se_rated gives now: run {sys.argv[0]} SUDOKIT --write {doc}")
        return
    doc.write_text(text[:start] + "\n" + block + text[end:])


if __name__ == "__main__":
    main()
