"""The lesson page of `sudokit teach` and `sudokit serve`, in a real browser.

Headless Chromium driven by Selenium (Debian's chromium, chromium-driver and python3-selenium;
scripts/setup.sh --extra installs them). Each check compares what the page shows with what the
command line says for the same puzzle and backend: the grid at the solution with `solve`'s
answer, the counters at the last step with `solve --stats`. Run by ctest (`browser:lesson`) with
SUDOKIT set to the program; screenshots go to SUDOKIT_SCREENSHOTS when it names a folder.
"""
import json
import os
import re
import subprocess
import threading
import urllib.error
import urllib.request

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

SUDOKIT = os.environ.get("SUDOKIT", "sudokit")
SHOTS = os.environ.get("SUDOKIT_SCREENSHOTS", "")
FOUR = "1.3..4....2....."
X_SUDOKU = "# rules: x\n...68....6......985.2......9......1..6..58........6...3.....4...4...7....1...4.2.\n"
# Requests to 127.0.0.1 go straight to the server, whatever proxy the environment names.
DIRECT = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def run(*args, stdin=None):
    return subprocess.run([SUDOKIT, *args], input=stdin, capture_output=True, text=True, timeout=300)


@pytest.fixture(scope="module")
def browser():
    options = webdriver.ChromeOptions()
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.set_window_size(1300, 1400)
    yield driver
    driver.quit()


def script_errors(driver):
    """The page's own errors (a failed request the page asked for and reported is not one)."""
    return [e for e in driver.get_log("browser") if e["level"] == "SEVERE" and e["source"] != "network"]


def shot(driver, name):
    if SHOTS:
        driver.execute_script("window.scrollTo(0, 0)")
        os.makedirs(SHOTS, exist_ok=True)
        driver.save_screenshot(os.path.join(SHOTS, name + ".png"))


def panels(driver):
    """The searches' panels (not the one of a person's steps)."""
    return driver.find_elements(By.CSS_SELECTOR, ".method:not(.person)")


def person_panel(driver):
    found = driver.find_elements(By.CSS_SELECTOR, ".method.person")
    assert len(found) <= 1
    return found[0] if found else None


def grid_of(panel):
    return panel.parent.execute_script(
        "return [...arguments[0].querySelectorAll('table.grid td')].map(td => td.textContent || '.').join('')", panel)


def counters_of(panel, own=False):
    """The counters a panel shows: those counted from the steps seen, or (own) the backend's as it
    told them, {} before it told any."""
    row = panel.find_elements(By.CSS_SELECTOR, ".counters .row." + ("own" if own else "seen"))
    pairs = row[0].find_elements(By.CLASS_NAME, "c") if row else []  # none: "not told yet"
    return {p.find_element(By.CLASS_NAME, "k").text: int(p.find_element(By.CLASS_NAME, "v").text) for p in pairs}


def stats_counters(stats):
    """solve --stats' counters: its whole numbers but the count of solutions (not the time, status or stop reason)."""
    return {k: int(v) for k, v in stats.items() if v.isdigit() and k != "count"}


def lesson_methods():
    """The methods a lesson shows by default: the backends' declarations, as teach reads them."""
    made = run("teach", "--json", FOUR)
    assert made.returncode == 0, made.stderr
    return [m["spec"] for m in json.loads(made.stdout)["methods"]]


def solve_stats(spec, puzzle):
    """`sudokit solve` of a lesson's method (NAME or NAME:KEY=VALUE), as teach searches it."""
    name, *pairs = spec.split(":")
    args = ["solve", "--solver", name, "--stats", "--count", "2", "--max-nodes", "2000", "--format", "line"]
    for pair in pairs:
        args += ["-o", pair]
    result = run(*args, "-", stdin=puzzle)
    stats = dict(re.findall(r"(\w+)=(\S+)", result.stderr.splitlines()[-1]))
    answer = [line for line in result.stdout.splitlines() if not line.startswith("#")]
    return stats, answer[0] if answer else None


@pytest.mark.parametrize("name,puzzle", [("4x4", FOUR), ("x-sudoku", X_SUDOKU), ("classic", None)])
def test_each_method_replays_to_what_solve_says(browser, tmp_path, name, puzzle):
    if puzzle is None:  # the first puzzle of the examples, as the README's lesson takes it
        with open(os.path.join(os.path.dirname(__file__), "..", "..", "examples", "classic.txt")) as f:
            puzzle = next(line for line in f if line.strip() and not line.startswith("#"))
    source = tmp_path / "puzzle.txt"
    source.write_text(puzzle)
    page = tmp_path / "lesson.html"
    made = run("teach", "-o", str(page), str(source))
    assert made.returncode == 0, made.stderr
    browser.set_network_conditions(offline=True, latency=0, download_throughput=0, upload_throughput=0)
    try:
        browser.get(page.as_uri() + "#at=0")
        browser.refresh()
        givens = grid_of(panels(browser)[0])
        browser.find_element(By.ID, "end").click()
        shot(browser, "lesson-" + name + "-end")
        specs = [p.find_element(By.TAG_NAME, "h2").text for p in panels(browser)]
        assert len(specs) >= 4, specs
        for panel, spec in zip(panels(browser), specs):
            stats, answer = solve_stats(spec, puzzle)
            counters = counters_of(panel)
            assert counters["nodes"] == int(stats["nodes"]), spec
            assert counters["guesses"] == int(stats["guesses"]), spec
            assert counters_of(panel, own=True) == stats_counters(stats), spec
            final = panel.find_element(By.CLASS_NAME, "final").text
            assert f"nodes {stats['nodes']}, guesses {stats['guesses']}, backtracks {stats['backtracks']}" in final, spec
            assert final.startswith("At the end (solve --stats): " + stats["status"]), (spec, final)
        browser.find_element(By.ID, "start").click()
        for _ in range(3):
            browser.find_element(By.ID, "fwd").click()
        assert any(grid_of(p) != givens for p in panels(browser))
        for panel, spec in zip(panels(browser), specs):  # the backend's counters as they stand
            own = counters_of(panel, own=True)
            assert own, spec  # every method tells its counters as it searches
            assert own["nodes"] == counters_of(panel)["nodes"], spec
        for _ in range(3):
            browser.find_element(By.ID, "back").click()
        assert all(grid_of(p) == givens for p in panels(browser))
        browser.find_element(By.ID, "sol").click()
        for panel, spec in zip(panels(browser), specs):
            stats, answer = solve_stats(spec, puzzle)
            if panel.find_element(By.CLASS_NAME, "step").text.endswith(": solution"):
                assert grid_of(panel) == answer, spec
        if name == "classic":
            check_matrix_and_trail(browser, puzzle)
        assert script_errors(browser) == []
    finally:
        browser.set_network_conditions(offline=False, latency=0, download_throughput=500000, upload_throughput=500000)


def xc_solutions(spec, problem):
    """`sudokit xc --all` of a lesson's method: its statistics and each solution as a set of option lines."""
    name, *pairs = spec.split(":")
    args = ["xc", "--solver", name, "--stats", "--count", "0", "--all", "--max-nodes", "2000"]
    for pair in pairs:
        args += ["-o", pair]
    result = run(*args, str(problem))
    assert result.returncode == 0, result.stderr
    stats = dict(re.findall(r"(\w+)=(\S+)", result.stderr.splitlines()[-1]))
    lines = "\n".join(line for line in result.stdout.splitlines() if not line.startswith("#"))
    solutions = [frozenset(block.split("\n")) for block in lines.strip().split("\n\n")]
    return stats, solutions


def test_six_queens_lesson_shows_the_options_chosen(browser, tmp_path):
    problem = tmp_path / "queens6.dlx"
    made = subprocess.run([os.environ.get("SUDOKIT_XCGEN", "sudokit-xcgen"), "queens", "6"], capture_output=True,
                          text=True, check=True)
    problem.write_text(made.stdout)
    page = tmp_path / "lesson.html"
    assert run("teach", "--count", "0", "-o", str(page), str(problem)).returncode == 0
    browser.get(page.as_uri() + "#at=0")
    browser.refresh()
    specs = [p.find_element(By.TAG_NAME, "h2").text for p in panels(browser)]
    assert len(specs) >= 3, specs
    for panel in panels(browser):
        assert panel.find_element(By.CLASS_NAME, "chosen").text == "chosen: none yet"
        assert len(panel.find_elements(By.CSS_SELECTOR, ".matrix tr")) == 2 + 36  # two header rows, every option
    for point in range(4):  # each of the four solutions in turn
        browser.find_element(By.ID, "sol").click()
        if point == 0:
            shot(browser, "lesson-queens6-solution")
        for panel, spec in zip(panels(browser), specs):
            stats, solutions = xc_solutions(spec, problem)
            chosen = panel.find_element(By.CLASS_NAME, "chosen").text.removeprefix("chosen: ")
            options = frozenset(re.findall(r"\[([^\]]*)\]", chosen))
            assert options == solutions[point], (spec, point, chosen)
            assert len(panel.find_elements(By.CSS_SELECTOR, ".matrix tr.ch")) == 6
    browser.find_element(By.ID, "end").click()
    for panel, spec in zip(panels(browser), specs):
        stats, _ = xc_solutions(spec, problem)
        assert counters_of(panel)["nodes"] == int(stats["nodes"]), spec
        assert counters_of(panel)["guesses"] == int(stats["guesses"]), spec
        assert counters_of(panel, own=True) == stats_counters(stats), spec
    assert script_errors(browser) == []


def check_matrix_and_trail(browser, puzzle):
    """Each panel's grid as exact cover: at the givens, the options in play are those of the
    reduced matrix `sudokit encode --to dlx` writes; at a solution, none. The
    path, level by level, ends at the step the method is at."""
    encoded = run("encode", "--to=dlx", "-", stdin=puzzle)  # Knuth's format
    lines = [line for line in encoded.stdout.splitlines() if line.strip() and not line.startswith("|")]
    in_play = len(lines) - 1  # the first line names the items
    browser.find_element(By.ID, "start").click()
    for panel in panels(browser):
        panel.find_element(By.CSS_SELECTOR, "input.cover").click()
        keys = panel.find_element(By.CSS_SELECTOR, ".matrix .keys").text
        assert keys.startswith(f"{in_play} of 729 options in play"), keys
        assert panel.find_elements(By.CSS_SELECTOR, ".matrix canvas")
    browser.find_element(By.ID, "guess").click()
    for panel in panels(browser):
        panel.find_element(By.CSS_SELECTOR, ".trail summary").click()
    shot(browser, "lesson-classic-guess")
    guessed = 0
    for panel in panels(browser):
        step = panel.find_element(By.CLASS_NAME, "step").text
        trail = panel.find_element(By.CSS_SELECTOR, ".trail pre").text.splitlines()
        if "choice" in step:  # at its first guess, the last level is that guess
            last = [line for line in trail if line.startswith("level ")][-1]
            assert step.endswith(re.sub(r"^level \d+: ", "", last)), (step, last)
            guessed += 1
    assert guessed >= 1, "the textbook search guesses on this puzzle"
    browser.find_element(By.ID, "start").click()
    browser.find_element(By.ID, "sol").click()
    solved = 0
    for panel in panels(browser):
        if panel.find_element(By.CLASS_NAME, "step").text.endswith(": solution"):
            keys = panel.find_element(By.CSS_SELECTOR, ".matrix .keys").text
            assert keys.startswith("0 of 729 options in play, 0 of 324 items to cover"), keys
            solved += 1
    assert solved == len(panels(browser))  # each method solves this puzzle


def test_pencil_marks_are_the_digits_no_peer_holds(browser, tmp_path):
    page = tmp_path / "lesson.html"
    assert run("teach", "-o", str(page), FOUR).returncode == 0
    browser.get(page.as_uri() + "#at=0")
    browser.refresh()
    panel = panels(browser)[0]
    panel.find_element(By.CSS_SELECTOR, "input.marks").click()
    cells = panel.find_elements(By.CSS_SELECTOR, "table.grid td")

    def peers(cell):
        r, c = divmod(cell, 4)
        return {x for x in range(16) if x != cell and (x // 4 == r or x % 4 == c or
                                                       (x // 8 == r // 2 and x % 4 // 2 == c // 2))}

    for cell, td in enumerate(cells):
        if FOUR[cell] != ".":
            assert td.text == FOUR[cell]
            continue
        held = {FOUR[p] for p in peers(cell)}
        expected = " ".join(d for d in "1234" if d not in held)
        assert td.find_element(By.CLASS_NAME, "marks").text == expected, cell
    assert script_errors(browser) == []


def with_stronger_rules():
    """A method with every stronger rule: the backend that declares rules=...|all, as `solvers` lists it."""
    listing = run("solvers").stdout
    name = None
    for line in listing.splitlines():
        if line and not line.startswith(" "):
            name = line.split()[0]
        elif line.strip().startswith("options:") and re.search(r"rules=\S*\|all\|", line):
            return name + ":rules=all"
    pytest.fail("no backend declares rules=all")


def test_a_rule_shows_its_cells_and_the_pencil_marks_lose_what_it_removes(browser, tmp_path):
    hard = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"  # Norvig's hard1
    spec = with_stronger_rules()
    page = tmp_path / "lesson.html"
    made = run("teach", "--json", "--solvers", spec, hard)
    assert made.returncode == 0, made.stderr
    # Each step's cited cells and marks (fields 13 and 14, left out when empty).
    steps = [s + [[]] * (15 - len(s)) for s in json.loads(made.stdout)["methods"][0]["steps"]]
    # The first step where a rule takes candidates out: its words, cells and removals.
    at, first = next((i, s) for i, s in enumerate(steps) if s[0] == "t" and s[14])
    assert run("teach", "-o", str(page), "--solvers", spec, hard).returncode == 0
    browser.get(page.as_uri() + "#at=" + str(at + 1))
    browser.refresh()
    panel = panels(browser)[0]
    assert panel.find_element(By.CLASS_NAME, "step").text.endswith(first[4])
    tds = panel.find_elements(By.CSS_SELECTOR, "table.grid td")
    cited = {i for i, td in enumerate(tds) if "cite" in td.get_attribute("class").split()}
    assert cited == set(first[13]), (first[4], cited)
    lost = {i for i, td in enumerate(tds) if "lost" in td.get_attribute("class").split()}
    assert lost == {cell for cell, _, out in first[14] if out}
    panel.find_element(By.CSS_SELECTOR, "input.marks").click()
    for cell, d, _ in first[14]:
        assert str(d) not in tds[cell].find_element(By.CLASS_NAME, "marks").text.split(), (cell, d)
    browser.find_element(By.ID, "back").click()  # one step back: the candidates are in again
    for cell, d, _ in first[14]:
        assert str(d) in tds[cell].find_element(By.CLASS_NAME, "marks").text.split(), (cell, d)
    shot(browser, "lesson-rule-cells")
    assert script_errors(browser) == []


def test_a_persons_steps_are_the_raters_and_each_is_a_hint(browser, tmp_path):
    """Beside the searches, the page plays `sudokit rate --steps`: each step forward is the next
    deduction a person would make, its pattern's cells cited and its eliminations marked, and the
    grid at the end is the solution every method found."""
    puzzle = "...6......36...4..4....32...9....12...1.5.64.3....89....5.92.....3..485.9........"  # an X-wing (3.2)
    rated = run("rate", "--steps", "-", stdin=puzzle)
    assert rated.returncode == 0, rated.stderr
    header, *steps = rated.stdout.splitlines()
    rating = re.search(r"ER=\S+ EP=\S+ ED=\S+", header).group(0)
    steps = [re.sub(r"^\s*\d+\.\s*", "", line) for line in steps]  # "  12. X-Wing (3.2): ..."
    page = tmp_path / "lesson.html"
    assert run("teach", "-o", str(page), puzzle).returncode == 0  # every method: one proves the puzzle unique
    browser.get(page.as_uri() + "#at=0")
    browser.refresh()
    person = person_panel(browser)
    assert person is not None
    assert person.find_element(By.TAG_NAME, "h2").text == "a person (" + rating + ")"
    assert rating in person.find_element(By.CLASS_NAME, "final").text
    wing = next(i for i, text in enumerate(steps) if text.startswith("X-Wing"))
    browser.find_element(By.ID, "together").click()  # the person's panel alone
    person.click()
    for _ in range(wing + 1):
        browser.find_element(By.ID, "fwd").click()
    assert person.find_element(By.CLASS_NAME, "step").text == f"step {wing + 1} of {len(steps) + 1}: {steps[wing]}"
    tds = person.find_elements(By.CSS_SELECTOR, "table.grid td")
    cited = sum("cite" in td.get_attribute("class").split() for td in tds)
    lost = sum("lost" in td.get_attribute("class").split() for td in tds)
    assert cited == 4 and lost >= 1, (cited, lost)  # an X-wing's four corners; what it removes
    shot(browser, "lesson-person-x-wing")
    browser.find_element(By.ID, "end").click()
    answer = run("solve", "--format", "line", "-", stdin=puzzle).stdout.split()[0]
    assert grid_of(person) == answer
    assert grid_of(panels(browser)[0]) != answer  # moved alone: the search stayed where it was
    assert script_errors(browser) == []


def test_a_person_needs_a_proven_unique_solution(browser, tmp_path):
    page = tmp_path / "lesson.html"
    two = "12..34.........."  # 4x4, with more than one solution
    assert run("teach", "-o", str(page), two).returncode == 0
    browser.get(page.as_uri())
    browser.refresh()
    assert person_panel(browser) is None
    assert "no method here proved it has one" in browser.find_element(By.ID, "person").text
    assert script_errors(browser) == []


def test_names_from_a_file_are_shown_as_text_never_run(browser, tmp_path):
    # An item named like an HTML tag, in a matrix big enough to be drawn folded (over 120 options).
    hostile = "<img/src='x'/onerror=document.title='PWNED'>"
    problem = tmp_path / "hostile.dlx"
    problem.write_text(hostile + " Y\n" + hostile + "\n" + hostile + "\n" + "Y\n" * 130)
    page = tmp_path / "lesson.html"
    made = run("teach", "--count", "0", "-o", str(page), str(problem))
    assert made.returncode == 0, made.stderr
    browser.get(page.as_uri() + "#at=0")
    browser.refresh()
    for _ in range(2):
        browser.find_element(By.ID, "fwd").click()
    assert browser.title == "sudokit lesson"
    assert hostile in browser.find_element(By.ID, "methods").text
    assert script_errors(browser) == []


def test_a_click_on_the_tree_moves_the_method_there(browser, tmp_path):
    page = tmp_path / "lesson.html"
    assert run("teach", "--solvers", lesson_methods()[0], "-o", str(page), FOUR).returncode == 0
    browser.get(page.as_uri() + "#at=end")
    browser.refresh()
    panel = panels(browser)[0]
    node = panel.find_element(By.CSS_SELECTOR, "circle[data-node='5']")
    node.click()
    assert panel.find_element(By.CLASS_NAME, "step").text.split(": ", 1)[1].startswith("[node 5] ")
    assert panel.find_element(By.CSS_SELECTOR, "circle[data-node='5']").get_attribute("r") == "6"  # the current node
    assert script_errors(browser) == []


@pytest.fixture(scope="module")
def server():
    process = subprocess.Popen([SUDOKIT, "serve", "--port", "0", "--jobs", "2"], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    line = process.stdout.readline()
    match = re.search(r"http://127\.0\.0\.1:\d+/", line)
    assert match, line + process.stderr.read()
    yield match.group(0)
    process.terminate()
    process.wait(timeout=10)


def post(url, body, headers=None):
    request = urllib.request.Request(url + "lesson", data=body.encode(),
                                     headers=headers or {"Content-Type": "application/json"})
    try:
        with DIRECT.open(request, timeout=60) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def test_served_page_searches_and_asks_what_if(browser, server):
    browser.get(server)
    browser.find_element(By.ID, "text").send_keys(FOUR)
    first, second = lesson_methods()[:2]
    browser.find_element(By.ID, "solvers").send_keys(first + "," + second)
    browser.find_element(By.ID, "run").click()
    WebDriverWait(browser, 20).until(lambda d: len(panels(d)) == 2)
    method = panels(browser)[0]
    assert grid_of(method) == FOUR
    # What if r1c2 were 4 (4 is given in r2c2, so the rules refuse it), then 2: a new panel.
    method.find_elements(By.CSS_SELECTOR, "table.grid td")[1].click()
    Select(method.find_element(By.CSS_SELECTOR, ".whatif select")).select_by_visible_text("4")
    method.find_element(By.CSS_SELECTOR, ".whatif button").click()
    WebDriverWait(browser, 20).until(lambda d: method.find_element(By.CSS_SELECTOR, ".whatif .error").text)
    assert "digit 4 twice in column 2" in method.find_element(By.CSS_SELECTOR, ".whatif .error").text
    Select(method.find_element(By.CSS_SELECTOR, ".whatif select")).select_by_visible_text("2")
    method.find_element(By.CSS_SELECTOR, ".whatif button").click()
    WebDriverWait(browser, 20).until(lambda d: len(panels(d)) == 3)
    branch = panels(browser)[1]
    assert branch.find_element(By.TAG_NAME, "h2").text == first + ", what if r1c2=2 at step 0"
    assert grid_of(branch) == "12" + FOUR[2:]
    browser.find_element(By.ID, "end").click()
    stats, _ = solve_stats(first, "12" + FOUR[2:])
    assert counters_of(branch)["nodes"] == int(stats["nodes"])
    shot(browser, "serve-what-if")
    # Bad input: the command line's words, on the page.
    text = browser.find_element(By.ID, "text")
    text.clear()
    text.send_keys("1.3..4....2..x..")
    browser.find_element(By.ID, "run").click()
    WebDriverWait(browser, 20).until(lambda d: "bad character" in d.find_element(By.ID, "error").text)
    cli = run("teach", "-", stdin="1.3..4....2..x..\n")
    assert cli.returncode == 2
    assert "column 14: bad character 'x'" in cli.stderr
    assert "column 14: bad character 'x'" in browser.find_element(By.ID, "error").text
    assert script_errors(browser) == []


def test_served_exact_cover_what_if_takes_an_option(browser, server):
    queens = subprocess.run([os.environ.get("SUDOKIT_XCGEN", "sudokit-xcgen"), "queens", "6"], capture_output=True,
                            text=True, check=True).stdout
    browser.get(server)
    browser.execute_script("document.getElementById('text').value = arguments[0]", queens)
    # The kind left to the text: its first line says exact cover.
    count = browser.find_element(By.ID, "count")
    count.clear()
    count.send_keys("0")
    browser.find_element(By.ID, "run").click()
    WebDriverWait(browser, 20).until(lambda d: len(panels(d)) >= 3)
    first = panels(browser)[0]
    before = len(panels(browser))
    # Option 2 is "R1 C2 A3 B5": one of the four solutions has a queen there.
    row = first.find_element(By.CSS_SELECTOR, ".matrix tr[data-option='1']")
    assert row.find_element(By.TAG_NAME, "th").get_attribute("title") == "R1 C2 A3 B5"
    row.find_element(By.TAG_NAME, "th").click()
    first.find_element(By.CSS_SELECTOR, ".whatif button").click()
    WebDriverWait(browser, 20).until(lambda d: len(panels(d)) == before + 1)
    branch = panels(browser)[1]
    assert branch.find_element(By.TAG_NAME, "h2").text.endswith("what if [R1 C2 A3 B5] at step 0")
    assert ", 1 solution;" in branch.find_element(By.CLASS_NAME, "final").text
    browser.find_element(By.ID, "sol").click()
    chosen = branch.find_element(By.CLASS_NAME, "chosen").text
    assert chosen.endswith("; taken first (what if): [R1 C2 A3 B5]"), chosen
    assert len(re.findall(r"\[", chosen)) == 6, chosen  # the other five queens, and the one taken
    assert script_errors(browser) == []


def test_server_refuses_bad_requests_with_400(server):
    assert post(server, "not json")[0] == 400
    status, body = post(server, json.dumps({"puzzle": "1234"}))
    assert status == 400 and "4 cells is not a puzzle size" in body["error"]
    status, body = post(server, json.dumps({"puzzle": FOUR, "solvers": "nosuch"}))
    assert status == 400 and "nosuch" in body["error"]
    status, body = post(server, json.dumps({"puzzle": FOUR, "set": [[0, 2]]}))
    assert status == 400 and "changes a given" in body["error"]
    status, body = post(server, json.dumps({"puzzle": FOUR, "count": "many"}))
    assert status == 400 and "count" in body["error"]
    status, body = post(server, json.dumps({"puzzle": "a b\na\nb\n", "kind": "xc", "choose": [0, 0]}))
    assert status == 400 and "clash" in body["error"]
    # Another site's page, a body not sent as JSON, too large a body: refused, in JSON too.
    status, body = post(server, json.dumps({"puzzle": FOUR}),
                        {"Content-Type": "application/json", "Origin": "http://elsewhere.example"})
    assert status == 403 and "another site" in body["error"]
    status, body = post(server, json.dumps({"puzzle": FOUR}), {"Content-Type": "text/plain"})
    assert status == 415 and "JSON" in body["error"]
    status, body = post(server, "x" * (2 << 20))
    assert status == 413 and "larger than 1 MB" in body["error"]


def test_server_caps_the_budget(server):
    hard = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    status, body = post(server, json.dumps({"puzzle": hard, "max_nodes": 10**12, "max_steps": 10**9}))
    assert status == 200
    assert body["limits"]["max_nodes"] == 200000 and body["limits"]["max_seconds"] == 10
    assert body["limits"]["max_steps"] == 20000 // len(body["methods"])  # the request's steps, shared
    stopped = [m for m in body["methods"] if m["status"] == "stopped"]
    assert stopped, "the textbook backtracking stops on this puzzle"
    for method in stopped:
        assert method["stop"] in ("node limit", "time limit"), method["spec"]
    assert sum(m["stats"]["seconds"] for m in body["methods"]) < 10 + 1  # one deadline for the request


def test_a_burst_of_requests_is_served_or_refused_never_crashes(server):
    puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    answers = []

    def ask():
        answers.append(post(server, json.dumps({"puzzle": puzzle, "max_nodes": 200000}))[0])

    # 16 requests of about a third of a second each, at once, to a server with 2 search slots.
    threads = [threading.Thread(target=ask) for _ in range(16)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert len(answers) == 16 and set(answers) <= {200, 503}, answers
    assert 200 in answers and 503 in answers, answers
    assert post(server, json.dumps({"puzzle": FOUR}))[0] == 200  # still serving
