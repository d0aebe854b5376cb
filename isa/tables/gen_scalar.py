#!/usr/bin/env python3
"""Generates the scalar opcode tables isa/tables/{sop2,sopk,sop1,sopc,sopp,smrd,smem}.cpp.

Usage (from the repository root):
    python3 isa/tables/gen_scalar.py            # writes the seven .cpp files
    python3 isa/tables/gen_scalar.py --check    # only prints the CLRX cross-check
    --reference DIR   reference files (default: ../shared/reference beside the repository)

Sources:
  * mnemonics and operand sizes: LLVM's per-generation syntax lists
    <reference>/llvm/AMDGPU/AMDGPUAsmGFX{7,8,9}.rst and the operand
    pages gfx*_<role>_<hash>.rst they link to ("*Size:* N dwords"). The GFX7
    list is also tried for gfx6 (-mcpu=gfx600): what llvm-mc accepts exists.
  * opcode numbers: each mnemonic is assembled with llvm-mc-15 for gfx600,
    gfx700, gfx803 and gfx900 and the OPCODE field is read back from the
    encoding. LLVM wins over CLRX where they disagree.
  * cross-check and hardware-only opcodes: CLRX's opcode tables
    (<reference>/clrx/GcnInstrs{Sop2,Sopk,Sop1,Sopc,Sopp,Smrd,Smem}.md).
    Opcodes CLRX lists that LLVM 15 cannot assemble become rows too (see
    CLRX_ONLY below); tests/isa/corpus/scalar.skip lists them.
    Known CLRX/seed disagreements (LLVM wins):
      - SMEM opcodes 24-26 are s_buffer_store_dword{,x2,x4}; CLRX GcnInstrsSmem.md and
        seed 000_f05d49f6c840f2a3.txt list them as S_BUFFER_LOAD_DWORD* (a typo).
      - SOPP s_setkill (11) and s_cbranch_cdbg* (23-26) assemble for gfx600 although
        CLRX GcnInstrsSopp.md marks them GCN 1.1+.
      - CLRX's pseudo-code of S_MOVK_I32 reads "SCC = SIMM16"; its description (and
        LLVM) say SCC is not changed, so s_movk_i32 has no SCC flag.
  * flags, codec layout, unit and the signed 64-bit sources: the rules of
    isa/tables/inst_facts.txt (SCC/EXEC/M0/VCC reads and writes from the seeds
    and CLRX's pseudo-code, each rule with its source), through inst_facts.py.
  * timing facts (the TimingFacts column): isa/tables/timing_facts.txt and its default
    rules, through timing_facts.py.
"""
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import inst_facts  # noqa: E402
import timing_facts  # noqa: E402

# Set by main() from --reference.
LLVM_DIR = None
CLRX_DIR = None
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LLVM_MC = os.environ.get("LLVM_MC", "llvm-mc-15")

GENS = ["gfx6", "gfx7", "gfx8", "gfx9"]
CPUS = {"gfx6": "gfx600", "gfx7": "gfx700", "gfx8": "gfx803", "gfx9": "gfx900"}
RST = {"gfx6": "GFX7", "gfx7": "GFX7", "gfx8": "GFX8", "gfx9": "GFX9"}
FORMATS = ["SOP2", "SOPK", "SOP1", "SOPC", "SOPP", "SMRD", "SMEM"]
CLRX_FILE = {"SOP2": "Sop2", "SOPK": "Sopk", "SOP1": "Sop1", "SOPC": "Sopc", "SOPP": "Sopp",
             "SMRD": "Smrd", "SMEM": "Smem"}


# ---------------------------------------------------------------- LLVM lists
def operand_size(gen_prefix, ref):
    path = f"{LLVM_DIR}/{ref}.rst"
    if not os.path.exists(path):
        return None
    m = re.search(r"\*Size:\* (\d+) dword", open(path).read())
    return int(m.group(1)) if m else None


def parse_rst(rst_name, section):
    """[(mnemonic, [(role, size or None, type_deviation or None)])] of one encoding section."""
    text = open(f"{LLVM_DIR}/AMDGPUAsm{rst_name}.rst").read()
    m = re.search(rf"^{section}\n-+\n(.*?)(?=^[A-Z0-9_]+\n-+\n|\Z)", text, re.S | re.M)
    rows = []
    if not m:
        return rows
    for line in m.group(1).splitlines():
        line = line.strip()
        if not line.startswith("s_"):
            continue
        name = line.split()[0]
        ops = []
        rest = line[len(name):]
        for om in re.finditer(r":ref:`(\w+)<amdgpu_synid_(\w+)>`((?:::?ref:`\w+<amdgpu_synid_\w+>`)*)", rest):
            role, ref, tail = om.group(1), om.group(2), om.group(3)
            if role in ("glc", "offset20u", "offset21s", "nv"):
                continue  # modifiers
            dev = re.findall(r":ref:`(\w+)<amdgpu_synid_\w+_type_deviation>`", tail)
            ops.append((role, operand_size(rst_name.lower(), ref), dev[0] if dev else None))
        rows.append((name, ops))
    return rows


# ---------------------------------------------------------------- llvm-mc
def run_mc(lines, cpu):
    with tempfile.NamedTemporaryFile("w", suffix=".s", delete=False) as f:
        f.write("\n".join(lines) + "\n")
        path = f.name
    try:
        p = subprocess.run([LLVM_MC, "-arch=amdgcn", f"-mcpu={cpu}", "-show-encoding", path],
                           capture_output=True, text=True)
    finally:
        os.unlink(path)
    bad = {int(x) - 1 for x in re.findall(r":(\d+):\d+: error:", p.stderr)}
    good = [i for i in range(len(lines)) if i not in bad]
    encs = re.findall(r"; encoding: \[(.*)\]", p.stdout)
    if len(encs) != len(good):
        raise RuntimeError("llvm-mc output mismatch")
    out = [None] * len(lines)
    for i, e in zip(good, encs):
        data = bytes(int(b, 16) for b in e.split(","))
        out[i] = [int.from_bytes(data[k:k + 4], "little") for k in range(0, len(data), 4)]
    return out


def regs(first, n):
    return f"s{first}" if n == 1 else f"s[{first}:{first + n - 1}]"


def sample(name, ops):
    """An assembly line for `name` built from its operand list."""
    parts = []
    for role, size, _ in ops:
        n = size or 1
        if role in ("sdst", "sdata"):
            parts.append(regs(0, n))
        elif role in ("ssrc", "ssrc0"):
            parts.append(regs(4, n))
        elif role == "ssrc1":
            parts.append(regs(8, n))
        elif role == "sbase":
            parts.append(regs(4, n))
        elif role == "soffset":
            parts.append("0x4")
        elif role == "probe":
            parts.append("0")
        elif role == "hwreg":
            parts.append("hwreg(HW_REG_MODE)")
        elif role == "msg":
            parts.append("sendmsg(MSG_INTERRUPT)")
        elif role in ("imm16", "label", "waitcnt", "simm32", "imask"):
            parts.append("1")
        else:
            raise RuntimeError(f"unknown role {role} of {name}")
    return name + (" " + ", ".join(parts) if parts else "")


def format_of(gen, w):
    if (w >> 30) == 2:
        top9 = (w >> 23) & 0x1ff
        if top9 == 0x17d: return "SOP1"
        if top9 == 0x17e: return "SOPC"
        if top9 == 0x17f: return "SOPP"
        if (w >> 28) == 0xb: return "SOPK"
        return "SOP2"
    if gen in ("gfx6", "gfx7") and (w >> 27) == 0x18: return "SMRD"
    if gen in ("gfx8", "gfx9") and (w >> 26) == 0x30: return "SMEM"
    return None


def opcode_of(fmt, w):
    return {"SOP2": (w >> 23) & 0x7f, "SOPK": (w >> 23) & 0x1f, "SOP1": (w >> 8) & 0xff,
            "SOPC": (w >> 16) & 0x7f, "SOPP": (w >> 16) & 0x7f, "SMRD": (w >> 22) & 0x1f,
            "SMEM": (w >> 18) & 0xff}[fmt]


# ---------------------------------------------------------------- CLRX tables
def parse_clrx(fmt):
    """{gen: {opcode: mnemonic}} from CLRX's "List of the instructions by opcode" table."""
    text = open(f"{CLRX_DIR}/GcnInstrs{CLRX_FILE[fmt]}.md").read()
    block = text.split("List of the instructions by opcode:")[1].split("###")[0]
    lines = [l for l in block.splitlines() if "|" in l]
    header = [h.strip() for h in lines[0].split("|")]
    res = {g: {} for g in GENS}

    def gens_of(h):
        gs = []
        for tag, g in (("1.0", "gfx6"), ("1.1", "gfx7"), ("1.2", "gfx8"), ("1.4", "gfx9")):
            if tag in h:
                gs.append(g)
        if "GCN1.0" in h and fmt == "SMRD":
            gs = ["gfx6"]
        return gs

    for l in lines[2:]:
        cells = [c.strip() for c in l.split("|")]
        opc = int(cells[0].split()[0])
        if "Mnemonic" in header[-1] and "✓" in "".join(lines[2:]):
            name = cells[-1]
            for i, h in enumerate(header[1:-1], 1):
                if cells[i] == "✓":
                    for g in gens_of(h):
                        res[g][opc] = name.split(",")[0].strip().lower()
        else:
            for i, h in enumerate(header[1:], 1):
                if i < len(cells) and cells[i] and cells[i] != "--":
                    for g in gens_of(h):
                        res[g][opc] = cells[i].split(",")[0].strip().lower()
    return res


# Opcodes in CLRX's tables that LLVM 15 cannot assemble: hardware-only rows,
# with operands from CLRX's syntax lines. (format, name) -> operand roles.
CLRX_ONLY = {
    ("SOP1", "s_mov_regrd_b32"): [("sdst", 1, None), ("ssrc", 1, None)],
    ("SOP1", "s_mov_fed_b32"): [("sdst", 1, None), ("ssrc", 1, None)],
    ("SOPK", "s_getreg_regrd_b32"): [("sdst", 1, None), ("hwreg", None, None)],
}

# Unit of a row before inst_facts.txt refines it (by format).
DEFAULT_UNIT = {"SOP2": "SALU", "SOPK": "SALU", "SOP1": "SALU", "SOPC": "SALU", "SOPP": "INTERNAL",
                "SMRD": "SMEM", "SMEM": "SMEM"}


def optype(size):
    return {None: "None", 1: "B32", 2: "B64", 3: "B96", 4: "B128", 8: "B256", 16: "B512"}[size]


def operand_types(ops):
    """(dst, src0, src1) OpInfo types from the LLVM operand list (the widths; the
    signed 64-bit sources are rules of isa/tables/inst_facts.txt)."""
    dst = src0 = src1 = "None"
    srcs = []
    for role, size, dev in ops:
        if role in ("sdst", "sdata"):
            dst = optype(size)
        elif role in ("ssrc", "ssrc0", "ssrc1", "sbase"):
            srcs.append(optype(size))
    if srcs:
        src0 = srcs[0]
    if len(srcs) > 1:
        src1 = srcs[1]
    return dst, src0, src1


def timing_of(facts, fmt, name, unit, dst):
    """C++ initializer of the row's isa::TimingFacts (timing_facts.py)."""
    if unit == "SALU":
        return facts.salu(name)
    if unit == "SMEM":
        return facts.smem(name, dst)
    if unit == "INTERNAL":
        return facts.internal(name)
    return "{}"  # BRANCH, MSG: IssueConfig branch_cycles / salu_cycles


def main():
    global LLVM_DIR, CLRX_DIR
    args = timing_facts.reference_args(description="Generates the scalar opcode tables.")
    LLVM_DIR = os.path.join(args.reference, "llvm", "AMDGPU")
    CLRX_DIR = os.path.join(args.reference, "clrx")
    check_only = args.check
    rows = {f: {} for f in FORMATS}  # name -> {"ops":..., "opc": {gen: n}}
    for fmt in FORMATS:
        section = fmt
        for gen in GENS:
            if fmt == "SMRD" and gen not in ("gfx6", "gfx7"):
                continue
            if fmt == "SMEM" and gen not in ("gfx8", "gfx9"):
                continue
            entries = parse_rst(RST[gen], section)
            lines = [sample(n, ops) for n, ops in entries]
            encs = run_mc(lines, CPUS[gen])
            for (n, ops), w in zip(entries, encs):
                if w is None:
                    continue
                got = format_of(gen, w[0])
                if got != fmt:
                    print(f"warning: {gen} {n} assembled as {got}, not {fmt}", file=sys.stderr)
                    continue
                row = rows[fmt].setdefault(n, {"ops": ops, "opc": {}})
                row["opc"][gen] = opcode_of(fmt, w[0])
                if gen == "gfx9" or "ops9" not in row:
                    row["ops"] = ops

    # Cross-check against CLRX; add hardware-only rows.
    skips = []
    for fmt in FORMATS:
        clrx = parse_clrx(fmt)
        for gen in GENS:
            for opc, cname in sorted(clrx[gen].items()):
                ours = [n for n, r in rows[fmt].items() if r["opc"].get(gen) == opc]
                if ours and cname in ours:
                    continue
                if ours:
                    print(f"CLRX disagrees: {fmt} {gen} opcode {opc}: CLRX {cname}, LLVM {ours}")
                    continue
                if (fmt, cname) in CLRX_ONLY:
                    row = rows[fmt].setdefault(cname, {"ops": CLRX_ONLY[(fmt, cname)], "opc": {}, "clrx": True})
                    row["opc"][gen] = opc
                    skips.append((gen, cname))
                else:
                    print(f"CLRX only (not added): {fmt} {gen} opcode {opc} {cname}")
        for n, r in rows[fmt].items():
            for gen, opc in r["opc"].items():
                if clrx[gen].get(opc) != n and not r.get("clrx"):
                    print(f"LLVM only/differs: {fmt} {gen} {n} = {opc} (CLRX: {clrx[gen].get(opc)})")
    if check_only:
        return

    facts = timing_facts.Facts(args.reference)
    ifacts = inst_facts.Facts()
    tables = {}
    for fmt in FORMATS:
        fname = fmt.lower()
        out = []
        out.append(f"// Opcode table: {fmt}. GENERATED by `python3 isa/tables/gen_scalar.py` -- do not edit;")
        out.append("// change the generator. Opcodes: llvm-mc-15 per generation (cross-checked with CLRX")
        out.append(f"// GcnInstrs{CLRX_FILE[fmt]}.md); operands: LLVM AMDGPUAsmGFX*.rst; flags, unit, layout:")
        out.append("// isa/tables/inst_facts.txt; timing: isa/tables/timing_facts.txt and the rules of")
        out.append("// timing_facts.py.")
        out.append('#include "isa/tables/tables.hpp"')
        out.append("")
        out.append("namespace gcnsim::isa::tables {")
        out.append("namespace {")
        out.append("// clang-format off")
        out.append(f"constexpr OpInfo k{fmt.capitalize()}[] = {{")
        def sort_key(item):
            n, r = item
            return (min(r["opc"].values()) if "gfx9" not in r["opc"] else r["opc"]["gfx9"], n)
        for n, r in sorted(rows[fmt].items(), key=lambda it: (next(
                (it[1]["opc"][g] for g in ("gfx9", "gfx8", "gfx7", "gfx6") if g in it[1]["opc"])), it[0])):
            opc = ", ".join(str(r["opc"].get(g, "NA")) if g in r["opc"] else "NA" for g in GENS)
            dst, s0, s1, _ = ifacts.types(fmt, n, list(operand_types(r["ops"])) + ["None"])
            flags, unit, layout = ifacts.of(fmt, n, unit=DEFAULT_UNIT[fmt])
            timing = timing_of(facts, fmt, n, unit, dst)
            comment = "  // CLRX only: LLVM 15 cannot assemble it" if r.get("clrx") else ""
            out.append(f'    {{"{n}", Format::{fmt}, OPC({opc}), OpType::{dst}, OpType::{s0}, OpType::{s1}, '
                       f'OpType::None, Unit::{unit}, {flags}, nullptr, {timing}{inst_facts.layout_init(layout)}}},{comment}')
        out.append("};")
        out.append("// clang-format on")
        out.append("}  // namespace")
        out.append("")
        out.append(f"std::span<const OpInfo> {fname}() {{ return k{fmt.capitalize()}; }}")
        out.append("}  // namespace gcnsim::isa::tables")
        tables[fname] = (out, len(rows[fmt]))
    facts.finish({"SALU", "SMEM", "INTERNAL"})
    ifacts.finish(FORMATS)
    for fname, (out, count) in tables.items():
        with open(f"{ROOT}/isa/tables/{fname}.cpp", "w") as fh:
            fh.write("\n".join(out) + "\n")
        print(f"{fname}: {count} rows")
    for g, n in skips:
        print(f"CLRX-only row: {g} {n} (listed in tests/isa/corpus/scalar.skip by the corpus generator)")


if __name__ == "__main__":
    main()
