#!/usr/bin/env python3
"""Record (or check) the expected output of the EasyScript conformance corpus.

node is the oracle: every test program under ``tests/corpus/`` is run with
``node FILE`` in the file's own directory, with an empty stdin and a timeout,
and its observable behaviour is stored beside it:

* ``NAME.out``    -- node's stdout, byte for byte;
* ``NAME.status`` -- the exit status on the first line; if node reported an
  uncaught exception on stderr, a second line holding the error line (see
  ``extract_error_line``).  Every line ends with ``\\n``.

Test programs are the ``*.js`` files whose name does not start with ``_``
(``_helper.js`` files are modules for ``require`` and are not run directly).

Usage (from anywhere)::

    python3 crates/lang-es/tests/record_expected.py            # record all
    python3 crates/lang-es/tests/record_expected.py --check    # compare only
    python3 crates/lang-es/tests/record_expected.py arrays/    # a subset

Exit status: 0 on success; 1 if a program timed out, if ``--check`` found
differences (or missing or stale expected files), or if node could not be run;
2 on bad usage.  Expected files without a test program are reported as STALE.  Standard library only (Python 3.11).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

TIMEOUT_SECONDS = 10.0
CORPUS_DIR = Path(__file__).resolve().parent / "corpus"

# ``/some/dir/file.js:12`` -- the location line node prints first.
_LOCATION_RE = re.compile(r"^.+:\d+$")
# The caret line: only blanks and at least one ``^``.
_CARET_RE = re.compile(r"^[ \t]*\^+[ \t^]*$")


def extract_error_line(stderr: str) -> str | None:
    """Return the error line of an uncaught exception reported by node.

    For an uncaught exception node writes to stderr::

        /path/to/FILE.js:LINE          <- location of the throw
        <the source line>
        <caret line: only spaces and ^>
        <optionally one empty line>
        <error text>                    <- first line of it is the result
        ...

    For Error objects the error text is the stack, whose first line is
    ``TypeError: message`` (node may decorate it, e.g. ``MyErr [Error]: m``);
    for other thrown values it is node's inspection of the value, such as
    ``5``, ``str`` or ``{ a: 1 }``.  Only the first line of the error text is
    returned.  The first location line followed by a source line and a caret
    line wins.  Returns None when stderr has no such report.
    """
    lines = stderr.replace("\r\n", "\n").split("\n")
    for i in range(len(lines) - 3):
        if not _LOCATION_RE.match(lines[i]):
            continue
        if not _CARET_RE.match(lines[i + 2]):
            continue
        j = i + 3
        if lines[j] == "" and j + 1 < len(lines):
            j += 1
        return lines[j]
    return None


@dataclass
class Result:
    path: Path
    out: bytes
    status: bytes
    timed_out: bool = False
    error: str | None = None


def find_tests(roots: list[Path]) -> list[Path]:
    """All test programs under the given roots, sorted by corpus-relative path."""
    found: set[Path] = set()
    for root in roots:
        if root.is_file():
            candidates = [root]
        else:
            candidates = list(root.rglob("*.js"))
        for p in candidates:
            if p.suffix == ".js" and not p.name.startswith("_"):
                found.add(p.resolve())
    return sorted(found, key=lambda p: p.relative_to(CORPUS_DIR).as_posix())


def find_stale(tests: list[Path]) -> list[str]:
    """Expected files (.out/.status) under the corpus without a test program."""
    wanted = {t.with_suffix("") for t in tests}
    stale = []
    for p in CORPUS_DIR.rglob("*"):
        if p.suffix in (".out", ".status") and p.with_suffix("") not in wanted:
            stale.append(p.relative_to(CORPUS_DIR).as_posix())
    return sorted(stale)


def node_env() -> dict[str, str]:
    """A clean, colour-free environment so that node's output is stable."""
    env = dict(os.environ)
    for key in ("NODE_OPTIONS", "FORCE_COLOR", "NODE_PATH", "NODE_DEBUG"):
        env.pop(key, None)
    env["NO_COLOR"] = "1"
    env["NODE_DISABLE_COLORS"] = "1"
    return env


def run_one(node: str, path: Path, env: dict[str, str]) -> Result:
    try:
        proc = subprocess.run(
            [node, path.name],
            cwd=path.parent,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            timeout=TIMEOUT_SECONDS,
            env=env,
        )
    except subprocess.TimeoutExpired:
        return Result(path, b"", b"", timed_out=True)
    except OSError as exc:
        return Result(path, b"", b"", error=str(exc))
    status = f"{proc.returncode}\n"
    stderr = proc.stderr.decode("utf-8", errors="replace")
    err_line = extract_error_line(stderr)
    if err_line is not None:
        status += err_line + "\n"
    return Result(path, proc.stdout, status.encode("utf-8"))


def read_bytes(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except FileNotFoundError:
        return None


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="only compare with the recorded files; write nothing")
    parser.add_argument("--node", default="node", help="node executable (default: node)")
    parser.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1,
                        help="programs run in parallel (default: CPU count)")
    parser.add_argument("paths", nargs="*",
                        help="files or directories (relative to the corpus or absolute)")
    args = parser.parse_args(argv)

    node = shutil.which(args.node)
    if node is None:
        print(f"error: node executable {args.node!r} not found", file=sys.stderr)
        return 1

    roots: list[Path] = []
    for p in args.paths or [str(CORPUS_DIR)]:
        cand = Path(p)
        if not cand.is_absolute() and not cand.exists():
            cand = CORPUS_DIR / p
        cand = cand.resolve()
        if not cand.exists() or (cand != CORPUS_DIR and CORPUS_DIR not in cand.parents):
            print(f"error: {p} is not inside {CORPUS_DIR}", file=sys.stderr)
            return 2
        roots.append(cand)

    tests = find_tests(roots)
    if not tests:
        print("error: no test programs found", file=sys.stderr)
        return 1

    start = time.monotonic()
    env = node_env()
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        results = list(pool.map(lambda p: run_one(node, p, env), tests))
    elapsed = time.monotonic() - start

    timed_out: list[str] = []
    failed: list[str] = []
    changed: list[str] = []
    no_error_line: list[str] = []
    uncaught = 0
    for res in results:  # already in sorted order
        rel = res.path.relative_to(CORPUS_DIR).as_posix()
        if res.timed_out:
            timed_out.append(rel)
            continue
        if res.error is not None:
            failed.append(f"{rel}: {res.error}")
            continue
        lines = res.status.decode().splitlines()
        if lines[0] != "0":
            uncaught += 1
            if len(lines) < 2:
                no_error_line.append(rel)
        out_path = res.path.with_suffix(".out")
        status_path = res.path.with_suffix(".status")
        diffs = []
        if read_bytes(out_path) != res.out:
            diffs.append("out")
        if read_bytes(status_path) != res.status:
            diffs.append("status")
        if diffs:
            changed.append(f"{rel} ({', '.join(diffs)})")
            if not args.check:
                out_path.write_bytes(res.out)
                status_path.write_bytes(res.status)

    # Leftovers of deleted or renamed programs (only meaningful for a full run).
    stale = find_stale(tests) if not args.paths else []

    verb = "checked" if args.check else "recorded"
    for rel in timed_out:
        print(f"TIMEOUT  {rel} (>{TIMEOUT_SECONDS:g} s)")
    for msg in failed:
        print(f"FAILED   {msg}")
    for rel in no_error_line:
        print(f"WARNING  {rel}: non-zero exit without an uncaught-exception report")
    for rel in stale:
        print(f"STALE    {rel} (no such test program; delete it)")
    label = "MISMATCH" if args.check else "CHANGED "
    for rel in changed:
        print(f"{label} {rel}")
    ok = len(results) - len(timed_out) - len(failed)
    print(f"{verb} {ok} programs ({uncaught} exit non-zero), "
          f"{len(changed)} {'differ' if args.check else 'changed'} since last time, "
          f"{len(timed_out)} timed out")
    # Timing varies from run to run, so it goes to stderr only.
    print(f"took {elapsed:.1f} s with {args.jobs} jobs", file=sys.stderr)

    if timed_out or failed:
        return 1
    if args.check and (changed or stale):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
