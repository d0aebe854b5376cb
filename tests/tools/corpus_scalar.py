#!/usr/bin/env python3
"""Generates the scalar ISA corpus tests/isa/corpus/scalar.<gfx6|gfx7|gfx8|gfx9>.txt.

Usage (from the repository root):
    python3 tests/tools/corpus_scalar.py

For every row of the scalar tables (isa/tables/{sop2,sopk,sop1,sopc,sopp,smrd,smem}.cpp)
and every generation where it has an opcode, it writes assembly lines with
varied operands (SGPRs and ranges, vcc/exec/m0/ttmp/flat_scratch/xnack_mask/
tba/tma where the generation has them, inline integer and float constants,
literals, src_* operands, modifiers), plus sweeps over the special immediates
(s_waitcnt, s_sendmsg, hwreg). llvm-mc-15 assembles them (lines it rejects are
dropped: the pools deliberately include operands some ops or generations do
not accept); on gfx8/gfx9 LLVM's disassembler must print the same text, else
the line is dropped and reported. (generation, mnemonic) pairs with no line
are listed in tests/isa/corpus/scalar.skip with the reason.
"""
import concurrent.futures
import os
import re
import subprocess
import sys
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(ROOT, "isa", "tables"))
import llvmcorpus  # noqa: E402
import gen_scalar  # noqa: E402

GENS = ["gfx6", "gfx7", "gfx8", "gfx9"]
FORMATS = ["SOP2", "SOPK", "SOP1", "SOPC", "SOPP", "SMRD", "SMEM"]
OUT_DIR = os.path.join(ROOT, "tests", "isa", "corpus")


# ---------------------------------------------------------------- table rows
def table_rows():
    """{(gen, name, format)} of the scalar tables, read from the generated .cpp files."""
    rows = set()
    pat = re.compile(r'\{"(\w+)", Format::(\w+), OPC\((-?\w+), (-?\w+), (-?\w+), (-?\w+)\)')
    for fmt in FORMATS:
        for m in pat.finditer(open(os.path.join(ROOT, "isa", "tables", fmt.lower() + ".cpp")).read()):
            for g, opc in zip(GENS, m.group(3, 4, 5, 6)):
                if opc != "NA":
                    rows.add((g, m.group(1), m.group(2)))
    return rows


# ---------------------------------------------------------------- operand pools
def sregs(gen, n):
    """Scalar register operands of n dwords available on `gen`."""
    if n == 1:
        pool = ["s0", "s1", "s5", "s17", "s42", "s63", "s99", "s101", "vcc_lo", "vcc_hi", "m0",
                "exec_lo", "exec_hi", "ttmp0", "ttmp7", "ttmp11"]
        if gen in ("gfx6", "gfx7"):
            pool += ["s103"]
        if gen != "gfx6":
            pool += ["flat_scratch_lo", "flat_scratch_hi"]
        if gen == "gfx9":
            pool += ["ttmp15", "xnack_mask_lo", "xnack_mask_hi"]
        else:
            pool += ["tba_lo", "tba_hi", "tma_lo", "tma_hi"]
        return pool
    if n == 2:
        pool = ["s[0:1]", "s[2:3]", "s[10:11]", "s[58:59]", "s[100:101]", "vcc", "exec", "ttmp[0:1]",
                "ttmp[10:11]"]
        if gen in ("gfx6", "gfx7"):
            pool += ["s[102:103]"]
        if gen != "gfx6":
            pool += ["flat_scratch"]
        if gen == "gfx9":
            pool += ["ttmp[14:15]", "xnack_mask"]
        else:
            pool += ["tba", "tma"]
        return pool
    top = 100 if gen in ("gfx8", "gfx9") else 100
    pool = [f"s[{b}:{b + n - 1}]" for b in (0, 4, 8, 16, 20, 36, 48, 64, top - n) if b + n <= top]
    pool += [f"ttmp[{b}:{b + n - 1}]" for b in (0, 4, 8) if b + n <= (16 if gen == "gfx9" else 12)]
    return pool


def consts(gen, n):
    pool = ["0", "1", "7", "63", "64", "-1", "-16", "-7", "0.5", "-0.5", "1.0", "-1.0", "2.0", "-2.0",
            "4.0", "-4.0", "0x12345", "0xffff0000", "-100", "0x41", "0x3fc00000", "0x7fffffff",
            "src_scc", "src_vccz", "src_execz"]
    if gen in ("gfx8", "gfx9") and n == 1:
        pool.append("0.15915494")
    if gen == "gfx9":
        pool += ["src_shared_base", "src_shared_limit", "src_private_base", "src_private_limit",
                 "src_pops_exiting_wave_id"]
    return pool


def pick(pool, i, salt):
    return pool[(i * 7 + salt) % len(pool)]


def sources(gen, n, i, salt):
    """Alternates between registers and constants so that both kinds appear per row."""
    regs_ = sregs(gen, n)
    if i % 2 == 0:
        return pick(regs_, i // 2, salt)
    return pick(consts(gen, n), i // 2, salt)


def salt_of(name):
    return zlib.crc32(name.encode()) % 97


# ---------------------------------------------------------------- per-format lines
def sop_lines(gen, name, ops, count=14):
    lines = []
    salt = salt_of(name)
    for i in range(count):
        parts = []
        for k, (role, size, _) in enumerate(ops):
            n = size or 1
            if role == "sdst":
                parts.append(pick(sregs(gen, n), i, salt))
            elif role in ("ssrc", "ssrc0", "ssrc1"):
                parts.append(sources(gen, n, i + k, salt + 3 * k))
            elif role == "imask":
                parts.append(f"gpr_idx({','.join(x for b, x in enumerate(['SRC0', 'SRC1', 'SRC2', 'DST']) if (i >> b) & 1)})")
            else:
                raise RuntimeError(f"{name}: role {role}")
        lines.append(name + " " + ", ".join(parts))
    return lines


IMM16 = ["0", "1", "0x7fff", "0x8000", "0xffff", "-1", "0x1234", "64", "65", "-32768", "0xabcd", "100"]
HWREGS = ["hwreg(HW_REG_MODE)", "hwreg(HW_REG_STATUS, 0, 16)", "hwreg(HW_REG_TRAPSTS, 3, 5)",
          "hwreg(HW_REG_HW_ID)", "hwreg(HW_REG_GPR_ALLOC, 8, 8)", "hwreg(HW_REG_LDS_ALLOC, 31, 1)",
          "hwreg(HW_REG_IB_STS)", "hwreg(HW_REG_SH_MEM_BASES)", "hwreg(HW_REG_TBA_LO)",
          "hwreg(HW_REG_TMA_HI, 1, 31)", "hwreg(0)", "hwreg(63, 31, 32)", "0x1234", "0xffff"]
IMM32 = ["0", "18", "64", "-16", "0x41", "1.0", "-4.0", "0x3e22f983", "0xffffffff", "0x12345678", "0.5",
         "0xff"]
# Branch offsets as unsigned 16-bit values: LLVM's disassembler prints them
# that way (s_branch 65535), while llvm-mc echoes a negative input as typed.
LABELS = ["0", "1", "65535", "4", "32768", "32767", "0x10", "100", "0xfff0"]


def sopk_lines(gen, name, ops):
    salt = salt_of(name)
    lines = []
    for i in range(12):
        parts = []
        for role, size, _ in ops:
            n = size or 1
            if role == "sdst":
                parts.append(pick(sregs(gen, n), i, salt))
            elif role == "ssrc":
                parts.append(pick(sregs(gen, n), i, salt + 5))
            elif role == "imm16":
                parts.append(IMM16[i % len(IMM16)])
            elif role == "hwreg":
                parts.append(HWREGS[(i + salt) % len(HWREGS)])
            elif role == "simm32":
                parts.append(IMM32[i % len(IMM32)])
            elif role == "label":
                parts.append(LABELS[i % len(LABELS)])
            else:
                raise RuntimeError(f"{name}: role {role}")
        lines.append(name + " " + ", ".join(parts))
    return lines


def sopp_lines(gen, name, ops):
    if not ops:
        return [name]
    role = ops[0][0]
    if role == "label":
        return [f"{name} {v}" for v in LABELS]
    if role == "imm16":
        vals = ["0", "1", "3", "15", "16", "63", "64", "65", "0x7f", "0x100", "0x7fff", "0xffff", "0xfff0"]
        return [f"{name} {v}" for v in vals]
    if role == "waitcnt":
        vals = [0, 0x70, 0x7f, 0xf70, 0xf7f, 0xf0f, 0x0f7f, 0xc07f, 0x3f70, 0x1234, 0xffff, 0x0080, 0xc000,
                0x4f7f, 0x8f7f, 0xcf7f, 0x0c7f, 0x0f00, 0x0007, 0x5555, 0xaaaa]
        return [f"{name} {v}" for v in vals] + [
            f"{name} vmcnt(0) lgkmcnt(0)", f"{name} expcnt(3)", f"{name} vmcnt(7) expcnt(1)",
            f"{name} lgkmcnt(9)", f"{name} vmcnt(40)"]
    if role == "msg":
        vals = set()
        for msg_id in range(16):
            for op in (0, 1, 2, 3, 4, 5, 7):
                for stream in (0, 1, 3):
                    if (msg_id + op + stream) % 2 == 0 or msg_id in (2, 3, 15):
                        vals.add(msg_id | op << 4 | stream << 8)
        vals |= {0x80, 0x401, 0x8001, 0xffff, 0x1234}
        return [f"{name} {v}" for v in sorted(vals)]
    if role == "imask":
        return [f"{name} {v}" for v in range(16)]
    raise RuntimeError(f"{name}: role {role}")


def smem_offsets(gen, fmt, name):
    if fmt == "SMRD":
        offs = ["0x0", "0x1", "0x3f", "0xff", "s2", "s101", "m0", "vcc_lo", "ttmp3"]
        if gen == "gfx7":
            offs += ["0x100", "0x12345", "0xffffffff"]
        return offs
    offs = ["0x0", "0x4", "0xff", "0x12345", "0xfffff", "s2", "s99", "m0", "vcc_hi", "ttmp5"]
    if gen == "gfx9":
        signed = not name.startswith(("s_buffer", "s_atc_probe_buffer"))
        if signed:
            offs += ["-0x1", "-0x8", "-0x100000", "0xfffff"]
        offs += ["s5 offset:0x10", "s7 offset:0x0", "m0 offset:0xfffff"]
        if signed:
            offs += ["s9 offset:-0x8"]
    return offs


def smem_lines(gen, fmt, name, ops):
    salt = salt_of(name)
    roles = [r for r, _, _ in ops]
    if not ops:
        return [name]
    if roles == ["sdst"]:
        return [f"{name} {r}" for r in sregs(gen, ops[0][1])]
    lines = []
    offs = smem_offsets(gen, fmt, name)
    for i in range(max(14, len(offs))):
        parts = []
        for role, size, _ in ops:
            n = size or 1
            if role in ("sdst", "sdata"):
                parts.append(pick(sregs(gen, n), i, salt))
            elif role == "sbase":
                pool = [r for r in sregs(gen, n) if not r.startswith(("exec", "m0"))]
                parts.append(pick(pool, i, salt + 1))
            elif role == "soffset":
                parts.append(offs[i % len(offs)])
            elif role == "probe":
                parts.append(str(i % 8))
            else:
                raise RuntimeError(f"{name}: role {role}")
        line = name + " " + ", ".join(parts)
        if fmt == "SMEM" and i % 3 == 1 and not name.startswith(("s_atc_probe", "s_dcache")):
            line += " glc"
        lines.append(line)
    return lines


def lines_for(gen, fmt, name, ops):
    if fmt in ("SOP2", "SOP1", "SOPC"):
        return sop_lines(gen, name, ops)
    if fmt == "SOPK":
        return sopk_lines(gen, name, ops)
    if fmt == "SOPP":
        return sopp_lines(gen, name, ops)
    return smem_lines(gen, fmt, name, ops)


def disassemble_batch(word_lists, cpu):
    """LLVM's disassembly of each instruction: one llvm-mc process for the whole
    chunk when every instruction decodes, else one per instruction."""
    data = b"".join(w.to_bytes(4, "little") for words in word_lists for w in words)
    src = ",".join(f"0x{b:02x}" for b in data)
    p = subprocess.run([llvmcorpus.LLVM_MC, "-arch=amdgcn", f"-mcpu={cpu}", "-disassemble"],
                       input=src, capture_output=True, text=True)
    text = [l.strip() for l in p.stdout.splitlines() if l.strip() and not l.strip().startswith(".")]
    if len(text) == len(word_lists) and "warning" not in p.stderr:
        return text
    return llvmcorpus.disassemble(word_lists, cpu)


# ---------------------------------------------------------------- main
def main():
    rows = table_rows()
    skip = []
    for gen in GENS:
        cpu = llvmcorpus.GEN_CPUS[gen]
        wanted = []  # (name, line)
        for fmt in FORMATS:
            if fmt == "SMRD" and gen not in ("gfx6", "gfx7"):
                continue
            if fmt == "SMEM" and gen not in ("gfx8", "gfx9"):
                continue
            for name, ops in gen_scalar.parse_rst(gen_scalar.RST[gen], fmt):
                if (gen, name, fmt) not in rows:
                    continue
                wanted += [(name, l) for l in lines_for(gen, fmt, name, ops)]
        # hwreg sweep: every id, default and explicit fields.
        for hw_id in range(64):
            wanted.append(("s_getreg_b32", f"s_getreg_b32 s{hw_id % 100}, {hw_id | (31 << 11)}"))
            wanted.append(("s_setreg_b32", f"s_setreg_b32 {hw_id | (hw_id % 32) << 6 | (hw_id % 7) << 11}, s3"))
        results = llvmcorpus.assemble([l for _, l in wanted], cpu)
        entries, seen = [], set()
        for (name, line), (_, text, words) in zip(wanted, results):
            if text is None:
                continue
            key = tuple(words)
            if key in seen:
                continue
            seen.add(key)
            entries.append((name, words, text))
        dropped = []
        if gen in ("gfx8", "gfx9"):
            chunks = [entries[i::16] for i in range(16)]
            with concurrent.futures.ThreadPoolExecutor(16) as ex:
                outs = list(ex.map(lambda c: disassemble_batch([w for _, w, _ in c], cpu), chunks))
            dis_text = {}
            for chunk, out in zip(chunks, outs):
                for (name, words, text), dis in zip(chunk, out):
                    dis_text[tuple(words)] = dis
            # Where the two printers differ, keep the disassembler's text if llvm-mc
            # assembles it back into the same words; else drop the line.
            differ = [e for e in entries if dis_text[tuple(e[1])] != e[2] and dis_text[tuple(e[1])]]
            back = llvmcorpus.assemble([dis_text[tuple(e[1])] for e in differ], cpu)
            fixed = {}
            for (name, words, text), (_, t2, w2) in zip(differ, back):
                if t2 is not None and w2 == words:
                    fixed[tuple(words)] = t2
            kept = []
            for name, words, text in entries:
                dis = dis_text[tuple(words)]
                if dis == text:
                    kept.append((name, words, text))
                elif tuple(words) in fixed:
                    kept.append((name, words, fixed[tuple(words)]))
                else:
                    dropped.append(f"{' '.join(f'{w:08x}' for w in words)}: mc '{text}' vs disasm '{dis}'")
            entries = kept
        covered = {n for n, _, _ in entries}
        for (g, name, fmt) in sorted(rows):
            if g == gen and name not in covered:
                skip.append(f"{gen} {name} LLVM 15 cannot assemble it (hardware opcode from CLRX Gcninstrs{fmt.capitalize()}.md)")
        header = [f"Scalar formats, {gen} ({cpu}). GENERATED by `python3 tests/tools/corpus_scalar.py`;",
                  "text = llvm-mc-15 -show-encoding output" + (", equal to llvm-mc-15 -disassemble output." if gen in ("gfx8", "gfx9") else ".")]
        llvmcorpus.write_corpus(os.path.join(OUT_DIR, f"scalar.{gen}.txt"), [(w, t) for _, w, t in entries], header)
        print(f"{gen}: {len(entries)} lines ({len(wanted)} candidates), {len(covered)} mnemonics, "
              f"{len(dropped)} dropped for disassembler mismatch")
        for d in dropped[:20]:
            print("   ", d)
    with open(os.path.join(OUT_DIR, "scalar.skip"), "w") as f:
        f.write("# (generation, mnemonic) pairs of the scalar tables with no corpus line.\n")
        f.write("# GENERATED by `python3 tests/tools/corpus_scalar.py`. Format: <gfxN> <mnemonic> <reason>\n")
        for s in skip:
            f.write(s + "\n")


if __name__ == "__main__":
    main()
