#!/usr/bin/env python3
"""Writes the fuzz targets' seed corpora (tests/fuzz/corpus/<target>/) from the tests' and the
examples' puzzles and from small hand-made DLX files, solver outputs and compare CSV rows.
Deterministic: running it again gives the same files. Usage: python3 tests/fuzz/make_corpus.py"""
import hashlib
import os
import random
import shutil

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
OUT = os.path.join(HERE, "corpus")


def box_byte(rows, cols):
    """fuzz_puzzle's byte 0 for a given box shape RxC (1..6 each)."""
    return bytes([1 | (rows - 1) << 1 | (cols - 1) << 4])


def write(target, seeds):
    d = os.path.join(OUT, target)
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    for s in seeds:
        if isinstance(s, str):
            s = s.encode()
        with open(os.path.join(d, hashlib.sha1(s).hexdigest()[:16]), "wb") as f:
            f.write(s)


def test_puzzles():
    """(puzzle line, box or None) from tests/data/puzzles.txt."""
    out = []
    for line in open(os.path.join(ROOT, "tests/data/puzzles.txt")):
        if line.startswith("#") or not line.strip():
            continue
        f = line.strip().split(":")
        box = tuple(int(x) for x in f[3].split("x")) if len(f) > 3 and f[3] else None
        out.append((f[0], box))
    return out


def example_files():
    """(text, box or None) of each example file."""
    out = []
    for name in sorted(os.listdir(os.path.join(ROOT, "examples"))):
        text = open(os.path.join(ROOT, "examples", name)).read()
        box = None
        for line in text.splitlines():
            if line.startswith("# box:"):
                box = tuple(int(x) for x in line.split(":")[1].strip().split("x"))
        out.append((text, box))
    return out


def to_grid(line):
    n = int(round(len(line) ** 0.5))
    cells = ["0" if c in ".0" else str(int(c, 36)) for c in line]
    return "".join(" ".join(cells[r * n:(r + 1) * n]) + "\n" for r in range(n))


def prefix(box):
    return box_byte(*box) if box else b"\x00"


def puzzle_seeds():
    seeds = []
    for p, box in test_puzzles():
        seeds.append(prefix(box) + (p + "\n").encode())
        seeds.append(prefix(box) + to_grid(p).encode())
    for text, box in example_files():
        seeds.append(prefix(box) + text.encode())
        seeds.append(b"\x00" + text.encode())  # 6x6 without its box: an error
    seeds += [b"\x00" + s for s in [b"", b"# only a comment\n\n", b"1234\n", b"12.3\n..4.\n", b"1 2 0 0\n0 0 3 0\n0 0\n",
                                     b"11..............\n", b"1.......\r\n", b"\xff\xfe..\n", b"0 0 0 0\n" * 4 + b"\n" + b"1 2 3 4\n" * 4]]
    seeds.append(box_byte(4, 4) + ("." * 256 + "\n").encode())
    seeds.append(box_byte(2, 3) + ("0 " * 35 + "0\n").encode())
    seeds.append(box_byte(6, 6) + (" ".join(["0"] * 1296) + "\n").encode())
    seeds.append(box_byte(1, 2) + b"12\n..\n")
    seeds += [b"\x00" + s.encode() for s in VARIANT_TEXTS]
    return seeds


JIGSAW9 = ["111122222", "111122223", "114442333", "144443333", "555546666", "777766669", "777888899", "788889999",
           "788889999"]
# Variant puzzles in the text form (docs/variants.md): every directive, and some bad ones.
VARIANT_TEXTS = [
    "# rules: x anti-knight\n" + "." * 81 + "\n# rules: classic\n" + "." * 81 + "\n",
    "# jigsaw:\n" + "".join("# " + r + "\n" for r in JIGSAW9) + "# cage: 15 r1c1 r1c2\n# extra: r5c5 r6c6\n" + "." * 81 + "\n",
    "# box: 2x3\n# rules: windoku disjoint anti-king\n# cage: - r1c1 r2c2\n" + "0 " * 35 + "0\n",
    "# jigsaw:\n# 1 1 2 2\n# 1 1 2 2\n# 3 3 4 4\n# 3 3 4 4\n1234\n" * 1 + "." * 16 + "\n",
    "# cage: 18 r1c3 r1c4\n" + "." * 81 + "\n# rules: anti-queen\n" + "." * 81 + "\n",
    "# cage: 10 r1c1 r10c1\n# jigsaw:\n# 1122\n" + "." * 81 + "\n# cage: 3 r1c1\n",
]

# f-puzzles documents (JSON, and link text for an odd byte 0 in fuzz_fpuzzles).
def fpuzzles_doc(size, extra="", cells=None):
    cells = cells or {}
    rows = []
    for r in range(size):
        rows.append("[" + ",".join(cells.get((r, c), "{}") for c in range(size)) + "]")
    return '{"size":%d,"grid":[%s]%s}' % (size, ",".join(rows), extra)


def fpuzzles_seeds():
    seeds = [b"\x00" + open(os.path.join(ROOT, "tests/data/fpuzzles/ukpa_diagonal_hard.json"), "rb").read()]
    docs = [
        fpuzzles_doc(4, ',"antiking":true,"killercage":[{"cells":["R3C1","R3C2"],"value":"3"},{"cells":["R4C3"]}],'
                        '"extraregion":[{"cells":["R1C4","R2C3"]}]',
                     {(0, 1): '{"region":1}', (0, 2): '{"region":0}', (1, 0): '{"value":2,"given":true}'}),
        fpuzzles_doc(6, ',"diagonal+":true,"disjointgroups":true'),
        fpuzzles_doc(4, ',"thermometer":[{"lines":[["R1C1","R1C2"]]}]'),
        fpuzzles_doc(4, "", {(3, 3): '{"value":7,"given":true}'}),
        '{"size":4,"grid":[[{}]]}',
        '{"size":9,\n"grid": [tru\n',
    ]
    seeds += [b"\x00" + d.encode() + b"\n" for d in docs]
    seeds.append(b"\x00" + docs[0].encode() + b"\n" + b"." * 16 + b"\n")
    seeds += [b"\x01N4IgHiBcDMC+Q===", b"\x00https://f-puzzles.com/?load=N4IgHiBcDMC+Q===\n", b"\x01AAAA"]
    return seeds


DLX_FILES = [
    "| a comment\na b | x y\na x:red\nb x:red y\na y:blue\nb x:blue\n",
    "a b | s\na\nb\ns\n",
    "a b \r| s\r\na s\r\nb\r\n",
    "a b | x\na x:red\nb x:blue\nb x:red\na b\nb x\n",
    "| two solutions\na b | x\na x:1\nb x:1\na b\nb x:2\n",
    "a b c d e f g\nc e\na d g\nb c f\na d f\nb g\nd e g\n",  # Knuth's example
    "p q r\np q\nq r\np\nr\n",
    "a\n",
    "a | b\n",
    "| nothing\n",
    "a b\na b a\n",
    "a b | c\na c:\nb c:x:y\n",
    "a a\n",
    "a | b\nb\n",
    "w1 w2 | x\nw1 x:A\nw2 x:A\nw2 x:B\n",
]


def n_queens(n):
    rows = [f"r{i}" for i in range(n)]
    cols = [f"c{i}" for i in range(n)]
    diags = [f"a{i}" for i in range(2 * n - 1)] + [f"b{i}" for i in range(2 * n - 1)]
    text = " ".join(rows + cols) + " | " + " ".join(diags) + "\n"
    for r in range(n):
        for c in range(n):
            text += f"r{r} c{c} a{r + c} b{r - c + n - 1}\n"
    return text


def random_dlx(rng, primary, secondary, options, colours):
    items = [f"p{i}" for i in range(primary)] + [f"s{i}" for i in range(secondary)]
    text = " ".join(items[:primary]) + (" | " + " ".join(items[primary:]) if secondary else "") + "\n"
    for _ in range(options):
        chosen = [rng.randrange(primary)] + [rng.randrange(primary + secondary) for _ in range(rng.randrange(4))]
        words = []
        for i in dict.fromkeys(chosen):
            w = items[i]
            if colours and i >= primary and rng.random() < 0.6:
                w += ":" + rng.choice(["red", "blue"])
            words.append(w)
        text += " ".join(words) + "\n"
    return text


def dlx_seeds():
    rng = random.Random(18)
    seeds = list(DLX_FILES) + [n_queens(n) for n in (1, 2, 3, 4, 5)]
    seeds += [random_dlx(rng, rng.randint(2, 8), rng.randint(0, 4), rng.randint(3, 20), rng.random() < 0.5) for _ in range(20)]
    return seeds


def model_seeds():
    outs = [
        "c comment\ns SATISFIABLE\nv 1 -2 3\nv -4 0\n", "SAT\n1 -2 3 -4 0\n", "s UNSATISFIABLE\n", "UNSAT\n",
        "s SATISFIABLE\nv 1 -2\nv 3 -9223372036854775808 0\n", "s SATISFIABLE\nv 1 -2147483647 0\n",
        "s SATISFIABLE\nv 1 x2 0\n", "v 1 2 3 0\n", "s SATISFIABLE\n", "s SATISFIABLE\r\nv 1 -2\r\n",
        "s UNKNOWN\n", "c only\n", "SATISFIABLE\n1 2 3 4 5 6 7 8 9 10 0\n",
    ]
    seeds = [bytes([4]) + o.encode() for o in outs]
    seeds += [bytes([v]) + o.encode() for v, o in [(0, outs[0]), (255, outs[1]), (1, outs[5])]]
    # 4x4 models: the solution of 12...3.......4.. ; variable (cell * 4 + digit).
    sol = "1243431224313124"
    lits = [(c * 4 + d) * (1 if int(sol[c]) == d else -1) for c in range(16) for d in range(1, 5)]
    seeds.append(bytes([64]) + ("s SATISFIABLE\nv " + " ".join(map(str, lits)) + " 0\n").encode())
    seeds.append(bytes([64]) + ("SAT\n" + " ".join(str(abs(l)) for l in lits) + " 0\n").encode())
    return seeds


CSV_HEADER = ("puzzle,source,line,shape,givens,backend,options,status,count,nodes,guesses,backtracks,propagations,"
              "time,counters,verdict\n")


def csv_seeds():
    rows = [
        "1,a.txt,1,3x3,30,dlx,,unique,1,1,0,0,0,0.1,,agrees\n",
        "2,puzzles.txt,4,3x3,17,propagate,\"rules=all,order=fewest\",unique,1,57,20,19,400,0.00123,naked_singles=300;hidden_singles=100,agrees\n",
        "3,\"two\nlines, \"\"quoted\"\"\",1,2x3,12,sat:encoding=minimal,encoding=minimal,multiple,2,5,4,3,2,1e-05,conflicts=4,disagrees\n",
        "4,-,9,2x2,4,backtrack,,stopped,0,20000,100,99,0,0.2,,stopped\n",
        "5,x.dlx,1,xc,0,dlx,,none,0,1,0,0,0,0,updates=3,failed\n",
        "6,b.txt,2,3x3,25,sat,\"encoding=extended,solver=auto(cadical)\",unique,1,3,2,1,0,0.000412,,agrees,0.000398\n",
    ]
    seeds = [CSV_HEADER] + [CSV_HEADER + r for r in rows] + [CSV_HEADER + "".join(rows)]
    seeds += [CSV_HEADER.replace("\n", "\r\n") + rows[0].replace("\n", "\r\n"), CSV_HEADER + rows[0].rstrip("\n"),
              CSV_HEADER + "2,\"b.txt,2,3x3,30,dlx,,unique,1,1,0,0,0,0.1,,agrees\n", CSV_HEADER + "1,a.txt,1\n",
              CSV_HEADER + "-1,a.txt,1,3x3,30,dlx,,unique,1,1,0,0,0,nan,,agrees\n",
              CSV_HEADER + "1,a.txt,1,3x3,30,dlx,,unique,18446744073709551616,1,0,0,0,1e999,,agrees\n",
              "", "puzzle,source\n1,a\n", CSV_HEADER[::-1]]
    return seeds


def differential_seeds():
    seeds = []
    for p, box in test_puzzles():
        n = int(round(len(p) ** 0.5))
        givens = sum(c not in ".0" for c in p)
        if n <= 6 or givens >= 24:
            seeds.append((b"\x02" if box == (2, 3) else b"\x00") + (p + "\n").encode())
    for text, box in example_files():
        for line in text.splitlines():
            if line and not line.startswith("#") and " " not in line and (len(line) <= 36 or sum(c not in ".0" for c in line) >= 24):
                seeds.append((b"\x02" if box == (2, 3) else b"\x00") + (line + "\n").encode())
    seeds += [b"\x00" + s for s in [b"12...3.......4..\n", b"1...............\n", b"1234341221434321\n", b"................\n"]]
    seeds += [b"\x02" + s for s in [b"." * 36 + b"\n", b"123456" + b"." * 30 + b"\n"]]
    seeds += [b"\x01" + d.encode() for d in DLX_FILES + [n_queens(n) for n in (1, 2, 3, 4, 5)]]
    rng = random.Random(6)
    seeds += [b"\x01" + random_dlx(rng, rng.randint(2, 8), rng.randint(0, 3), rng.randint(3, 16), rng.random() < 0.5).encode()
              for _ in range(12)]
    return seeds


DICTS = {
    "puzzle": ['"."', '"0"', '"#"', '"\\x0a"', '" "', '"\\x0d\\x0a"', '"9"', '"A"', '"Z"', '"10"', '"16"', '"........."',
               '"# box: "', '"# rules: "', '"# jigsaw:"', '"# cage: "', '"# extra: "', '"x"', '"windoku"', '"disjoint"',
               '"anti-knight"', '"anti-king"', '"diagonal+"', '"classic"', '"r1c1"', '"R9C9"', '"-"', '"111222333"'],
    "fpuzzles": ['"{"', '"}"', '"["', '"]"', '","', '":"', '"\\""', '"\\"size\\":"', '"\\"grid\\":"', '"{}"',
                 '"\\"value\\":"', '"\\"given\\":true"', '"\\"region\\":"', '"\\"diagonal+\\":true"',
                 '"\\"diagonal-\\":true"', '"\\"antiknight\\":true"', '"\\"antiking\\":true"',
                 '"\\"disjointgroups\\":true"', '"\\"killercage\\":"', '"\\"extraregion\\":"', '"\\"cells\\":"',
                 '"\\"R1C1\\""', '"true"', '"false"', '"null"', '"?load="', '"N4Ig"'],
    "dlx": ['"|"', '":"', '"\\x0a"', '" "', '"| "', '":red"', '"\\x0d\\x0a"'],
    "model": ['"s SATISFIABLE"', '"s UNSATISFIABLE"', '"SAT"', '"UNSAT"', '"v "', '" 0"', '"c "', '"-"', '"\\x0a"',
              '"2147483647"', '"-2147483648"', '"9223372036854775807"'],
    "csv": ['"' + CSV_HEADER.strip() + '"', '","', '"\\""', '"\\"\\""', '"\\x0a"', '"\\x0d\\x0a"', '"unique"', '"multiple"',
            '"solved"', '"none"', '"stopped"', '"agrees"', '"disagrees"', '"invalid"', '"failed"', '"3x3"', '"xc"',
            '"nan"', '"inf"', '"1e308"', '"18446744073709551615"', '"-"', '";"', '"="'],
}


# Inputs that once failed (docs/fuzzing.md), kept as seeds so that a later run starts from them.
REGRESSIONS = {
    "fuzz_puzzle": [b"\x00\x0b"],  # a line of only a vertical tab: the reader took the first of no words
    "fuzz_differential": [b".\x0b"],  # the same, reached through the differential target
    # core/src/fpuzzles.cpp: a number too large for a double threw out_of_range (finding 6)
    "fuzz_fpuzzles": [b'\x00{"size":1e999}\n'],
    # apps/compare.cpp: read_csv dropped a carriage return that ends a line inside a quoted field
    # (finding 5); write_csv truncated a long time (2) and did not quote a shape with a comma (3);
    # read_csv took "-1" and "1x" as counts (4)
    "fuzz_csv": [(CSV_HEADER + '2,"\r\r\n",1,23,2,k,,,0,1,0,0,0,0,,\n').encode(),
                 (CSV_HEADER + "1,a.txt,1,3x3,30,dlx,,unique,1,1,0,0,0,1.1e300,,agrees\n").encode(),
                 (CSV_HEADER + '1,a.txt,1,"3,3",30,dlx,,unique,1,1,0,0,0,0.1,,agrees\n').encode(),
                 (CSV_HEADER + "1x,a.txt,1,3x3,30,dlx,,unique,-1,1,0,0,0,0.1,,agrees,0.05\n").encode()],
}


def main():
    write("fuzz_puzzle", puzzle_seeds() + REGRESSIONS["fuzz_puzzle"])
    write("fuzz_fpuzzles", fpuzzles_seeds() + REGRESSIONS["fuzz_fpuzzles"])
    write("fuzz_dlx", dlx_seeds())
    write("fuzz_model", model_seeds())
    write("fuzz_csv", csv_seeds() + REGRESSIONS["fuzz_csv"])
    write("fuzz_differential", differential_seeds() + REGRESSIONS["fuzz_differential"])
    for name, words in DICTS.items():
        with open(os.path.join(HERE, name + ".dict"), "w") as f:
            f.write("# libFuzzer dictionary, written by make_corpus.py\n" + "".join(w + "\n" for w in words))


if __name__ == "__main__":
    main()
