#!/usr/bin/env python3
"""Record (or check) node's output for the Are-We-Fast-Yet benchmarks as porcini's tests run them.

The benchmarks are the unmodified JavaScript sources in
``../shared/benchmarks/awfy/JavaScript`` beside the project.  Each is run as
``node harness.js NAME ITERATIONS INNER`` from that directory, with the sizes
listed in ``runs.txt`` (for CD, Havlak, Mandelbrot and NBody the inner count is a
problem size whose answer the benchmark verifies, so only some values work).
The microsecond figures vary from run to run: every ``<digits>us`` becomes
``Nus``.  The result goes to ``expected/NAME.out`` beside this script.

Usage::

    python3 crates/lang-es/tests/awfy/record_awfy.py           # record
    python3 crates/lang-es/tests/awfy/record_awfy.py --check   # compare only

Exit status 0 on success, 1 on a difference or a failure to run node.
"""

import argparse
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
AWFY = HERE.parents[3].parent / "shared" / "benchmarks" / "awfy" / "JavaScript"

# Name, outer iterations, inner iterations (or problem size), one run per line; the tests read
# the same file.
RUNS = [(name, int(outer), int(inner)) for name, outer, inner in
        (line.split() for line in (HERE / "runs.txt").read_text().splitlines() if line.strip())]


def masked(text: str) -> str:
    return re.sub(r"[0-9]+us", "Nus", text)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with the recorded files only")
    args = parser.parse_args()
    if not AWFY.is_dir():
        print(f"{AWFY} is not present", file=sys.stderr)
        return 1
    status = 0
    for name, outer, inner in RUNS:
        run = subprocess.run(["node", "harness.js", name, str(outer), str(inner)], cwd=AWFY,
                             capture_output=True, text=True, timeout=600)
        if run.returncode != 0:
            print(f"{name}: node exited with {run.returncode}:\n{run.stderr}", file=sys.stderr)
            status = 1
            continue
        out = masked(run.stdout)
        path = HERE / "expected" / f"{name}.out"
        if args.check:
            if not path.exists() or path.read_text() != out:
                print(f"DIFFERS {path}")
                status = 1
        else:
            path.parent.mkdir(exist_ok=True)
            path.write_text(out)
            print(f"recorded {path.name}")
    return status


if __name__ == "__main__":
    sys.exit(main())
