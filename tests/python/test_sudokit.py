"""The Python module against the library's own answers: tests/data/puzzles.txt records each
puzzle's solution count and unique solution; every solution is also checked here, in Python,
against the Sudoku rules and the givens. ctest runs this with PYTHONPATH on the built module."""
import csv
import math
import os
import subprocess

import pytest

import sudokit

DATA = os.environ.get("SUDOKIT_TEST_DATA", os.path.join(os.path.dirname(__file__), "..", "data"))


def recorded_puzzles():
    """(puzzle, count, solution, box) from tests/data/puzzles.txt."""
    with open(os.path.join(DATA, "puzzles.txt")) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            fields = line.strip().split(":")
            yield fields[0], int(fields[1]), fields[2] or None, fields[3] if len(fields) > 3 else None


def solves(puzzle: str, solution: str, box_rows: int, box_cols: int) -> bool:
    """Checks a line-form solution by the rules, independently of the library."""
    n = box_rows * box_cols
    digits = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"[:n]
    if len(solution) != n * n or any(c not in digits for c in solution):
        return False
    if any(p not in ".0" and p != s for p, s in zip(puzzle, solution)):
        return False
    rows = [solution[r * n:(r + 1) * n] for r in range(n)]
    units = rows + ["".join(row[c] for row in rows) for c in range(n)]
    for br in range(0, n, box_rows):
        for bc in range(0, n, box_cols):
            units.append("".join(rows[r][c] for r in range(br, br + box_rows) for c in range(bc, bc + box_cols)))
    return all(sorted(u) == sorted(digits) for u in units)


SUDOKU_BACKENDS = [b["name"] for b in sudokit.backends() if b["sudoku"]]


# Backends are chosen by what they declare, never by name (scripts/check-backend-names.sh), so
# that a new backend joins these tests: by their measured speed on 9x9 grids, fastest first.
def speed_at_9(backend):
    return max([s["per_second"] for s in backend["speeds"]
                if s["kind"] == "sudoku" and s["sizes"][0] <= 9 <= s["sizes"][1]], default=0)


BY_SPEED = [b["name"] for b in sorted((b for b in sudokit.backends() if b["sudoku"] and speed_at_9(b) > 0),
                                      key=speed_at_9, reverse=True)]
FASTEST, SECOND, SLOWEST = BY_SPEED[0], BY_SPEED[1], BY_SPEED[-1]
RATER = next(b for b in sudokit.backends() if b["rating"])


def with_last_choice(name):
    """NAME:KEY=VALUE, the last value of the first option the backend offers a choice of."""
    options = next(b for b in sudokit.backends() if b["name"] == name)["options"]
    key, values = next(word for word in options.split() if "|" in word).split("=", 1)
    return f"{name}:{key}={values.split('|')[-1]}"
COVER_BACKENDS = [b["name"] for b in sudokit.backends() if b["exact_cover"]]
SMALL = [p for p in recorded_puzzles() if p[1] <= 100]
# Knuth's example from "Dancing links": exactly one cover, rows 1, 4 and 5.
KNUTH_EXAMPLE = "A B C D E F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n"


def test_backends_are_the_registry_declarations():
    backends = sudokit.backends()
    names = [b["name"] for b in backends]
    listed = subprocess.run([os.environ["SUDOKIT_EXE"], "solvers"], check=True, capture_output=True, text=True).stdout
    assert names == [line for line in listed.splitlines() if line and not line[0].isspace() and ":" not in line]
    for b in backends:
        assert b["tracing"] in ("steps", "notes", "none")
        assert isinstance(b["work"], list)
    assert COVER_BACKENDS and set(COVER_BACKENDS) < set(names)


def taken_by(backend, puzzles):
    """The recorded puzzles whose grids `backend` takes, by what it declares (max_size, only_boxes)."""
    declared = next(b for b in sudokit.backends() if b["name"] == backend)
    out = []
    for p in puzzles:
        n = math.isqrt(len(p[0]))
        boxes = tuple(map(int, p[3].split("x"))) if p[3] else (math.isqrt(n), math.isqrt(n))
        if n <= declared["max_size"] and declared["only_boxes"] in (None, boxes):
            out.append(p)
    assert len(out) >= 10, (backend, len(out))
    return out


@pytest.mark.parametrize("backend", SUDOKU_BACKENDS)
def test_solve_proves_the_recorded_unique_solutions(backend):
    for puzzle, count, solution, box in taken_by(backend, SMALL):
        if count != 1:
            continue
        r = sudokit.solve(puzzle, backend=backend, count=2, box=box)
        assert r["status"] == "unique", (backend, puzzle, r)
        assert r["count"] == 1
        assert r["solutions"] == [solution]
        if box:
            rows, cols = map(int, box.split("x"))
        else:
            rows = cols = math.isqrt(math.isqrt(len(puzzle)))
        assert solves(puzzle, r["solutions"][0], rows, cols)
        assert r["stats"]["nodes"] >= 1
        assert r["backend"] == backend


@pytest.mark.parametrize("backend", SUDOKU_BACKENDS)
def test_count_matches_the_recorded_counts(backend):
    for puzzle, count, _, box in taken_by(backend, SMALL):
        assert sudokit.count(puzzle, backend=backend, box=box) == count, (backend, puzzle)


def test_stats_carry_the_common_and_the_declared_counters():
    puzzle = "004300209005009001070060043006002087190007400050083000600000105003508690042910300"
    for b in sudokit.backends():
        reported = set()
        if b["sudoku"]:
            stats = sudokit.solve(puzzle, backend=b["name"])["stats"]
            assert {"nodes", "guesses", "backtracks", "propagations", "seconds"} <= set(stats)
            assert stats["nodes"] >= 1
            reported |= set(stats)
        if b["exact_cover"]:
            reported |= set(sudokit.solve_cover(KNUTH_EXAMPLE, backend=b["name"])["stats"])
        # The counters it declares as its work (some only for one kind of problem, or one library:
        # docs/stats.md) come through under their names.
        for counter in b["work"]:
            assert counter in reported, (b["name"], counter, reported)


def test_no_solution_and_limits():
    unsolvable = [p for p, count, _, _ in SMALL if count == 0]
    assert unsolvable
    for puzzle in unsolvable:
        r = sudokit.solve(puzzle, backend=FASTEST, count=2)
        assert r["status"] == "none" and r["solutions"] == [] and r["stop_reason"] is None
    empty = "." * 81
    r = sudokit.solve(empty, backend=SLOWEST, count=0, max_nodes=1000)
    assert r["status"] == "stopped" and r["stop_reason"] == "node limit"
    # A stopped search of a backend that searches a tree says how big the tree looks.
    tree = next(name for name in reversed(BY_SPEED) if next(b for b in sudokit.backends() if b["name"] == name)["probes"])
    r = sudokit.solve(empty, backend=tree, count=0, max_nodes=1000)
    assert r["estimate"]["nodes"] > r["stats"]["nodes"] and 0 < r["estimate"]["fraction"] < 1
    assert sudokit.solve(SMALL[0][0], backend=tree, count=2)["estimate"] is None  # the search ended
    with pytest.raises(sudokit.SearchStopped):
        sudokit.count(empty, backend=FASTEST, max_nodes=1000)
    with pytest.raises(ValueError):
        sudokit.solve(empty, timeout=-1)


def test_parse_reads_both_forms_and_names_where_a_puzzle_is_bad():
    text = "# two puzzles\n" + "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n\n" + \
        "1 2 0 0\n0 0 1 0\n0 0 0 0\n0 0 0 1\n"
    puzzles = sudokit.parse(text)
    assert [p.size for p in puzzles] == [9, 4]
    assert [p.line for p in puzzles] == [2, 4]
    assert str(puzzles[1]) == "12....1........1"
    assert puzzles[1].rows[0] == [1, 2, 0, 0]
    assert puzzles[0].givens == 17
    assert sudokit.solve(puzzles[1], count=0)["count"] == sudokit.count(str(puzzles[1]))
    with pytest.raises(ValueError, match=r"line 3, column 5"):
        sudokit.parse("# header\n" + "." * 81 + "\n....x" + "." * 76 + "\n")
    with pytest.raises(sudokit.InputError, match=r"column"):
        sudokit.solve("11" + "." * 79)
    with pytest.raises(ValueError, match="box"):
        sudokit.parse("." * 36)  # 6x6 needs its box
    assert sudokit.parse("." * 36, box="2x3")[0].box == "2x3"


def test_unknown_backend_or_option_is_a_value_error():
    with pytest.raises(ValueError, match="nosuch"):
        sudokit.solve("." * 81, backend="nosuch")
    with pytest.raises(ValueError, match="colour"):
        sudokit.solve("." * 81, backend=FASTEST, options={"colour": "red"})


def test_generate_is_reproducible_and_unique():
    a = sudokit.generate(box="2x3", count=3, seed=7)
    b = sudokit.generate(box="2x3", count=3, seed=7)
    assert [str(p) for p in a] == [str(p) for p in b]
    for p in a:
        r = sudokit.solve(p, backend=SECOND, count=2)
        assert r["status"] == "unique"
        assert solves(str(p), r["solutions"][0], 2, 3)


def test_generate_makes_what_the_command_makes():
    # The same defaults (the fastest fills, a session checks, 20000 conflicts a check) and the
    # same rule for the checker when a solver is named; 16x16 so that a capped check can matter.
    exe = os.environ["SUDOKIT_EXE"]  # set by ctest
    def command(*args):
        out = subprocess.run([exe, "generate", *args], check=True, capture_output=True, text=True).stdout
        return [line for line in out.splitlines() if line and not line.startswith("#")]
    assert [str(p) for p in sudokit.generate(box="4x4", count=2, seed=5)] == command("--box", "4x4", "--count", "2", "--seed", "5")
    assert [str(p) for p in sudokit.generate(box="3x3", count=3, seed=2, solver=SECOND, max_nodes=50)] == \
        command("--count", "3", "--seed", "2", "--solver", SECOND, "--max-nodes", "50")
    assert [str(p) for p in sudokit.generate(count=3, seed=2, checker=FASTEST, max_nodes=50)] == \
        command("--count", "3", "--seed", "2", "--checker", FASTEST, "--max-nodes", "50")
    assert [str(p) for p in sudokit.generate(box="4x4", count=2, seed=5, singles_first=True)] == \
        command("--box", "4x4", "--count", "2", "--seed", "5", "--singles-first")
    assert [str(p) for p in sudokit.generate(box="4x4", count=2, seed=5, max_nodes=None, defer=1)] == \
        command("--box", "4x4", "--count", "2", "--seed", "5", "--minimal", "--defer", "1")


def test_a_stopped_run_gives_what_it_deduced():
    # Inference alone cannot finish this puzzle: the run stops with the givens and what the rules
    # placed. A rater, under the options its rating asks for, infers without searching.
    hard = "1.....7.9.4...72..8.........7..1..6.3.......5.6..4..2.........8..53...7.7.2....46"  # Easter Monster
    r = sudokit.solve(hard, backend=RATER["name"], options=RATER["rating"]["options"])
    assert r["status"] == "stopped"
    deduced = r["deduced"]
    assert r["partial"] == deduced  # the old name
    full = sudokit.solve(hard, backend=SECOND)["solutions"][0]
    assert all(g == "." or g == d for g, d in zip(hard, deduced))  # the givens are kept
    placed = [i for i, (g, d) in enumerate(zip(hard, deduced)) if g == "." and d not in ".0"]
    assert placed and all(deduced[i] == full[i] for i in placed)  # and every deduction is right
    assert any(d in ".0" for d in deduced)  # but not every cell
    assert sudokit.solve(hard, backend=SECOND)["deduced"] is None  # a search that finished has none


def test_compare_rows_have_the_csv_columns(tmp_path):
    puzzles = [p for p, count, _, box in SMALL if len(p) == 81 and count == 1][:3]
    rows = sudokit.compare(puzzles, backends=BY_SPEED[:2] + [with_last_choice(BY_SPEED[2])])
    assert len(rows) == 3 * 3
    assert all(r["verdict"] == "agrees" and r["status"] == "unique" for r in rows)
    assert [r["puzzle"] for r in rows] == [1, 1, 1, 2, 2, 2, 3, 3, 3]
    # The same columns, in the same order, as `sudokit compare --csv` writes.
    exe = os.environ["SUDOKIT_EXE"]  # set by ctest
    (tmp_path / "p.txt").write_text("\n".join(puzzles) + "\n")
    subprocess.run([exe, "compare", "--solvers", FASTEST, "--csv", str(tmp_path / "runs.csv"), str(tmp_path / "p.txt")],
                   check=True, stdout=subprocess.DEVNULL)
    with open(tmp_path / "runs.csv") as f:
        header = next(csv.reader(f))
    assert list(rows[0].keys()) == header


def test_solve_cover_verifies_the_options():
    for backend in COVER_BACKENDS:
        r = sudokit.solve_cover(KNUTH_EXAMPLE, backend=backend, count=0)
        assert r["count"] == 1 and r["status"] == "unique", backend
        chosen = [set(o.split()) for o in r["solutions"][0]]
        assert sorted(i for o in chosen for i in o) == list("ABCDEFG")
    with pytest.raises(ValueError):
        sudokit.solve_cover("A B\nA C\n")  # C is not an item


def test_rate_gives_sudoku_explainers_three_numbers_and_steps():
    # A puzzle of data/se121_rated: SE 1.2.1 rates it 3.2, an X-wing.
    r = sudokit.rate("...6......36...4..4....32...9....12...1.5.64.3....89....5.92.....3..485.9........")
    assert r["solved"] and round(r["er"], 1) == 3.2
    assert r["ed"] <= r["ep"] <= r["er"]
    assert max(r["steps"], key=lambda s: s["difficulty"])["technique"] == "X-Wing"
    assert all(s["placed"] or s["removed"] for s in r["steps"])
    assert solves("...6......36...4..4....32...9....12...1.5.64.3....89....5.92.....3..485.9........",
                  r["reached"], 3, 3)
    hint = sudokit.rate("...6......36...4..4....32...9....12...1.5.64.3....89....5.92.....3..485.9........", max_steps=1)
    assert len(hint["steps"]) == 1 and hint["steps"][0]["text"] == r["steps"][0]["text"]
    assert not hint["solved"] and not hint["stuck"]  # cut short, not stuck
    hardest = sudokit.rate("........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3")
    assert hardest["stuck"] and not hardest["solved"]
    with pytest.raises(sudokit.UsageError):
        sudokit.rate("." * 81)  # many solutions: SE rates only puzzles with one
