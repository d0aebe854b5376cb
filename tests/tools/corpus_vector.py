#!/usr/bin/env python3
"""Generates the vector ALU ISA corpus tests/isa/corpus/vector.<family>.<gfxN>.txt.

Usage: python3 tests/tools/corpus_vector.py [COLUMN...]   (from the repository root; needs llvm-mc-15;
COLUMN: gfx6..gfx9 or an ISA variant, default all)

An ISA variant (vector_ops.VARIANTS: gfx906) gets vector.<family>.<variant>.txt
with the operations of its own LLVM list only (the rest is its generation's
corpus), assembled and disassembled with -mcpu=<variant>.

For every vector operation LLVM lists for a generation (isa/tables/vector_ops.py)
and every variant it has (_e32, _e64, _sdwa, _dpp, VOP3, VOP3P, VINTRP), a set of
candidate lines with varied operands and modifiers is assembled with llvm-mc-15;
the lines LLVM accepts are kept with the encoding and the text LLVM echoes. On
gfx8/gfx9 every kept line is also disassembled and must print the same text
(lines where LLVM's assembler and disassembler disagree are dropped and counted).
"""
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(ROOT, "isa", "tables"))
import llvmcorpus  # noqa: E402
import vector_ops as vo  # noqa: E402

OUT_DIR = os.path.join(ROOT, "tests", "isa", "corpus")
FAMILY = {"VOP1": "vop1", "VOP2": "vop2", "VOPC": "vopc", "VOP3": "vop3", "VOP3P": "vop3p", "VINTRP": "vintrp"}

# Source alternatives for a 1-dword and a 2-dword operand.
SRC1 = ["s1", "s101", "vcc_lo", "vcc_hi", "m0", "exec_lo", "exec_hi", "ttmp1", "flat_scratch_hi", "0", "64",
        "-1", "-16", "0.5", "-4.0", "1.0", "0.15915494", "scc", "vccz", "execz", "src_lds_direct",
        "0x12345678", "0x3c01", "-1000", "0x3e22f983", "src_shared_base"]
SRC2 = ["s[2:3]", "s[100:101]", "vcc", "exec", "ttmp[2:3]", "flat_scratch", "0", "-16", "2.0", "-0.5",
        "0.15915494", "0x40080000", "0x12345", "0x3ff00000"]
VREG1 = ["v1", "v255", "v17", "v128"]
VREG2 = ["v[2:3]", "v[254:255]", "v[9:10]", "v[128:129]"]
SDST2 = ["s[0:1]", "vcc", "s[100:101]", "exec", "ttmp[4:5]"]
SEL = ["BYTE_0", "BYTE_1", "BYTE_2", "BYTE_3", "WORD_0", "WORD_1", "DWORD"]
UNUSED = ["UNUSED_PAD", "UNUSED_SEXT", "UNUSED_PRESERVE"]
DPP_CTRL = ["quad_perm:[0,1,2,3]", "quad_perm:[3,2,1,0]", "quad_perm:[1,1,0,2]", "row_shl:1", "row_shl:15",
            "row_shr:4", "row_ror:7", "row_ror:15", "wave_shl:1", "wave_rol:1", "wave_shr:1", "wave_ror:1",
            "row_mirror", "row_half_mirror", "row_bcast:15", "row_bcast:31"]
OMOD = ["mul:2", "mul:4", "div:2"]


def vreg(o, k):
    if o.size > 2:  # wide operands (v_mqsad_u32_u8): away from the other registers
        first = [40, 60, 100, 252][k % 4]
        return f"v[{first}:{first + o.size - 1}]"
    return (VREG1 if o.size == 1 else VREG2)[k % 4]


def base_operand(o, k, name):
    """Plain register operand number k of an instruction (k varies the registers)."""
    r = o.role
    if r == "vcc":
        return "vcc"
    if r.startswith("sdst"):
        return (["s5", "s101", "vcc_lo", "m0", "exec_hi"] if o.size == 1 else SDST2)[k % 5]
    if r.startswith("ssrc"):
        return (["s7", "s100", "vcc_hi", "m0", "exec_lo", "ttmp3"] if o.size == 1 else SDST2)[k % (6 if o.size == 1 else 5)]
    if r == "simm32":
        return ["0x4900", "0x3c00", "0x1234"][k % 3] if name.endswith("f16") else ["0x41200000", "0x3f800000", "0x12345"][k % 3]
    if r == "attr":
        return f"attr{[0, 5, 31, 63][k % 4]}.{'xyzw'[k % 4]}"
    if r == "param":
        return ["p10", "p20", "p0"][k % 3]
    if r == "vdst" and o.size > 1:
        return vreg(o, k + 1)  # some ops (v_qsad*) reject a destination that overlaps a source
    return vreg(o, k)


def with_mod(text, mods, k):
    if mods == "negabs":
        return [f"-{text}", f"|{text}|", f"-|{text}|", text][k % 4]
    if mods == "sext":
        return [f"sext({text})", text][k % 2]
    return text


def line(name, ops, mods=()):
    return name + " " + ", ".join(ops) + ("" if not mods else " " + " ".join(mods))


def source_positions(entry):
    return [i for i, o in enumerate(entry.operands) if re.match(r"^v?src\d?$", o.role)]


def plain_lines(name, entry, suffix):
    """The unsuffixed/e32 variant and VOP3-only ops: registers, then each source alternative in each slot."""
    out = []
    for k in range(3):
        out.append(line(name + suffix, [base_operand(o, k, name) for o in entry.operands]))
    for pos in source_positions(entry):
        o = entry.operands[pos]
        alts = SRC1 if o.size == 1 else SRC2
        for a in alts:
            ops = [base_operand(x, 0, name) for x in entry.operands]
            ops[pos] = a
            out.append(line(name + suffix, ops))
    return out


def modifier_lines(name, entry, suffix):
    """VOP3/VOP3P modifiers: neg/abs on each source, clamp, omod, op_sel... (8 combinations)."""
    out = []
    srcs = source_positions(entry)
    n = len(srcs)
    mods = entry.modifiers
    for k in range(8):
        ops = [base_operand(o, k, name) for o in entry.operands]
        for j, pos in enumerate(srcs):
            ops[pos] = with_mod(ops[pos], entry.operands[pos].mods, k + j)
        m = []
        if "op_sel" in mods:
            m.append("op_sel:[" + ",".join(str((k >> j) & 1) for j in range(n)) + "]")
        if "vop3_op_sel" in mods:
            m.append("op_sel:[" + ",".join(str((k + 1 >> j) & 1) for j in range(n + 1)) + "]")
        if "op_sel_hi" in mods:
            m.append("op_sel_hi:[" + ",".join(str((k >> (j + 1)) & 1) for j in range(n)) + "]")
        if "neg_lo" in mods:
            m.append("neg_lo:[" + ",".join(str((k + j) % 3 == 0 and 1 or 0) for j in range(n)) + "]")
        if "neg_hi" in mods:
            m.append("neg_hi:[" + ",".join(str((k + j) % 2) for j in range(n)) + "]")
        if "high" in mods and k % 2:
            m.append("high")
        if "clamp" in mods and k % 2 == 0:
            m.append("clamp")
        if "omod" in mods and k % 4:
            m.append(OMOD[k % 4 - 1])
        out.append(line(name + suffix, ops, m))
    return out


def sdwa_lines(name, entry, gen):
    out = []
    srcs = source_positions(entry)
    mods = entry.modifiers
    for k in range(10):
        ops = [base_operand(o, k, name) for o in entry.operands]
        for j, pos in enumerate(srcs):
            o = entry.operands[pos]
            text = ops[pos]
            if gen == "gfx9" and o.role.startswith("src") and k >= 6:
                text = ["s3", "1", "-1.0", "vcc_lo"][(k + j) % 4]
            ops[pos] = with_mod(text, o.mods, k + j)
        m = []
        if "clamp" in mods and k % 3 == 0:
            m.append("clamp")
        if "omod" in mods and k % 4 == 1:
            m.append(OMOD[k % 3])
        if "dst_sel" in mods:
            m.append("dst_sel:" + SEL[k % 7])
        if "dst_unused" in mods:
            m.append("dst_unused:" + UNUSED[k % 3])
        if "src0_sel" in mods:
            m.append("src0_sel:" + SEL[(k + 3) % 7])
        if "src1_sel" in mods:
            m.append("src1_sel:" + SEL[(k + 5) % 7])
        out.append(line(name + "_sdwa", ops, m))
    return out


def dpp_lines(name, entry):
    out = []
    srcs = source_positions(entry)
    for k in range(len(DPP_CTRL)):
        ops = [base_operand(o, k, name) for o in entry.operands]
        for j, pos in enumerate(srcs):
            ops[pos] = with_mod(ops[pos], entry.operands[pos].mods, k + j)
        m = [DPP_CTRL[k], f"row_mask:0x{(k * 5) % 16:x}", f"bank_mask:0x{(15 - k) % 16:x}"]
        if k % 3 == 0:
            m.append("bound_ctrl:0")
        out.append(line(name + "_dpp", ops, m))
    return out


def candidates(col):
    """{family: [lines]} for a generation or an ISA variant (its own operations only)."""
    res = {}
    gen = vo.VARIANTS.get(col, col)
    own = {vo.split_variant(e.name)[0] for e in vo.parse_list(col)} if col in vo.VARIANTS else None
    for op in sorted(vo.ops_of(col).values(), key=lambda o: (o.section, o.name)):
        if own is not None and op.name not in own:
            continue
        fam = FAMILY[op.section]
        lines = res.setdefault(fam, [])
        has64 = "e64" in op.variants
        suffix = "_e32" if has64 and op.section != "VOP3" else ""
        lines += plain_lines(op.name, op.base, suffix)
        if op.section in ("VOP3", "VOP3P"):
            lines += modifier_lines(op.name, op.base, "")
        if has64:
            e64 = op.variants["e64"]
            res.setdefault(fam + "_e64", []).extend(plain_lines(op.name, e64, "_e64") + modifier_lines(op.name, e64, "_e64"))
        if "sdwa" in op.variants:
            lines += sdwa_lines(op.name, op.variants["sdwa"], gen)
        if "dpp" in op.variants:
            lines += dpp_lines(op.name, op.variants["dpp"])
    return res


def disassemble_batch(word_lists, cpu, chunk=400):
    """LLVM's disassembly of each instruction, batched (falls back to one by one)."""
    out = []
    for i in range(0, len(word_lists), chunk):
        part = word_lists[i:i + chunk]
        src = "\n".join(",".join(f"0x{b:02x}" for w in ws for b in w.to_bytes(4, "little")) for ws in part)
        p = subprocess.run([llvmcorpus.LLVM_MC, "-arch=amdgcn", f"-mcpu={cpu}", "-disassemble"],
                           input=src, capture_output=True, text=True)
        text = [l.strip() for l in p.stdout.splitlines() if l.strip() and not l.strip().startswith(".")]
        if len(text) == len(part) and not p.stderr.strip():
            out += text
        else:
            out += llvmcorpus.disassemble(part, cpu)
    return out


def main():
    summary = []
    columns = sys.argv[1:] or vo.GENS + list(vo.VARIANTS)
    for col in columns:
        gen = vo.VARIANTS.get(col, col)
        cpu = llvmcorpus.GEN_CPUS.get(col, col)
        for fam, lines in sorted(candidates(col).items()):
            lines = list(dict.fromkeys(lines))  # unique, order kept
            results = [r for r in llvmcorpus.assemble(lines, cpu) if r[1] is not None]
            # One entry per distinct encoding.
            seen, entries = set(), []
            for _, text, words in results:
                key = tuple(words)
                if key not in seen:
                    seen.add(key)
                    entries.append((words, text))
            dropped = 0
            if gen in ("gfx8", "gfx9"):
                dis = disassemble_batch([w for w, _ in entries], cpu)
                kept = []
                for (words, text), d in zip(entries, dis):
                    if d == text:
                        kept.append((words, text))
                    else:
                        dropped += 1
                        print(f"{gen} asm/disasm differ: {text!r} vs {d!r}", file=sys.stderr)
                entries = kept
            path = os.path.join(OUT_DIR, f"vector.{fam}.{col}.txt")
            llvmcorpus.write_corpus(path, entries, [
                "Generated by `python3 tests/tools/corpus_vector.py` (llvm-mc-15 -mcpu=%s); do not edit." % cpu,
                f"{len(lines)} candidate lines, {len(entries)} distinct encodings kept"
                + (f", {dropped} dropped (LLVM's disassembler prints other text)" if dropped else "")])
            summary.append(f"{col} {fam}: {len(entries)} lines ({dropped} asm/disasm disagreements)")
    print("\n".join(summary))


if __name__ == "__main__":
    main()
