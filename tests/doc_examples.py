#!/usr/bin/python3
"""Runs the shell examples of README.md and docs/ as written, so that none can go stale.

    tests/doc_examples.py --root REPO --build BUILD FILE.md...   (ctest runs it: tests/CMakeLists.txt)
    tests/doc_examples.py --root REPO --build BUILD --list FILE.md...

Every fenced block that opens with ```sh is run, command by command, in the order of the file:
    * in a scratch directory that holds the repository's top-level folders (links to them: a
      command reads examples/, data/, tests/... as in a clone) and `build/release`, a link to the
      build under test, so `build/release/apps/sudokit` means that build's program; files a command
      writes stay in the scratch directory, and the blocks of one file share it;
    * with that build's programs first on PATH (`sudokit`, `sudokit-xcgen`, `sudokit-bench`), stdin
      empty, and a time limit per command (--timeout, 300 s);
    * one logical command at a time: a line, with the lines a trailing backslash or an open
      loop or quote carries on; each in its own shell, so a variable does not outlive its line.
A command must exit 0, or N when its trailing comment says `# exit N` (`# exit 4: a wrong model`).
A block whose first line is a comment `# long: WHY` (minutes of CPU, a full build) or
`# not run: WHY` (a cluster's job script, another machine) is shown but not run; the list says why.
A block opening with `# needs backend: NAME` runs only in a build that has that backend (`sudokit
solvers --names`): the one docs/adding-a-backend.md builds, which CI's build includes; elsewhere it is
listed as not run, with that reason.
Output is not compared: what a command prints is the program's business, and docs quote it.

A ```python block that opens with `>>>` is a session with the Python module (docs/python.md): the
sessions of a file run as doctests, in one namespace, in the same scratch directory, with the
build's module first on sys.path, and there the output is compared, `<any>` standing for any text
(a time) and runs of white space for any. In a build without the module they are listed as not run.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

EXIT = re.compile(r"#\s*exit (\d+)\b")
SKIP = re.compile(r"^#\s*(long|not run):\s*(.*)")
NEEDS = re.compile(r"^#\s*needs backend:\s*(\S+)")


def backends(env):
    """The backends the build under test registers (`sudokit solvers --names`)."""
    r = subprocess.run(["sudokit", "solvers", "--names"], env=env, stdin=subprocess.DEVNULL,
                       capture_output=True, text=True)
    return set(r.stdout.split()) if r.returncode == 0 else set()


def fenced(path, language):
    """(line number of the first line, [lines]) for each ```LANGUAGE block of the file."""
    out, current, start = [], None, 0
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            stripped = line.rstrip("\n")
            if current is None and re.match(r"^```" + language + r"\s*$", stripped):
                current, start = [], number + 1
            elif current is not None and stripped.startswith("```"):
                out.append((start, current))
                current = None
            elif current is not None:
                current.append(stripped)
    return out


def blocks(path):
    """(line number of the first command line, [lines]) for each ```sh block."""
    return fenced(path, "sh")


def sessions(path):
    """(line number, text) for each ```python block that is a session (opens with `>>>`)."""
    return [(start, "\n".join(lines) + "\n") for start, lines in fenced(path, "python")
            if lines and lines[0].startswith(">>>")]


# Runs the sessions given as JSON [(name, line, text)] on stdin as doctests in one namespace.
DOCTEST_RUNNER = """
import doctest, json, sys
doctest.ELLIPSIS_MARKER = "<any>"  # not "...", which a puzzle's blanks spell
runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
parser, namespace = doctest.DocTestParser(), {}
for name, line, text in json.load(sys.stdin):
    test = parser.get_doctest(text, namespace, name, name, line - 1)
    runner.run(test, clear_globs=False)
    namespace = test.globs  # a DocTest works on a copy: the next session goes on from this one's
sys.exit(1 if runner.summarize(verbose=False).failed else 0)
"""


def run_sessions(name, found, work, build, timeout):
    """Runs a file's Python sessions; returns (ran, failed)."""
    module = os.path.join(os.path.abspath(build), "python")
    if not any(f.startswith("sudokit") for f in (os.listdir(module) if os.path.isdir(module) else [])):
        print(f"skipped {name}: {len(found)} Python sessions: the build has no Python module")
        return 0, 0
    env = dict(os.environ, PYTHONPATH=module)
    try:
        r = subprocess.run(["/usr/bin/python3", "-c", DOCTEST_RUNNER], cwd=work, env=env, capture_output=True, text=True,
                           input=json.dumps([(name, line, text) for line, text in found]), timeout=timeout)
    except subprocess.TimeoutExpired:
        print(f"FAILED {name}: Python sessions ran past {timeout:.0f} s")
        return 1, 1
    if r.returncode == 0:
        print(f"ok {name}: {len(found)} Python sessions")
        return 1, 0
    print(f"FAILED {name}: Python sessions\n{r.stdout[-4000:]}{r.stderr[-2000:]}")
    return 1, 1


def complete(text):
    """Whether `text` is a whole shell command (no open loop, quote or continuation)."""
    if text.endswith("\\"):
        return False
    return subprocess.run(["bash", "-n", "-c", text], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                          stderr=subprocess.DEVNULL).returncode == 0


def commands(start, lines):
    """(line number, command, expected exit status) for each logical command of a block."""
    out, text, first = [], "", 0
    for offset, line in enumerate(lines):
        if not text and (not line.strip() or line.lstrip().startswith("#")):
            continue
        if not text:
            first = start + offset
        text = text + "\n" + line if text else line
        if complete(text):
            expected = EXIT.search(text.splitlines()[-1])
            out.append((first, text, int(expected.group(1)) if expected else 0))
            text = ""
    if text:
        out.append((first, text, 0))  # left open: bash will say why
    return out


def scratch(root, build):
    """A directory with links to the repository's top-level entries and build/release -> build."""
    where = tempfile.mkdtemp(prefix="sudokit_docs_")
    for entry in os.listdir(root):
        if entry not in (".git", "build"):
            os.symlink(os.path.join(os.path.abspath(root), entry), os.path.join(where, entry))
    os.mkdir(os.path.join(where, "build"))
    os.symlink(os.path.abspath(build), os.path.join(where, "build", "release"))
    return where


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", required=True)
    parser.add_argument("--build", required=True)
    parser.add_argument("--timeout", type=float, default=300)
    parser.add_argument("--list", action="store_true", help="show what would run, and what not and why")
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()
    env = dict(os.environ)
    programs = [os.path.join(os.path.abspath(args.build), d) for d in ("apps", "experiments")]
    env["PATH"] = os.pathsep.join(programs + [env.get("PATH", "")])
    failures = ran = skipped = 0
    for name in args.files:
        path = os.path.join(args.root, name)
        work = None if args.list else scratch(args.root, args.build)
        try:
            for start, lines in blocks(path):
                head = next((l for l in lines if l.strip()), "")
                skip = SKIP.match(head.strip())
                if skip:
                    skipped += 1
                    print(f"skipped {name}:{start}: {skip.group(1)}: {skip.group(2)}")
                    continue
                needs = NEEDS.match(head.strip())
                if needs and needs.group(1) not in backends(env):
                    skipped += 1
                    print(f"skipped {name}:{start}: the build has no {needs.group(1)} backend")
                    continue
                for line, command, expected in commands(start, lines):
                    if args.list:
                        print(f"{name}:{line}: {command}  [exit {expected}]")
                        continue
                    ran += 1
                    try:
                        # As a user's shell runs it: a pipeline's status is its last command's.
                        r = subprocess.run(["bash", "-c", command], cwd=work, env=env,
                                           stdin=subprocess.DEVNULL, capture_output=True, text=True,
                                           timeout=args.timeout)
                        status, out, err = r.returncode, r.stdout, r.stderr
                    except subprocess.TimeoutExpired as e:
                        status, out, err = None, e.stdout or "", e.stderr or ""
                        if isinstance(out, bytes):
                            out, err = out.decode(errors="replace"), err.decode(errors="replace")
                    if status == expected:
                        print(f"ok {name}:{line}: {command.splitlines()[0]}")
                        continue
                    failures += 1
                    why = (f"ran past {args.timeout:.0f} s (mark the block '# long: WHY')" if status is None
                           else f"exit {status}, the text says {expected}")
                    print(f"FAILED {name}:{line}: {why}\n  $ {command}\n"
                          f"  stdout: {out[-2000:]}\n  stderr: {err[-2000:]}")
            found = sessions(path)
            if found and args.list:
                print(f"{name}: {len(found)} Python sessions, run as doctests")
            elif found:
                session_ran, session_failed = run_sessions(name, found, work, args.build, args.timeout)
                ran, failures = ran + session_ran, failures + session_failed
        finally:
            if work:
                shutil.rmtree(work, ignore_errors=True)
    if not args.list:
        print(f"{ran} commands run, {failures} failed, {skipped} blocks not run (marked)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
