#!/usr/bin/env python3
"""Generates the vector ALU opcode tables isa/tables/{vop1,vop2,vopc,vop3,vop3p,vintrp}.cpp.

Usage: python3 isa/tables/gen_vector.py [--reference DIR]
(from the repository root; needs llvm-mc-15; DIR defaults to ../shared/reference
beside the repository)

Mnemonics and operand sizes come from LLVM's syntax lists (vector_ops.py). The
opcode of each operation in each generation is what llvm-mc-15 encodes for a
sample instruction (gfx600, gfx700, gfx803, gfx900), and for the ISA variants
(vector_ops.VARIANTS: gfx906, from its generation's list and its own) what
llvm-mc encodes for that processor: a fifth column, written only where it
differs from gfx900's (isa/opinfo.hpp OPC). The VOP3 (_e64) encoding
of every VOP1/VOP2/VOPC/VINTRP operation is assembled too and must equal the
per-generation base plus the 32-bit opcode (see kVop3Base in the output); the
decoder derives it, so those opcodes are written only once. Opcodes are
cross-checked against the CLRX manual's tables; disagreements (LLVM wins) are
listed in a comment at the top of each generated file. The timing column of each
row (isa::TimingFacts: the issue rate) comes from isa/tables/timing_facts.txt
and the rules of timing_facts.py; flags beyond an explicit VCC operand, the
codec layout, operand types LLVM's lists do not state and the semantic key of
operations LLVM names differently per generation come from the rules of
isa/tables/inst_facts.txt (inst_facts.py).
"""
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import inst_facts  # noqa: E402
import timing_facts  # noqa: E402
import vector_ops as vo  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CPU = {"gfx6": "gfx600", "gfx7": "gfx700", "gfx8": "gfx803", "gfx9": "gfx900", "gfx906": "gfx906"}
COLUMNS = vo.GENS + list(vo.VARIANTS)  # the opcode columns of isa::OpInfo (isa::opColumn)
GI = {g: i for i, g in enumerate(COLUMNS)}
FAMILY = {**{g: g for g in vo.GENS}, **vo.VARIANTS}  # column -> generation
CLRX_DIR = None  # set by main() from --reference

# VOP3 opcode = base + 32-bit opcode (checked against llvm-mc for every op).
VOP3_BASE = {
    "VOPC": {"gfx6": 0x000, "gfx7": 0x000, "gfx8": 0x000, "gfx9": 0x000},
    "VOP2": {"gfx6": 0x100, "gfx7": 0x100, "gfx8": 0x100, "gfx9": 0x100},
    "VOP1": {"gfx6": 0x180, "gfx7": 0x180, "gfx8": 0x140, "gfx9": 0x140},
    "VINTRP": {"gfx8": 0x270, "gfx9": 0x270},
}

# --------------------------------------------------------------------------- assembling

def run_mc(lines, cpu):
    """[(words or None)] for each line, assembled on its own."""
    out = [None] * len(lines)
    with tempfile.NamedTemporaryFile("w", suffix=".s", delete=False) as f:
        f.write("\n".join(lines) + "\n")
        path = f.name
    p = subprocess.run(["llvm-mc-15", "-arch=amdgcn", f"-mcpu={cpu}", "-show-encoding", path],
                       capture_output=True, text=True)
    os.unlink(path)
    bad = {int(m.group(1)) - 1 for m in re.finditer(r":(\d+):\d+: error:", p.stderr)}
    good = [i for i in range(len(lines)) if i not in bad]
    enc = re.findall(r"; encoding: \[(.*)\]", p.stdout)
    if len(enc) != len(good):  # an error we failed to attribute: retry one by one
        if len(lines) == 1:
            return out
        return [run_mc([l], cpu)[0] for l in lines]
    for i, e in zip(good, enc):
        data = bytes(int(b, 16) for b in e.split(","))
        out[i] = [int.from_bytes(data[k:k + 4], "little") for k in range(0, len(data), 4)]
    return out


def encoding_of(gen, w):
    """(format, opcode) of a vector instruction word of generation `gen`."""
    si = gen in ("gfx6", "gfx7")
    if w >> 31 == 0:
        if (w >> 25) == 0x3f:
            return "VOP1", (w >> 9) & 0xff
        if (w >> 25) == 0x3e:
            return "VOPC", (w >> 17) & 0xff
        return "VOP2", (w >> 25) & 0x3f
    if gen == "gfx9" and (w >> 23) == 0x1a7:
        return "VOP3P", (w >> 16) & 0x7f
    if (w >> 26) == 0x34:
        return "VOP3", ((w >> 17) & 0x1ff) if si else ((w >> 16) & 0x3ff)
    if (w >> 26) == (0x32 if si else 0x35):
        return "VINTRP", (w >> 16) & 0x3
    return None, None


def sample(op_name, entry, suffix=""):
    """A syntactically valid instruction for an LLVM syntax entry."""
    parts, vnext = [], 0
    for o in entry.operands:
        r = o.role
        if r == "vcc":
            parts.append("vcc")
        elif r.startswith("sdst") or r.startswith("ssrc"):
            parts.append("s[4:5]" if o.size == 2 else "s4")
        elif r == "simm32":
            parts.append("0x4900" if op_name.endswith("f16") else "0x41200000")
        elif r == "attr":
            parts.append("attr0.x")
        elif r == "param":
            parts.append("p10")
        else:
            parts.append(f"v{vnext}" if o.size == 1 else f"v[{vnext}:{vnext + o.size - 1}]")
            vnext += o.size
    return f"{op_name}{suffix} " + ", ".join(parts)


# --------------------------------------------------------------------------- types and flags

_TYPE_TOKEN = re.compile(r"^(f|i|u|b)(16|32|64)$")


def optype(kind, bits):
    k = {"f": "F", "i": "I", "u": "B", "b": "B"}[kind]
    if bits == 16 and k == "B":
        return "B16"
    return f"{k}{bits}"


def fit(t, size):
    """Adjusts a type to the operand's size in dwords."""
    kind, bits = t[0], int(t[1:])
    if size == 2 and bits != 64:
        bits = 64
    elif size == 1 and bits == 64:
        bits = 32
    return kind + str(bits)


def operand_types(name, entry, section):
    """OpType names (dst, src0, src1, src2) by LLVM's operand type rules: the type
    "implied by the opcode" (its suffix: the first type token for the destination,
    the second for the sources; packed pairs for VOP3P v_pk_*), unless the
    operand's type deviation tag states another (llvm/AMDGPU/gfx9_type_deviation.rst),
    fitted to the operand's size. Types LLVM does not state are rules of
    isa/tables/inst_facts.txt, applied by the caller (inst_facts.Facts.types)."""
    toks = [t for t in name.split("_") if _TYPE_TOKEN.match(t)]
    pk = "_pk_" in name and section == "VOP3P"
    dst_t = toks[0] if toks else "b32"
    src_t = toks[1] if len(toks) > 1 else dst_t
    dsts, srcs = [], []
    for k, o in enumerate(entry.operands):
        is_dst = o.role in ("vdst", "sdst") or (o.role == "vcc" and k < 2 and not srcs)
        (dsts if is_dst and len(dsts) < 2 and not srcs else srcs).append(o)

    def typed(o, default):
        if o.role in ("attr", "param"):
            return "None"
        if o.role == "vcc" or o.role.startswith("ssrc2"):
            return "B64"
        t = default
        if o.dev and _TYPE_TOKEN.match(o.dev):
            t = o.dev
        t = t[0] + str(t[1:])
        m = _TYPE_TOKEN.match(fit(t, o.size)) if o.size in (1, 2) else None
        if pk and not o.dev:
            return "V2F16" if t[0] == "f" else "V2I16"
        if m:
            return optype(m.group(1), int(m.group(2)))
        return {1: "B32", 2: "B64", 3: "B96", 4: "B128"}.get(o.size, "B32")  # u8x8, u16x4, ...

    dst = "B64" if section == "VOPC" else typed(dsts[0], dst_t) if dsts else "None"
    return [dst] + [typed(srcs[k], src_t) if k < len(srcs) else "None" for k in range(3)]


def structural_flags(section, entry):
    """Flags LLVM's syntax states: a VCC destination (VOPC e32, carry-out ops).
    The rest come from isa/tables/inst_facts.txt."""
    ops = [o.role for o in entry.operands]
    return ["kWritesVcc"] if section == "VOPC" or "vcc" in ops[:2] else []


# --------------------------------------------------------------------------- CLRX cross-check

def clrx_opcodes():
    """{(format, gen): {MNEMONIC: opcode}} from the CLRX manual's opcode tables."""
    res = {}
    files = {"VOP1": "GcnInstrsVop1.md", "VOP2": "GcnInstrsVop2.md", "VOP3": "GcnInstrsVop3.md",
             "VOP3P": "GcnInstrsVop3p.md", "VINTRP": "GcnInstrsVintrp.md"}
    for fmt, fn in files.items():
        cols = None
        for line in open(os.path.join(CLRX_DIR, fn)):
            cells = [c.strip() for c in line.split("|")]
            if "Mnemonic" in line and "Opcode" in line:
                cols = []
                for c in cells:
                    if "1.0/1.1" in c:
                        cols.append(["gfx6", "gfx7"])
                    elif "1.0" in c and "Mnemonic" in c:
                        cols.append(["gfx6"])
                    elif "1.1" in c and "Mnemonic" in c:
                        cols.append(["gfx7"])
                    elif "1.2" in c:
                        cols.append(["gfx8"])
                    elif "1.4" in c:
                        cols.append(["gfx9"])
                    elif c == "Mnemonic":
                        cols.append({"VOP1": ["gfx6", "gfx7"], "VOP3P": ["gfx9"]}.get(fmt, vo.GENS))
                    else:
                        cols.append(None)
                continue
            m = re.match(r"^\s*(\d+) \(0x", line)
            if not (cols and m):
                continue
            for c, gens in zip(cells, cols):
                if gens and re.match(r"^V_[A-Z0-9_]+$", c):
                    for g in gens:
                        res.setdefault((fmt, g), {})[c.lower()] = int(m.group(1))
    return res


# --------------------------------------------------------------------------- main

def main():
    global CLRX_DIR
    args = timing_facts.reference_args(description="Generates the vector ALU opcode tables.")
    CLRX_DIR = os.path.join(args.reference, "clrx")
    vo.RST_DIR = os.path.join(args.reference, "llvm", "AMDGPU")
    facts = timing_facts.Facts(args.reference)
    clrx = clrx_opcodes()
    ifacts = inst_facts.Facts()
    rows = {}      # (name, format, sem) -> row dict
    notes = {}     # format -> [comment lines]
    for col in COLUMNS:
        gen = FAMILY[col]
        ops = sorted(vo.ops_of(col).values(), key=lambda o: (o.section, o.name))
        base_lines = [sample(o.name, o.base) for o in ops]
        e64_ops = [o for o in ops if "e64" in o.variants]
        e64_lines = [sample(o.name, o.variants["e64"], "_e64") for o in e64_ops]
        enc = run_mc(base_lines, CPU[col])
        enc64 = dict(zip([o.name for o in e64_ops], run_mc(e64_lines, CPU[col])))
        for op, words in zip(ops, enc):
            if words is None:
                continue
            fmt, opc = encoding_of(gen, words[0])
            if fmt is None:
                print(f"{col} {op.name}: unknown encoding {words[0]:08x}", file=sys.stderr)
                continue
            if fmt != op.section and not (op.section == "VOP3" and fmt == "VOP3"):
                print(f"{col} {op.name}: listed in {op.section}, encoded as {fmt}", file=sys.stderr)
            forms = 0
            if "e64" in op.variants and enc64.get(op.name):
                f64, opc64 = encoding_of(gen, enc64[op.name][0])
                base = VOP3_BASE.get(fmt, {}).get(gen)
                if f64 != "VOP3" or base is None or opc64 != base + opc:
                    print(f"{col} {op.name}: e64 opcode {opc64:#x} is not base+{opc:#x}", file=sys.stderr)
                    sys.exit(1)
                forms |= 1
            forms |= 2 if "sdwa" in op.variants else 0
            forms |= 4 if "dpp" in op.variants else 0
            sem = ifacts.sem(fmt, op.name, gen)
            key = (op.name, fmt, sem)
            row = rows.setdefault(key, {"name": op.name, "fmt": fmt, "sem": sem, "opc": [None] * len(COLUMNS),
                                        "forms": [0] * len(COLUMNS),
                                        "types": ifacts.types(fmt, op.name, operand_types(op.name, op.base, fmt)),
                                        "structural": structural_flags(fmt, op.base)})
            row["opc"][GI[col]] = opc
            row["forms"][GI[col]] = forms
            cl = clrx.get((fmt, col), {})  # CLRX has no gfx906 tables
            if op.name in cl and cl[op.name] != opc:
                notes.setdefault(fmt, []).append(
                    f"{gen} {op.name}: CLRX says {cl[op.name]:#x}, LLVM encodes {opc:#x}")
            elif cl and op.name not in cl:
                other = [n for n, c in cl.items() if c == opc]
                if other:
                    notes.setdefault(fmt, []).append(
                        f"{gen} {op.name} ({opc:#x}): CLRX names it {other[0]}")
    for r in rows.values():
        r["flags"], _, r["layout"] = ifacts.of(r["fmt"], r["name"], r["structural"])
        r["timing"] = facts.valu(r["fmt"], r["name"], r["types"])
    facts.finish({"VALU"})
    ifacts.finish(["VOP1", "VOP2", "VOPC", "VOP3", "VOP3P", "VINTRP"])
    for fmt in ["VOP1", "VOP2", "VOPC", "VOP3", "VOP3P", "VINTRP"]:
        emit(fmt, sorted((r for r in rows.values() if r["fmt"] == fmt), key=lambda r: (r["name"], [-1 if o is None else o for o in r["opc"]])),
             notes.get(fmt, []))


def columns(values):
    """The columns a row writes: the generations', then each variant's where it differs
    from its generation's (OPC(a, b, c, d) repeats gfx9 for gfx906)."""
    out = values[:len(vo.GENS)]
    extra = values[len(vo.GENS):]
    if any(v != values[GI[vo.VARIANTS[c]]] for c, v in zip(vo.VARIANTS, extra)):
        out = values
    return out


def emit(fmt, rows, notes):
    fn = fmt.lower()
    path = os.path.join(ROOT, "isa", "tables", f"{fn}.cpp")
    with open(path, "w") as f:
        f.write(f"// Opcode table: {fmt}. GENERATED by `python3 isa/tables/gen_vector.py`; do not edit.\n")
        f.write("// Opcodes: what llvm-mc-15 encodes for gfx600/gfx700/gfx803/gfx900; a fifth\n")
        f.write("// column where gfx906 differs from gfx900 (isa/opinfo.hpp OPC).\n")
        f.write("// Timing: isa/tables/timing_facts.txt and the rules of timing_facts.py;\n")
        f.write("// flags and layout: isa/tables/inst_facts.txt.\n")
        if fmt in ("VOP1", "VOP2", "VOPC"):
            f.write("// The VOP3 (_e64) opcode of each row is derived: see isa/tables/vector_forms.hpp.\n")
        if notes:
            f.write("//\n// CLRX manual disagreements (LLVM's encoding is used):\n")
            for n in notes:
                f.write(f"//   {n}\n")
        f.write('#include "isa/tables/tables.hpp"\n#include "isa/tables/vector_forms.hpp"\n\n')
        f.write("namespace gcnsim::isa::tables {\nnamespace {\n\n")
        f.write("// clang-format off\n")
        f.write("constexpr OpInfo kRows[] = {\n")
        for r in rows:
            opc = ", ".join("NA" if o is None else f"0x{o:02x}" for o in columns(r["opc"]))
            types = ", ".join(f"OpType::{t}" for t in r["types"])
            sem = f'"{r["sem"]}"' if r["sem"] else "nullptr"
            f.write(f'    {{"{r["name"]}", Format::{fmt}, OPC({opc}), {types}, Unit::VALU, {r["flags"]}, {sem}, {r["timing"]}{inst_facts.layout_init(r["layout"])}}},\n')
        f.write("};\n\n")
        f.write("// Per row and opcode column: which LLVM variants exist (kFormE64 | kFormSdwa | kFormDpp).\n")
        f.write("constexpr FormColumns kForms[] = {\n")
        for r in rows:
            f.write("    {" + ", ".join(str(x) for x in columns(r["forms"])) + f"}},  // {r['name']}\n")
        f.write("};\n")
        f.write("// clang-format on\n")
        f.write("static_assert(std::size(kRows) == std::size(kForms));\n\n")
        f.write("}  // namespace\n\n")
        f.write(f"std::span<const OpInfo> {fn}() {{ return kRows; }}\n")
        f.write(f"std::span<const FormColumns> {fn}Forms() {{ return kForms; }}\n")
        f.write("}  // namespace gcnsim::isa::tables\n")
    print(f"{path}: {len(rows)} rows")


if __name__ == "__main__":
    main()
