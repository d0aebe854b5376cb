#!/usr/bin/env python3
"""Compares the generated opcode tables isa/tables/*.cpp row by row with their
version at a git revision, after a change of a generator or of
inst_facts.txt / timing_facts.txt: prints each row that changed with the
columns that changed (old -> new), rows that appeared or went, and a count.

Usage (from the repository root): python3 isa/tables/compare_tables.py [REV]
REV defaults to HEAD (i.e. compares the working tree with the last commit).
A row is keyed by (file, mnemonic, format, opcode columns).
"""
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
COLUMNS = ["dst", "src0", "src1", "src2", "unit", "flags", "sem", "timing", "layout"]
ROW = re.compile(r'^\s*\{"([a-z0-9_]+)", Format::(\w+), OPC\(([^)]*)\), (.*)\},')


def split_top(text):
    """Comma-separated fields of a row's tail, keeping {..} and (..) together."""
    out, depth, cur = [], 0, ""
    for ch in text:
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
            continue
        depth += ch in "{("
        depth -= ch in "})"
        cur += ch
    out.append(cur.strip())
    return out


def rows(texts):
    """{(file, name, format, opcodes): {column: text}} of {file: text}."""
    res = {}
    for fn, text in texts.items():
        for line in text.splitlines():
            m = ROW.match(line)
            if m:
                fields = split_top(m.group(4))
                res[(fn, m.group(1), m.group(2), m.group(3))] = dict(zip(COLUMNS, fields + [""] * len(COLUMNS)))
    return res


def main():
    rev = sys.argv[1] if len(sys.argv) > 1 else "HEAD"
    files = sorted(f for f in os.listdir(HERE) if f.endswith(".cpp"))
    new = {f: open(os.path.join(HERE, f)).read() for f in files}
    old = {}
    for f in files:
        p = subprocess.run(["git", "-C", ROOT, "show", f"{rev}:isa/tables/{f}"], capture_output=True, text=True)
        old[f] = p.stdout if p.returncode == 0 else ""
    a, b = rows(old), rows(new)
    for k in sorted(set(a) - set(b)):
        print(f"gone: {k[0]} {k[1]} OPC({k[3]})")
    for k in sorted(set(b) - set(a)):
        print(f"new:  {k[0]} {k[1]} OPC({k[3]})")
    changed = 0
    for k in sorted(set(a) & set(b)):
        diff = [c for c in COLUMNS if a[k][c] != b[k][c]]
        if diff:
            changed += 1
            print(f"{k[0]} {k[1]} OPC({k[3]}): " + "; ".join(f"{c}: {a[k][c]} -> {b[k][c]}" for c in diff))
    print(f"{len(a)} rows at {rev}, {len(b)} now: {changed} changed, {len(set(a) - set(b))} gone, "
          f"{len(set(b) - set(a))} new")


if __name__ == "__main__":
    main()
