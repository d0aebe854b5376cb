#!/usr/bin/env python3
"""Checks the GcnTimings.md line citations of isa/tables/timing_facts.txt and
tests/microbench/suite.json against reference/clrx/GcnTimings.md.

A citation of one line (GcnTimings.md:N, or :N after a first GcnTimings.md
citation in the same text) must point at a line that names what it is cited
for:
  - timing_facts.txt: the instruction named just before the citation in the
    row's source text (e.g. "as DS_READ_B32 (:357)", "twin of DS_ADD_U32,
    GcnTimings.md:266"), else the row's own mnemonic;
  - suite.json: the row's instruction (its "inst", first word).
A table line (one with '|') must have that name in one of its cells. A prose
line (a rule such as "All SOP2 instructions take 4 cycles") must name the
instruction or the row's encoding class (SOP2, VOP2, VOPC, ...); the rules
quoted below list the prose lines the files may cite for a whole class.
Ranges (N-M) are not checked: they cite a section or a rule spread over lines.

Usage: check_timing_citations.py [--reference DIR] [--root DIR]
  DIR defaults: ../shared/reference beside the repository, this repository.
Exit status: 0 all citations match, 1 a mismatch (each printed with file and
line), 77 the reference is not there (CTest counts that as skipped).
"""
import argparse
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SKIP = 77

# Prose lines of GcnTimings.md that state a rule for a whole class, and the
# words that must be in them for a citation of that class to count.
CLASS_WORDS = {
    "SOP2": ["SOP2"], "SOPK": ["SOPK"], "SOP1": ["ALU instructions", "SOP1"], "SOPC": ["comparison"],
    "SOPP": ["Jumps"], "VOP2": ["VOP2"], "VOP3P": ["VOP3P"], "VOPC": ["comparison"],
    "VOP1": ["VOP1"], "VOP3": ["VOP3"], "SMRD": ["SMRD"],
}


def gcn_lines(reference):
    path = os.path.join(reference, "clrx", "GcnTimings.md")
    if not os.path.exists(path):
        print(f"check_timing_citations: {path} not found: skipped", file=sys.stderr)
        sys.exit(SKIP)
    return open(path, encoding="utf-8").read().split("\n")


# GcnTimings.md:78 spells V_READFIRSTLANE_B32 "V_FIRSTREADLINE_B32".
ALIASES = {"V_FIRSTREADLINE_B32": "V_READFIRSTLANE_B32"}


def names_in(line):
    """Mnemonics in a line of GcnTimings.md (table cells or prose words), upper
    case; a prose wildcard ("V_ADD\\*") as its prefix ending in '*'."""
    out = set()
    for m in re.finditer(r"([A-Z][A-Z0-9_]*[A-Z0-9])(\\?\*)?", line):
        name = ALIASES.get(m.group(1), m.group(1))
        out.add(name + "*" if m.group(2) else name)
    return out


def line_mentions(lines, n, name):
    """Whether line n (1-based) names `name` (an instruction, upper case): a
    table cell, a prose word, a prose wildcard it matches, or a footnote
    ("(1) - for device ...") that the instruction's own table cell refers to."""
    if not 1 <= n <= len(lines):
        return False
    name = name.upper()
    found = names_in(lines[n - 1])
    if name in found or any(f.endswith("*") and name.startswith(f[:-1]) for f in found):
        return True
    note = re.match(r"\s*(\(\d+\))", lines[n - 1])
    if note:
        return any("|" in t and name in names_in(t) and note.group(1) in t.split(name, 1)[1].split("|")[1]
                   for t in lines)
    return False


def classes_of(cls):
    """The encoding classes a suite.json "class" field names ("VOP3 quarter rate" -> VOP3)."""
    return [w for w in re.findall(r"[A-Z0-9]+", cls) if w in CLASS_WORDS]


def check_prose(lines, n, name, classes):
    text = lines[n - 1]
    if "|" in text:
        return False
    if name and name.upper() in names_in(text):
        return True
    return any(word in text for c in classes for word in CLASS_WORDS[c])


def citations(text):
    """(position, first, last) of every GcnTimings.md line citation in `text`:
    "GcnTimings.md:N", "GcnTimings.md:N-M", and the ":N" / ":N-M" shorthands that
    follow a first GcnTimings.md citation."""
    out = []
    start = text.find("GcnTimings.md:")
    if start < 0:
        return out
    for m in re.finditer(r"(?:GcnTimings\.md)?:(\d+)(?:-(\d+))?", text[start:]):
        a = int(m.group(1))
        b = int(m.group(2)) if m.group(2) else a
        out.append((start + m.start(), a, b))
    return out


def check_facts(root, lines, errors, stats):
    # The rows as the table generators read them (isa/tables/timing_facts.py).
    sys.path.insert(0, os.path.join(root, "isa", "tables"))
    import timing_facts  # noqa: E402
    for e in timing_facts.parse(os.path.join(root, "isa", "tables", "timing_facts.txt")).values():
        name, unit, source, no = e.name, e.unit, e.source, e.line
        for pos, a, b in citations(source):
            if a != b:
                stats["ranges"] += 1
                continue
            # The instruction named last before the citation (an upper-case mnemonic), else the row's.
            before = re.findall(r"\b([A-Z][A-Z0-9]*_[A-Z0-9_]+)\b", source[:pos])
            cited = before[-1] if before else name.upper()
            stats["lines"] += 1
            if line_mentions(lines, a, cited):
                continue
            classes = {"SALU": ["SOP2", "SOPK", "SOP1", "SOPC"], "SMEM": ["SMRD"]}.get(unit, [])
            if unit == "VALU":
                classes = [c for c in ("VOP2", "VOP3P", "VOP1", "VOP3", "VOPC") if c in source] or ["VOP3"]
            if check_prose(lines, a, cited, classes):
                continue
            errors.append(f"timing_facts.txt:{no}: {name}: GcnTimings.md:{a} does not name {cited}: "
                          f"{lines[a - 1].strip() if 1 <= a <= len(lines) else '(no such line)'}")


def suite_lines(value, gens):
    """[(gen or None, "87")] of a "line" value: a string or an object keyed by gen."""
    if isinstance(value, dict):
        return [(g, v) for g, v in value.items()]
    return [(None, value)]


def check_suite(root, lines, errors, stats):
    path = os.path.join(root, "tests", "microbench", "suite.json")
    suite = json.load(open(path, encoding="utf-8"))
    for gen, c in suite["chips"].items():
        n = int(c["line"])
        stats["lines"] += 1
        if f"| {c['dpfactor']}" not in lines[n - 1].replace("  ", " ") and \
                not re.match(rf"\s*{c['dpfactor']}\s*\|", lines[n - 1]):
            errors.append(f"suite.json chips.{gen}: GcnTimings.md:{n} is not the DPFACTOR {c['dpfactor']} row: "
                          f"{lines[n - 1].strip()}")
    for row in suite["rows"]:
        inst = row["inst"].split()[0].split("/")[0].upper()
        classes = classes_of(row["class"])
        for scenario in ("one_wave", "four_waves", "issue"):
            spec = row.get(scenario)
            if not isinstance(spec, dict) or "line" not in spec:
                continue
            for gen, value in suite_lines(spec["line"], row.get("gens")):
                for part in value.split(","):
                    where = f"suite.json {row['id']} {scenario}" + (f" {gen}" if gen else "")
                    if "-" in part:
                        stats["ranges"] += 1
                        continue
                    n = int(part)
                    stats["lines"] += 1
                    # v_lshl_b64 / v_lshlrev_b64: the row names both; the gen's own mnemonic is cited.
                    names = [w.upper() for w in re.findall(r"[a-z][a-z0-9_]+", row["inst"])
                             if w.startswith(("s_", "v_", "ds_", "buffer_"))] or [inst]
                    if any(line_mentions(lines, n, nm) for nm in names):
                        continue
                    if any(check_prose(lines, n, nm, classes) for nm in names):
                        continue
                    if scenario == "issue" or row["class"].startswith(("penalty", "issue")):
                        continue  # penalty and occupancy rows cite rules, not instructions
                    errors.append(f"{where}: GcnTimings.md:{n} does not name {'/'.join(names)}: "
                                  f"{lines[n - 1].strip() if 1 <= n <= len(lines) else '(no such line)'}")


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--reference", default=os.path.join(os.path.dirname(ROOT), "shared", "reference"))
    p.add_argument("--root", default=ROOT)
    a = p.parse_args(argv)
    lines = gcn_lines(a.reference)
    errors, stats = [], {"lines": 0, "ranges": 0}
    check_facts(a.root, lines, errors, stats)
    check_suite(a.root, lines, errors, stats)
    for e in errors:
        print(e)
    print(f"{stats['lines']} single-line citations checked, {stats['ranges']} ranges not checked, "
          f"{len(errors)} mismatches")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
