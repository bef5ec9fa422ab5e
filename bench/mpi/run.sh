#!/bin/sh
# Runs the MPI corpus (tests/lit/mpi/<category>/*.c) with and without the
# urgent POR and prints, per category: programs, verified/refuted as
# expected, unknown, wrong, time, and the states saved with POR on/off.
# Usage: bench/mpi/run.sh [path/to/chorus]   (from the repository root)
set -e
CHORUS=${1:-build/tools/chorus/chorus}
exec python3 - "$CHORUS" <<'PY'
import glob, os, re, subprocess, sys, time
chorus = sys.argv[1]
rows = {}
tot_t = 0.0
for f in sorted(glob.glob("tests/lit/mpi/*/*.c")):
    cat = f.split("/")[-2]
    src = open(f).read()
    run = re.search(r"// RUN: %expect-exit (\d) %chorus verify %s (.*?) \|", src)
    chk = re.search(r"// CHECK: verdict: (verified|unknown|violation (\S+))", src)
    args = run.group(2).split()
    want = chk.group(1) if chk.group(1) in ("verified", "unknown") else chk.group(2)
    r = rows.setdefault(cat, dict(n=0, ok=0, unk=0, wrong=0, t=0.0, on=0, off=0))
    r["n"] += 1
    res = {}
    for por in (True, False):
        t0 = time.time()
        try:
            p = subprocess.run([chorus, "verify", f] + args + ([] if por else ["--no-por"]),
                               capture_output=True, text=True, timeout=300)
            out = p.stdout
        except subprocess.TimeoutExpired:
            out = "verdict: unknown (timeout: 300 s)"
            print("timeout:", f, "POR on" if por else "POR off", file=sys.stderr)
        dt = time.time() - t0
        m = re.search(r"verdict: (verified|violation (\S+)|unknown.*)", out)
        got = m.group(1) if m else "crash"
        if got.startswith("violation"):
            got = m.group(2)
        st = sum(int(x) for x in re.findall(r"states saved\s+(\d+)", out))
        res[por] = (got, st)
        if por:
            r["t"] += dt
            tot_t += dt
    got, st = res[True]
    r["on"] += st
    r["off"] += res[False][1]
    if got == want or (want == "unknown" and got.startswith("unknown")):
        r["ok"] += 1
    elif got.startswith("unknown"):
        r["unk"] += 1
        print("unknown:", f, got, file=sys.stderr)
    else:
        r["wrong"] += 1
        print("wrong:", f, "got", got, "want", want, file=sys.stderr)
    if res[False][0] != got and not res[False][0].startswith("unknown (timeout"):
        print("POR on/off verdicts differ:", f, got, res[False][0], file=sys.stderr)
hdr = "| category | programs | as expected | unknown | wrong | time (s) | states POR on | states POR off |"
print(hdr)
print("|" + "---|" * 8)
T = dict(n=0, ok=0, unk=0, wrong=0, t=0.0, on=0, off=0)
for cat in sorted(rows):
    r = rows[cat]
    for k in T:
        T[k] += r[k]
    print("| %s | %d | %d | %d | %d | %.2f | %d | %d |" % (cat, r["n"], r["ok"], r["unk"], r["wrong"], r["t"], r["on"], r["off"]))
print("| **total** | %d | %d | %d | %d | %.2f | %d | %d |" % (T["n"], T["ok"], T["unk"], T["wrong"], T["t"], T["on"], T["off"]))
PY
