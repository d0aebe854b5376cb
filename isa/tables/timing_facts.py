"""Timing facts of the opcode tables: isa/tables/timing_facts.txt plus the default rules.

Shared by gen_scalar.py, gen_vector.py and gen_memory.py. Each generator asks
Facts for the C++ initializer of a row's isa::TimingFacts column (isa/opinfo.hpp):
the file's entry for the mnemonic where there is one, else the default rule of
the row's unit (documented at the top of timing_facts.txt, implemented below).

Checks, each fatal (the generator stops, nothing is written):
  * the file's syntax: known units, rates and roles; a figure only in a column
    its unit has; every row with a figure cites "GcnTimings.md:LINE" or says
    "estimate"; no name twice;
  * every generated row whose mnemonic GcnTimings.md's tables list gets the figure
    printed there (VOP1, VOP3, SMRD, DS, MUBUF tables; "?" entries excepted);
  * every file row of the generator's units names a table row (Facts.finish).
"""
import os
import re
import sys
from dataclasses import dataclass

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
FACTS_FILE = os.path.join(HERE, "timing_facts.txt")

UNITS = ("VALU", "SALU", "SMEM", "DS", "VMEM", "INTERNAL")
RATES = ("Full", "Double", "Quarter", "Dp4", "Dp8", "FmaF32")
ROLES = {  # file word -> (C++ enumerator, unit it belongs to)
    "late": ("LateForSalu", "VALU"),
    "waitcnt": ("Waitcnt", "INTERNAL"),
    "nop": ("Nop", "INTERNAL"),
    "sleep": ("Sleep", "INTERNAL"),
    "setprio": ("Setprio", "INTERNAL"),
    "barrier": ("Barrier", "INTERNAL"),
    "endpgm": ("EndPgm", "INTERNAL"),
    "memtime": ("MemTime", "SMEM"),
    "dcache-inv": ("DcacheInv", "SMEM"),
    "dcache-wb": ("DcacheWb", "SMEM"),
    "inv-l1": ("InvL1", "VMEM"),
    "pair": ("LdsPair", "DS"),
    "pair-st64": ("LdsPairSt64", "DS"),
    "no-lds": ("NoLds", "DS"),
}
# Columns a unit may fill: rate (VALU), cyc, pipe (DS), glc (VMEM).
COLUMNS = {"VALU": {"rate"}, "SALU": {"cyc"}, "SMEM": {"cyc"}, "DS": {"cyc", "pipe"},
           "VMEM": {"cyc", "glc"}, "INTERNAL": set()}
OPTYPE_DWORDS = {"None": 0, "B16": 1, "I16": 1, "F16": 1, "B32": 1, "I32": 1, "F32": 1, "V2F16": 1,
                 "V2I16": 1, "B64": 2, "I64": 2, "F64": 2, "B96": 3, "B128": 4, "B160": 5, "B256": 8,
                 "B512": 16}


class FactsError(Exception):
    pass


@dataclass
class Entry:
    name: str
    unit: str
    rate: str = None
    cyc: int = None
    pipe: int = None
    glc: int = None
    role: str = None
    source: str = ""
    line: int = 0
    used: bool = False


def parse(path=FACTS_FILE):
    """{name: Entry} of the file; FactsError on any malformed row."""
    entries, errors = {}, []
    for no, text in enumerate(open(path).read().split("\n"), 1):
        if not text.strip() or text.lstrip().startswith("#"):
            continue
        f = text.split(None, 7)
        where = f"{os.path.basename(path)}:{no}"
        if len(f) < 8:
            errors.append(f"{where}: expected 8 columns (name unit rate cyc pipe glc role source)")
            continue
        name, unit, rate, cyc, pipe, glc, role, source = f
        e = Entry(name, unit, source=source.strip(), line=no)
        if unit not in UNITS:
            errors.append(f"{where}: unknown unit {unit}")
            continue
        if rate != "-":
            if rate not in RATES:
                errors.append(f"{where}: unknown rate {rate} (one of {', '.join(RATES)})")
            e.rate = rate
        for col, val in (("cyc", cyc), ("pipe", pipe), ("glc", glc)):
            if val == "-":
                continue
            if not val.isdigit() or int(val) > 255:
                errors.append(f"{where}: {col} must be a number 0..255 or '-', got {val}")
                continue
            setattr(e, col, int(val))
        for col in ("rate", "cyc", "pipe", "glc"):
            if getattr(e, col) is not None and col not in COLUMNS[unit]:
                errors.append(f"{where}: a {unit} row has no {col} column")
        if role != "-":
            if role not in ROLES:
                errors.append(f"{where}: unknown role {role}")
            elif ROLES[role][1] != unit:
                errors.append(f"{where}: role {role} belongs to {ROLES[role][1]} rows")
            e.role = role
        figure = any(getattr(e, c) is not None for c in ("rate", "cyc", "pipe", "glc"))
        if figure and not (re.search(r"GcnTimings\.md:\d+", e.source) or "estimate" in e.source):
            errors.append(f"{where}: a figure needs its source (GcnTimings.md:LINE) or the word estimate")
        if not e.source:
            errors.append(f"{where}: no source")
        if unit == "DS" and (e.cyc is None or e.pipe is None):
            errors.append(f"{where}: a DS row needs cyc and pipe")
        if name in entries:
            errors.append(f"{where}: {name} listed twice (first at line {entries[name].line})")
        entries[name] = e
    if errors:
        raise FactsError("\n".join(errors))
    return entries


def reference_figures(reference_dir):
    """{MNEMONIC: (section, line, [figure cells])} from GcnTimings.md's tables."""
    path = os.path.join(reference_dir, "clrx", "GcnTimings.md")
    res, section = {}, None
    for no, text in enumerate(open(path).read().split("\n"), 1):
        m = re.match(r"^### (\w+) Instruction timings", text)
        if m:
            section = m.group(1)
            continue
        if "|" not in text or section not in ("SMRD", "VOP1", "VOP3", "DS", "MUBUF"):
            continue
        cells = [c.strip() for c in text.split("|")]
        width = 3 if section == "DS" else 2
        for k in range(0, len(cells) - width + 1, width):
            name = re.sub(r"\s*\(\?\?\?\)$", "", cells[k])
            if re.fullmatch(r"[A-Z][A-Z0-9_]+", name):
                res.setdefault(name, (section, no, cells[k + 1:k + width]))
    return res


VALU_FIGURE = {"4": "Full", "8": "Double", "16": "Quarter", "DPFACTOR*4": "Dp4", "DPFACTOR*8": "Dp8",
               "4 or 16 (1)": "FmaF32"}


def _expected(section, cells):
    """(rate, cyc, pipe, glc) a GcnTimings table entry stands for; None where it gives none ("?")."""
    fig = cells[0]
    if section in ("VOP1", "VOP3"):
        return (VALU_FIGURE[fig], None, None, None)
    if section == "SMRD":
        return (None, int(fig.split("-")[0]), None, None)  # "16-24": the lower bound
    if section == "DS":
        if fig == "?":
            return None
        pipe = int(cells[1].split("/")[1]) if cells[1].startswith("1/") else None
        return (None, int(fig), pipe, None)
    m = re.fullmatch(r"(\d+)\??(?:\+GLC(\d))?", fig)  # MUBUF: "16+GLC1", "18?", "?"
    if not m:
        return None
    return (None, int(m.group(1)), None, int(m.group(2) or 0))


class Facts:
    def __init__(self, reference_dir, path=FACTS_FILE):
        try:
            self.entries = parse(path)
        except FactsError as e:
            print(f"timing facts:\n{e}", file=sys.stderr)
            sys.exit(1)
        self.reference = reference_figures(reference_dir)
        self.errors = []

    # ---------------------------------------------------------------- lookups
    def _entry(self, name, unit):
        e = self.entries.get(name)
        if e is None:
            return None
        if e.unit != unit:
            self.errors.append(f"timing_facts.txt:{e.line}: {name} is a {unit} row, not {e.unit}")
            return None
        e.used = True
        return e

    def _check(self, name, unit, got):
        ref = self.reference.get(name.upper())
        if ref is None:
            return
        section, line, cells = ref
        want = _expected(section, cells)
        if want is None:
            return
        for col, w, g in zip(("rate", "cyc", "pipe", "glc"), want, got):
            if w is not None and w != g:
                self.errors.append(f"{name}: {col} {g}, but GcnTimings.md:{line} says {w} ({' | '.join(cells)})")

    @staticmethod
    def _init(rate=None, cyc=None, pipe=None, glc=None, role=None):
        parts = []
        if rate:
            parts.append(f".rate = ValuRate::{rate}")
        if cyc is not None:
            parts.append(f".cycles = {cyc}")
        if pipe is not None:
            parts.append(f".pipe = {pipe}")
        if glc:
            parts.append(f".glc = {glc}")
        if role:
            parts.append(f".role = TimingRole::{ROLES[role][0]}")
        return "{" + ", ".join(parts) + "}"

    # ---------------------------------------------------------------- per unit
    def valu(self, fmt, name, types):
        """types: OpType names (dst, src0, src1, src2)."""
        if fmt in ("VOP2", "VOP3P", "VINTRP"):
            rate = "Full"  # GcnTimings.md:124, :250
        elif fmt == "VOPC":
            rate = "Dp4" if OPTYPE_DWORDS[types[1]] == 2 else "Full"  # GcnTimings.md:188-189
        else:  # VOP1, VOP3
            rate = "Dp4" if "F64" in types else "Full"
        e = self._entry(name, "VALU")
        if e and e.rate:
            rate = e.rate
        self._check(name, "VALU", (rate, None, None, None))
        return self._init(rate=rate, role=e.role if e else None)

    def salu(self, name):
        e = self._entry(name, "SALU")
        cyc = e.cyc if e and e.cyc is not None else 4  # GcnTimings.md:87, :91, :96-97, :101
        return self._init(cyc=cyc, role=e.role if e else None)

    def smem(self, name, data_type):
        dw = OPTYPE_DWORDS[data_type]
        cyc = 16 if dw >= 16 else 8 if dw >= 8 else 4  # GcnTimings.md:114-120
        e = self._entry(name, "SMEM")
        if e and e.cyc is not None:
            cyc = e.cyc
        self._check(name, "SMEM", (None, cyc, None, None))
        return self._init(cyc=cyc, role=e.role if e else None)

    def internal(self, name):
        e = self._entry(name, "INTERNAL")
        return self._init(role=e.role if e else None)

    def ds(self, name):
        e = self._entry(name, "DS")
        if e is None:
            self.errors.append(f"{name}: DS row not in timing_facts.txt (DS rows have no default rule)")
            return "{}"
        self._check(name, "DS", (None, e.cyc, e.pipe, None))
        return self._init(cyc=e.cyc, pipe=e.pipe, role=e.role)

    def vmem(self, fmt, name, kind, data_type):
        """kind: "load", "store", "atomic" or None; data_type: OpType of the data per lane."""
        e = self._entry(name, "VMEM")
        twin = None
        if fmt in ("MTBUF", "FLAT", "GLOBAL", "SCRATCH"):
            twin = self.entries.get("buffer_" + name.split("_", 1)[1])
            if twin is not None and twin.unit == "VMEM":
                twin.used = True
        dw = OPTYPE_DWORDS[data_type]
        cyc, glc = None, 0
        if kind == "load":
            cyc = 8 if dw <= 1 else 18 if dw == 2 else 16  # GcnTimings.md:452-463
        elif kind == "store":
            cyc = 16  # GcnTimings.md:464-473
        elif kind == "atomic":
            cyc, glc = 16, (2 if dw >= 2 else 1)  # GcnTimings.md:418-451 "16+GLC1", "_X2 16+GLC2"
        role = None
        for src in (twin, e):  # the row's own entry wins over its MUBUF twin's
            if src is None:
                continue
            if src.cyc is not None:
                cyc = src.cyc
            if src.glc is not None:
                glc = src.glc
            role = src.role or role
        if cyc is None:
            self.errors.append(f"{name}: VMEM row that neither loads, stores nor is atomic has no figure")
            cyc = 0
        if fmt == "MUBUF":
            self._check(name, "VMEM", (None, cyc, None, glc))
        return self._init(cyc=cyc, glc=glc, role=role)

    # ---------------------------------------------------------------- end
    def finish(self, units):
        """Fails (exit 1) on any error so far or a file row of `units` that named no table row."""
        for e in self.entries.values():
            if e.unit in units and not e.used:
                self.errors.append(f"timing_facts.txt:{e.line}: {e.name} names no {e.unit} table row")
        if self.errors:
            print("timing facts:\n  " + "\n  ".join(self.errors), file=sys.stderr)
            sys.exit(1)


def reference_args(argv=None, description=""):
    """Parses --reference DIR and --seeds DIR (default: ../shared/{reference,seeds} beside the
    repository) and the other options of the generators; returns the argparse namespace."""
    import argparse
    shared = os.path.join(os.path.dirname(ROOT), "shared")
    p = argparse.ArgumentParser(description=description)
    p.add_argument("--reference", default=os.path.join(shared, "reference"),
                   help="reference directory (clrx/, llvm/AMDGPU/); default: %(default)s")
    p.add_argument("--seeds", default=os.path.join(shared, "seeds"), help="seeds directory; default: %(default)s")
    p.add_argument("--check", action="store_true", help="gen_scalar.py: only print the CLRX cross-check")
    return p.parse_args(argv)
