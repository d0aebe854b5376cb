"""Instruction facts of the opcode tables: isa/tables/inst_facts.txt.

Shared by gen_scalar.py, gen_vector.py and gen_memory.py. The generators derive
what LLVM's syntax lists state (opcodes, operand widths and type tags, an
explicit VCC operand); everything about a row that only its mnemonic tells --
the flags (isa::Flag), the codec layout (isa::Layout), the execution unit
(isa::Unit), operand types LLVM's lists do not state, the semantic key -- is a
rule of inst_facts.txt, applied here. The generators hold no mnemonic.

File format (also in the file's header): one rule a line,
    PATTERNS  FORMATS  FACT...  | source
PATTERNS: comma-separated fnmatch globs over the mnemonic; FORMATS: comma-
separated isa::Format names; FACT: +kFlag (set), -kFlag (clear),
layout=Name, unit=NAME, dst=T / src0=T / src1=T / src2=T (isa::OpType T),
sem=KEY or sem[GENS]=KEY (semantic key; '*' in KEY stands for what the
pattern's one '*' matched; GENS: comma-separated gfx6..gfx9). Rules apply in
file order, so a later rule refines an earlier one. The names of flags,
layouts, units and operand types are read from isa/opinfo.hpp, so a typo
stops the generator.

Each generator asks for the facts it needs: of() (flags, unit, layout),
types() (operand types) and sem() (semantic key); a rule counts as used when
one of its facts was applied to a row.

Checks, each fatal (the generator stops, nothing is written): the syntax of
every line, that every rule matches at least one row of the formats its
generator owns (Facts.finish), that no row gets two layouts or two semantic
keys, and that a type fact names an operand the row has.
"""
import fnmatch
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
FACTS_FILE = os.path.join(HERE, "inst_facts.txt")
OPINFO = os.path.join(ROOT, "isa", "opinfo.hpp")


def _enum_body(text, head):
    m = re.search(head + r"\s*\{(.*?)\};", text, re.S)
    return re.sub(r"//[^\n]*", "", m.group(1))


def opinfo_names():
    """(flags in bit order, layouts, units, formats, operand types) as isa/opinfo.hpp declares them."""
    text = open(OPINFO).read()
    flags = sorted(((int(b), n) for n, b in re.findall(r"(k\w+) = 1u << (\d+)", _enum_body(text, "enum Flag : uint32_t"))))
    layouts = re.findall(r"(\w+),", _enum_body(text, "enum class Layout : uint8_t"))
    units = re.findall(r"(\w+),", _enum_body(text, "enum class Unit : uint8_t"))
    formats = [f for f in re.findall(r"(\w+),", _enum_body(text, "enum class Format : uint8_t")) if f != "Count"]
    types = re.findall(r"(\w+),", _enum_body(text, "enum class OpType : uint8_t"))
    return [n for _, n in flags], layouts, units, formats, types


GENS = ("gfx6", "gfx7", "gfx8", "gfx9")
SLOTS = ("dst", "src0", "src1", "src2")
_SEM = re.compile(r"^sem(?:\[([a-z0-9,]+)\])?=([a-z0-9_*]+)$")


class Rule:
    def __init__(self, line, patterns, formats, facts, source):
        self.line, self.patterns, self.formats, self.facts, self.source = line, patterns, formats, facts, source
        self.used = False

    def matches(self, fmt, name):
        return fmt in self.formats and any(
            fnmatch.fnmatchcase(name, p) for p in self.patterns)

    def star(self, name):
        """What the '*' of the (one-star) pattern that matches `name` stands for."""
        for p in self.patterns:
            m = re.fullmatch(re.escape(p).replace(r"\*", "(.*)"), name)
            if m:
                return m.group(1)
        return None


def parse(path=FACTS_FILE):
    """[Rule] of the file; exits with every malformed line listed."""
    flags, layouts, units, formats, types = opinfo_names()
    rules, errors = [], []
    for no, text in enumerate(open(path).read().split("\n"), 1):
        body = text.split("#", 1)[0] if text.lstrip().startswith("#") else text
        if not body.strip():
            continue
        where = f"{os.path.basename(path)}:{no}"
        if "|" not in body:
            errors.append(f"{where}: no '| source'")
            continue
        rule, source = body.split("|", 1)
        f = rule.split()
        if len(f) < 3:
            errors.append(f"{where}: expected PATTERNS FORMATS FACT... | source")
            continue
        fmts = f[1].split(",")
        for x in fmts:
            if x not in formats:
                errors.append(f"{where}: unknown format {x}")
        facts = []
        for tok in f[2:]:
            if tok[0] in "+-" and tok[1:] in flags:
                facts.append((tok[0], tok[1:]))
            elif tok.startswith("layout=") and tok[7:] in layouts:
                facts.append(("layout", tok[7:]))
            elif tok.startswith("unit=") and tok[5:] in units:
                facts.append(("unit", tok[5:]))
            elif tok.split("=", 1)[0] in SLOTS and tok.split("=", 1)[1:] and tok.split("=", 1)[1] in types:
                facts.append(tuple(tok.split("=", 1)))
            elif _SEM.match(tok):
                gens, key = _SEM.match(tok).groups()
                gens = tuple(gens.split(",")) if gens else GENS
                if any(g not in GENS for g in gens):
                    errors.append(f"{where}: unknown generation in {tok} (gfx6, gfx7, gfx8, gfx9)")
                if "*" in key and any(p.count("*") != 1 for p in f[0].split(",")):
                    errors.append(f"{where}: {tok}: a '*' in the key needs one '*' in every pattern")
                facts.append(("sem", (gens, key)))
            else:
                errors.append(f"{where}: unknown fact {tok} (+kFlag, -kFlag, layout=Name, unit=NAME, "
                              "dst=/src0=/src1=/src2=OpType of isa/opinfo.hpp, sem=KEY, sem[GENS]=KEY)")
        if not source.strip():
            errors.append(f"{where}: no source after '|'")
        rules.append(Rule(no, f[0].split(","), fmts, facts, source.strip()))
    if errors:
        print("instruction facts:\n  " + "\n  ".join(errors), file=sys.stderr)
        sys.exit(1)
    return rules


class Facts:
    def __init__(self, path=FACTS_FILE):
        self.flag_order = opinfo_names()[0]
        self.file = os.path.basename(path)
        self.rules = parse(path)
        self.errors = []

    def of(self, fmt, name, flags=(), unit=None):
        """(flags C++ text, unit, layout or None) of a row: `flags` (the generator's
        structural flags) and `unit` (its format's default) refined by the rules."""
        fl, layout = set(flags), None
        for r in self.rules:
            if not r.matches(fmt, name):
                continue
            for kind, val in r.facts:
                if kind in ("+", "-", "unit", "layout"):
                    r.used = True
                if kind in SLOTS or kind == "sem":
                    continue
                if kind == "+":
                    fl.add(val)
                elif kind == "-":
                    fl.discard(val)
                elif kind == "unit":
                    unit = val
                elif layout is not None and layout != val:
                    self.errors.append(f"{self.file}:{r.line}: {fmt} {name} has layout {layout} already")
                else:
                    layout = val
        text = " | ".join(f for f in self.flag_order if f in fl) or "0"
        return text, unit, layout

    def types(self, fmt, name, types):
        """[dst, src0, src1, src2] OpType names: `types` (what the generator read from
        LLVM's syntax) with the rules' dst=/src0=/src1=/src2= facts applied."""
        out = list(types)
        for r in self.rules:
            if not r.matches(fmt, name):
                continue
            for kind, val in r.facts:
                if kind not in SLOTS:
                    continue
                r.used = True
                k = SLOTS.index(kind)
                if out[k] == "None":
                    self.errors.append(f"{self.file}:{r.line}: {fmt} {name} has no {kind} operand")
                out[k] = val
        return out

    def sem(self, fmt, name, gen=None):
        """The semantic key of the row `name` of `fmt` in generation `gen` (gfx6..gfx9;
        None: a row that serves every generation), or None (the semantic is named
        after the row)."""
        key = None
        for r in self.rules:
            if not r.matches(fmt, name):
                continue
            for kind, val in r.facts:
                if kind != "sem":
                    continue
                if gen is None and val[0] != GENS:
                    self.errors.append(f"{self.file}:{r.line}: {fmt} rows are not split by generation")
                if gen is not None and gen not in val[0]:
                    continue
                r.used = True
                k = val[1].replace("*", r.star(name)) if "*" in val[1] else val[1]
                if key is not None and key != k:
                    self.errors.append(f"{self.file}:{r.line}: {fmt} {name} has semantic key {key} already")
                key = k
        return key

    def finish(self, formats):
        """Fails (exit 1) on any error so far or a rule for `formats` that matched no row."""
        for r in self.rules:
            if not set(r.formats) & set(formats):
                continue  # another generator's rule
            if not r.used:
                self.errors.append(f"{self.file}:{r.line}: {','.join(r.patterns)} matches no row")
        if self.errors:
            print("instruction facts:\n  " + "\n  ".join(self.errors), file=sys.stderr)
            sys.exit(1)


def layout_init(layout):
    """The C++ tail of a row for its layout ("" for Layout::Plain)."""
    return f", Layout::{layout}" if layout else ""
