#!/usr/bin/env python3
"""Generates the memory-format opcode tables isa/tables/{ds,mubuf,mtbuf,mimg,exp,
flat,global,scratch}.cpp.

Usage: python3 isa/tables/gen_memory.py [--reference DIR] [--seeds DIR]
(from the repository root; needs llvm-mc-15; the directories default to
../shared/reference and ../shared/seeds beside the repository)

Mnemonics and operand widths come from LLVM's syntax lists (memory_syntax.py).
Each opcode is what llvm-mc-15 encodes for a sample of the mnemonic with
-mcpu=gfx600/gfx700/gfx803/gfx900, read back from the encoding's opcode field.
The DS opcodes are cross-checked against seed 004 (004_b50c7630dc28dbb3.txt)
and every format against CLRX's tables (GcnInstrs*.md); disagreements are
written as comments next to the row (LLVM wins: CLRX has typos). The timing
column of each row (isa::TimingFacts: issue and LDS pipe cycles, GLC cycles,
role) comes from isa/tables/timing_facts.txt and the rules of timing_facts.py;
flags, unit and codec layout from the rules of isa/tables/inst_facts.txt.
"""
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(ROOT, "tests", "tools"))
import inst_facts  # noqa: E402
import llvmcorpus  # noqa: E402
import memory_syntax  # noqa: E402
import timing_facts  # noqa: E402
from memory_syntax import GENS, format_of, mnemonics_to_try, syntax_lists  # noqa: E402

# Set by main() from --seeds and --reference.
SEEDS = None
CLRX = None


def vreg(first, n):
    return f"v{first}" if n == 1 else f"v[{first}:{first + n - 1}]"


def candidates(ifacts, section, gen, syn):
    """Sample texts of one mnemonic; the first that assembles gives the opcode."""
    name, n = syn.name, syn.names
    fmt = format_of(section, name)
    flags, _, layout = ifacts.of(fmt, name)
    if section == "DS":
        ops = []
        if syn.has("vdst"):
            ops.append(vreg(10, syn.size("vdst", 1)))
        if syn.has("vaddr"):
            ops.append("v1")
        for slot, first in (("vdata", 2), ("vdata0", 2), ("vdata1", 6)):
            if syn.has(slot):
                ops.append(vreg(first, syn.size(slot, 1)))
        return [f"{name} {', '.join(ops)}".strip()]
    if section in ("MUBUF", "MTBUF"):
        if not n:
            return [name]
        if layout == "StoreLds":
            return [f"{name} s[4:7], s1"]
        widths = [syn.size("vdst") or syn.size("vdata") or 1]
        if D16_COMPONENTS.get(layout, 0) > 1:
            widths.append(D16_COMPONENTS[layout])  # GCN 1.2 keeps D16 components unpacked
        return [f"{name} {vreg(10, n)}, off, s[4:7], s1" for n in widths]
    if section == "MIMG":
        samp = ", s[16:19]" if syn.has("ssamp") else ""
        # The smallest VADDR LLVM accepts comes first: it is the width LLVM's
        # disassembler prints (the real count depends on the resource's dimension).
        res = []
        for addr in (1, 2, 3, 4, 5, 6, 7, 8, 16):
            for cnt, mask in ((1, 1), (2, 3), (4, 15), (4, 1)):
                res.append(f"{name} {vreg(10, cnt)}, {vreg(20, addr)}, s[8:15]{samp} dmask:{mask:#x}")
        return res
    if section == "EXP":
        return ["exp mrt0 v0, v1, v2, v3"]
    # FLAT / GLOBAL / SCRATCH
    data = syn.size("vdst") or syn.size("vdata") or 1
    vaddr = "v2" if fmt == "SCRATCH" else "v[2:3]"
    saddr = "" if fmt == "FLAT" else ", off"
    if "kLoad" in flags:
        return [f"{name} {vreg(10, data)}, {vaddr}{saddr}"]
    return [f"{name} {vaddr}, {vreg(10, syn.size('vdata', 1))}{saddr}"]


def opcode_of(section, gen, words):
    w0 = words[0]
    pre8 = gen in ("gfx6", "gfx7")
    if section == "DS":
        return (w0 >> 18) & 0xFF if pre8 else (w0 >> 17) & 0xFF
    if section == "MTBUF":
        return (w0 >> 16) & 0x7 if pre8 else (w0 >> 15) & 0xF
    if section == "EXP":
        return 0
    return (w0 >> 18) & 0x7F  # MUBUF, MIMG, FLAT


SAMPLES = {}  # (section, name) -> {gen: the sample text that gave the opcode}


def mimg_vaddr_dwords(section, name):
    """VADDR width of the accepted MIMG sample per generation."""
    res = {}
    for gen, text in SAMPLES.get((section, name), {}).items():
        m = re.match(r"\S+ [^,]+, v(?:\[(\d+):(\d+)\]|(\d+))", text)
        res[gen] = int(m.group(2)) - int(m.group(1)) + 1 if m.group(1) else 1
    return res


def discover(ifacts):
    """{(section, name): {gen: opcode}} and {(section, name): {gen: Syntax}}."""
    lists = syntax_lists()
    opcodes, syntaxes = {}, {}
    for section, by_gen in lists.items():
        for gen in GENS:
            names = mnemonics_to_try(section, gen)
            texts, owners = [], []
            for syn in names.values():
                for t in candidates(ifacts, section, gen, syn):
                    texts.append(t)
                    owners.append(syn)
            results = llvmcorpus.assemble(texts, llvmcorpus.GEN_CPUS[gen])
            for syn, (_, printed, words) in zip(owners, results):
                if printed is None:
                    continue
                key = (section, syn.name)
                opc = opcodes.setdefault(key, {})
                if gen not in opc:
                    opc[gen] = opcode_of(section, gen, words)
                    syntaxes.setdefault(key, {})[gen] = syn
                    SAMPLES.setdefault(key, {})[gen] = printed
    return opcodes, syntaxes


# --- cross-checks against seed 004 and CLRX ------------------------------------------


def clrx_tables(md_name):
    """{gen: {opcode: mnemonic}} from CLRX's "List of ... by opcode" tables."""
    path = os.path.join(CLRX, md_name)
    text = open(path).read()
    res = {g: {} for g in GENS}
    # Tables headed "Opcode |GCN 1.0|GCN 1.1| Mnemonic" or "... (GCN 1.2)" / "(GCN 1.4)"
    blocks = re.split(r"\n(?=List of )", text)
    for block in blocks:
        head = block.split("\n", 1)[0]
        if "GCN 1.2/1.4" in head or ("GCN 1.2" in head and "1.4" in head):
            cols = None
            gens12 = True
        elif "GCN 1.2" in head:
            cols, gens12 = None, True
        elif "GCN 1.0" in head or "opcode" in head:
            cols, gens12 = None, False
        else:
            continue
        for line in block.split("\n"):
            m = re.match(r"^\s*(\d+) \(0x[0-9a-f]+\)\s*\|(.*)$", line)
            if not m:
                continue
            opc = int(m.group(1))
            parts = [p.strip() for p in m.group(2).split("|")]
            mn = parts[-1].lower()
            if not re.match(r"^[a-z_0-9]+$", mn):
                continue
            if gens12:
                if len(parts) >= 3:  # GCN 1.2 | GCN 1.4 | mnemonic
                    if parts[0]:
                        res["gfx8"][opc] = mn
                    if parts[1]:
                        res["gfx9"][opc] = mn
                else:
                    res["gfx8"][opc] = mn
                    res["gfx9"][opc] = mn
            else:
                if len(parts) >= 3:
                    if parts[0]:
                        res["gfx6"][opc] = mn
                    if parts[1]:
                        res["gfx7"][opc] = mn
    _ = cols
    return res


def seed004_ds():
    """{gen: {opcode: mnemonic}} from the seed's DS table (GCN 1.0/1.1 and 1.2 names)."""
    res = {g: {} for g in GENS}
    for line in open(os.path.join(SEEDS, "004_b50c7630dc28dbb3.txt")):
        m = re.match(r"^\s*(\d+) \(0x[0-9a-f]+\)\s*\|([^|]*)\|([^|]*)\|([^|]*)(?:\|([^|]*))?", line)
        if not m:
            continue
        opc = int(m.group(1))
        n10, n12 = (m.group(4) or "").strip().lower(), (m.group(5) or "").strip().lower()
        if m.group(2).strip() and n10:
            res["gfx6"][opc] = n10
        if m.group(3).strip() and n10:
            res["gfx7"][opc] = n10
        if n12:
            res["gfx8"][opc] = n12
    return res


# --- rows --------------------------------------------------------------------------

OPTYPE = {1: "B32", 2: "B64", 3: "B96", 4: "B128"}
DEFAULT_UNIT = {"DS": "DS", "EXP": "EXPORT"}  # every other memory format: VMEM
D16_COMPONENTS = {"D16X": 1, "D16XY": 2, "D16XYZ": 3, "D16XYZW": 4}


def row_for(ifacts, section, name, syns):
    """(dst, src0, src1, src2, unit, flags text, layout, sem) of one row: operand widths
    from LLVM's syntax; flags, unit, layout, the D16 data types and the semantic key
    from isa/tables/inst_facts.txt."""
    syn = syns.get("gfx9") or syns.get("gfx8") or syns.get("gfx7") or syns.get("gfx6")
    fmt = format_of(section, name)
    src0 = src1 = src2 = "None"
    dst = "None"
    sem = None
    if section == "DS":
        if syn.has("vdst"):
            dst = OPTYPE[syn.size("vdst", 1)]
        if syn.has("vaddr"):
            src0 = "B32"
        d0 = syn.size("vdata") or syn.size("vdata0")
        if d0:
            src1 = OPTYPE[d0]
        if syn.size("vdata1"):
            src2 = OPTYPE[syn.size("vdata1")]
        flags, unit, layout = ifacts.of(fmt, name, ["kNoDst"] if dst == "None" else [], "DS")
        return dst, src0, src1, src2, unit, flags, layout, sem
    flags, unit, layout = ifacts.of(fmt, name, [], DEFAULT_UNIT.get(fmt, "VMEM"))
    if section == "EXP":
        return "None", "B32", "B32", "B32", unit, flags, layout, None
    width = syn.size("vdst") or syn.size("vdata")
    if section == "MIMG":
        if "kAtomic" in flags:
            dst = "B64" if layout == "CmpSwap" else "B32"
        else:
            dst = "B128"  # the real width follows DMASK (and D16/TFE)
        widths = set(mimg_vaddr_dwords(section, name).values())
        assert len(widths) == 1, (name, widths)
        # src0 = the smallest VADDR width LLVM accepts (and its disassembler prints).
        # src1 = SSAMP (B128) for the ops that take a sampler.
        samp = "B128" if syn.has("ssamp") else "None"
        return dst, OPTYPE.get(widths.pop(), "B512"), samp, "None", unit, flags, layout, sem
    if "kAtomic" in flags:
        width = syn.size("vdata")  # the data operand; cmpswap returns half of it
    if width:
        dst = OPTYPE[width]
    if section == "FLAT":
        src0 = "B32" if fmt == "SCRATCH" else "B64"
    if layout == "StoreLds":
        dst = "B32"  # one dword per lane, from LDS
    # D16 data: GCN 1.2 uses one dword per component (the codec's business).
    dst = ifacts.types(fmt, name, [dst, src0, src1, src2])[0]
    return dst, src0, src1, src2, unit, flags, layout, ifacts.sem(fmt, name)


TABLE_FILE = {"DS": "ds", "MUBUF": "mubuf", "MTBUF": "mtbuf", "MIMG": "mimg", "EXP": "exp", "FLAT": "flat",
              "GLOBAL": "global", "SCRATCH": "scratch"}


def timing_of(facts, fmt, name, unit, dst, flags):
    """C++ initializer of the row's isa::TimingFacts (timing_facts.py)."""
    if unit == "DS":
        return facts.ds(name)
    if unit == "VMEM":
        kind = ("atomic" if "kAtomic" in flags else "load" if "kLoad" in flags else
                "store" if "kStore" in flags else None)
        return facts.vmem(fmt, name, kind, dst)
    return "{}"  # EXPORT: IssueConfig salu_cycles


def main():
    global SEEDS, CLRX
    args = timing_facts.reference_args(description="Generates the memory-format opcode tables.")
    SEEDS = args.seeds
    CLRX = os.path.join(args.reference, "clrx")
    memory_syntax.LLVM_DOC = os.path.join(args.reference, "llvm", "AMDGPU")
    facts = timing_facts.Facts(args.reference)
    ifacts = inst_facts.Facts()
    opcodes, syntaxes = discover(ifacts)
    checks = {
        "DS": (clrx_tables("GcnInstrsDs.md"), seed004_ds()),
        "MUBUF": (clrx_tables("GcnInstrsMubuf.md"), None),
        "MTBUF": (clrx_tables("GcnInstrsMtbuf.md"), None),
        "MIMG": (clrx_tables("GcnInstrsMimg.md"), None),
        "FLAT": (clrx_tables("GcnInstrsFlat.md"), None),
    }
    by_format = {f: [] for f in TABLE_FILE}
    for (section, name), opc in sorted(opcodes.items(), key=lambda kv: kv[0][1]):
        fmt = format_of(section, name)
        dst, s0, s1, s2, unit, flags, layout, sem = row_for(ifacts, section, name, syntaxes[(section, name)])
        cols = ", ".join(str(opc[g]) if g in opc else "NA" for g in GENS)
        notes = []
        clrx, seed = checks.get(section, (None, None))
        for g in GENS:
            if g not in opc or fmt in ("GLOBAL", "SCRATCH"):
                continue
            for label, table in (("CLRX", clrx), ("seed 004", seed)):
                if not table or not table[g]:
                    continue
                other = table[g].get(opc[g])
                if other != name:
                    notes.append(f"{g}: {label} has {other or 'nothing'} at {opc[g]}")
        sem_text = f'"{sem}"' if sem else "nullptr"
        timing = timing_of(facts, fmt, name, unit, dst, flags)
        line = (f'    {{"{name}", Format::{fmt}, OPC({cols}), OpType::{dst}, OpType::{s0}, OpType::{s1}, '
                f"OpType::{s2}, Unit::{unit}, {flags}, {sem_text}, {timing}{inst_facts.layout_init(layout)}}},")
        if notes:
            line = "    // LLVM differs: " + "; ".join(notes) + "\n" + line
        by_format[fmt].append(line)
    facts.finish({"DS", "VMEM"})
    ifacts.finish(list(TABLE_FILE))
    for fmt, rows in by_format.items():
        fn = TABLE_FILE[fmt]
        path = os.path.join(HERE, f"{fn}.cpp")
        with open(path, "w") as f:
            f.write(f"// Opcode table: {fmt} ({len(rows)} rows).\n")
            f.write("// Generated by `python3 isa/tables/gen_memory.py` (llvm-mc-15 encodings of the\n")
            f.write("// LLVM syntax lists AMDGPUAsmGFX{7,8,9}.rst); do not edit by hand.\n")
            f.write("// Columns: OPC(GCN 1.0, 1.1, 1.2, 1.4). Operand slots per isa/opinfo.hpp.\n")
            f.write("// Timing: isa/tables/timing_facts.txt and the rules of timing_facts.py;\n")
            f.write("// flags, unit and layout: isa/tables/inst_facts.txt.\n")
            f.write("// clang-format off\n")
            f.write('#include "isa/tables/tables.hpp"\n\nnamespace gcnsim::isa::tables {\n\nnamespace {\n')
            f.write(f"constexpr OpInfo kRows[] = {{\n" + "\n".join(rows) + "\n};\n}  // namespace\n\n")
            f.write(f"std::span<const OpInfo> {fn}() {{ return kRows; }}\n\n}}  // namespace gcnsim::isa::tables\n")
        print(f"{path}: {len(rows)} rows")


if __name__ == "__main__":
    main()
