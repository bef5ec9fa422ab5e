#!/usr/bin/env python3
"""The docs/kinds.md examples (one small refuted program per verdict kind):
trace length as found (--no-shorten), shortened (default) and with
--shortest (--time-limit T), each as steps/moves, and whether the minimum
was proved.
Usage: bench/shorten/kinds.py CHORUS [T]"""
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CHORUS = os.path.abspath(sys.argv[1])
T = sys.argv[2] if len(sys.argv) > 2 else "20"
MOVE = re.compile(r"^    \d+\. \[p", re.M)
STEP = re.compile(r"^  step \d+ \[p", re.M)


def run(d, command, extra):
    r = subprocess.run([CHORUS] + command[1:] + ["--quiet"] + extra, cwd=d,
                       capture_output=True, text=True, timeout=900)
    ok = any(l.startswith("verdict: violation") for l in r.stdout.splitlines())
    n = f"{len(STEP.findall(r.stdout))}/{len(MOVE.findall(r.stdout))}"
    return (n if ok else None), r.stdout


text = open(os.path.join(ROOT, "docs/kinds.md")).read()
parts = re.split(r"^## ([A-Z_]+)\s*$", text, flags=re.M)
print(f"{'kind (docs/kinds.md example)':36} {'found':>9} {'short':>9} {'shortest':>9}  minimum")
for kind, body in zip(parts[1::2], parts[2::2]):
    m = re.search(r"^Example \(`([^`]*)`\):\s*$", body, flags=re.M)
    if not m:
        continue
    command = m.group(1).split()
    blocks = re.findall(r"^```c\n(.*?)^```", body[m.end():], flags=re.M | re.S)
    if command[:2] == ["chorus", "compare"]:
        names = [command[3], command[2]]
    else:
        names = [w for w in command[2:] if w.endswith(".c")]
    if len(blocks) < len(names):
        continue
    with tempfile.TemporaryDirectory() as d:
        for name, code in zip(names, blocks):
            with open(os.path.join(d, name), "w") as f:
                f.write(code)
        a, _ = run(d, command, ["--no-shorten", "--time-limit", "120"])
        b, _ = run(d, command, ["--time-limit", "120"])
        c, out = run(d, command, ["--shortest", "--time-limit", T])
    proved = "proved" if "proved (every trace" in out else "not proved"
    show = lambda v: "-" if v is None else str(v)
    print(f"{kind:36} {show(a):>9} {show(b):>9} {show(c):>9}  {proved if c is not None else '-'}", flush=True)
