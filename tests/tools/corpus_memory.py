#!/usr/bin/env python3
"""Generates the memory-format ISA corpus tests/isa/corpus/memory.<gfxN>.txt.

Usage: python3 tests/tools/corpus_memory.py   (from the repository root; needs llvm-mc-15)

For every row of the DS/MUBUF/MTBUF/MIMG/EXP/FLAT/GLOBAL/SCRATCH tables and
every generation the row exists in (the mnemonic lists of
isa/tables/memory_syntax.py), several lines with varied registers, offsets and
modifiers are assembled by llvm-mc-15 for gfx600/gfx700/gfx803/gfx900; lines
LLVM rejects are dropped. On gfx8/gfx9 each kept encoding is disassembled by
LLVM too, and lines whose disassembly differs from the assembler's text are
dropped (and counted in the file header): the corpus only holds text both
directions of LLVM agree on.
"""
import os
import random
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(ROOT, "isa", "tables"))
import llvmcorpus  # noqa: E402
from memory_syntax import GENS, mnemonics_to_try, syntax_lists  # noqa: E402

OUT = os.path.join(ROOT, "tests", "isa", "corpus")


def vreg(first, n):
    return f"v{first}" if n == 1 else f"v[{first}:{first + n - 1}]"


def sreg(first, n):
    return f"s{first}" if n == 1 else f"s[{first}:{first + n - 1}]"


SOFFSETS = ["s1", "0", "s101", "m0", "-1", "64", "-16", "ttmp3", "s0", "vcc_lo", "0.5", "exec_hi"]
SRSRC = ["s[4:7]", "s[8:11]", "s[96:99]", "ttmp[4:7]", "s[0:3]"]


def ds_lines(gen, syn, rnd):
    name = syn.name
    out = []
    mods_single = ["", " offset:65535", " offset:1", " offset:4 gds", " gds", " offset:32768"]
    mods_pair = ["", " offset0:255 offset1:255", " offset0:1", " offset1:7 gds", " offset0:16 offset1:0"]
    if name == "ds_swizzle_b32":
        mods_single = ["", " offset:swizzle(QUAD_PERM,0,1,2,3)", " offset:swizzle(SWAP,16)",
                       " offset:swizzle(REVERSE,8)", " offset:swizzle(BROADCAST,4,1)",
                       " offset:swizzle(BITMASK_PERM,\"01pi0\")", " offset:0xffff", " offset:0x80e4",
                       " offset:0x1f", " gds"]
    pair = syn.has("offset0")
    for k, mod in enumerate(mods_pair if pair else mods_single):
        base = [(1, 2, 3, 4), (255 - 8, 0, 128, 200), (rnd.randrange(0, 240), rnd.randrange(0, 240),
                                                        rnd.randrange(0, 240), rnd.randrange(0, 240))][k % 3]
        ops = []
        if syn.has("vdst"):
            ops.append(vreg(base[0], syn.size("vdst", 1)))
        if syn.has("vaddr"):
            ops.append(vreg(base[1], 1))
        for slot, b in (("vdata", base[2]), ("vdata0", base[2]), ("vdata1", base[3])):
            if syn.has(slot):
                ops.append(vreg(min(b, 256 - syn.size(slot, 1)), syn.size(slot, 1)))
        out.append(f"{name} {', '.join(ops)}{mod}".replace(" ,", ","))
    return out


def data_width(syn, gen=None):
    comps = 0
    if "format_d16_" in syn.name:
        comps = len(syn.name.rsplit("_", 1)[1])
    if comps and gen == "gfx8":
        return comps  # unpacked D16 on GCN 1.2
    return syn.size("vdst") or syn.size("vdata") or 1


def buffer_lines(gen, syn, rnd, tbuffer):
    name = syn.name
    if not syn.names:
        return [name]
    if name == "buffer_store_lds_dword":
        return [f"{name} s[4:7], s1", f"{name} s[8:11], 0 offset:4095 lds", f"{name} s[4:7], m0 glc slc",
                f"{name} s[96:99], -1 offset:12"]
    pre8 = gen in ("gfx6", "gfx7")
    n = data_width(syn, gen)
    is_load = "_load_" in name
    atomic = "_atomic_" in name
    out = []
    addr_forms = [("off", ""), ("v2", " offen"), ("v3", " idxen"), ("v[4:5]", " idxen offen")]
    if pre8:
        addr_forms.append(("v[6:7]", " addr64"))
    mods = ["", " glc", " slc", " glc slc", " offset:4095", " offset:0", " offset:1 glc"]
    if is_load:
        mods += [" tfe", " glc slc tfe"]
        if syn.has("opt"):
            mods += [" lds"]
    for k in range(12):
        addr, amod = addr_forms[k % len(addr_forms)]
        mod = mods[k % len(mods)]
        dn = n + (1 if "tfe" in mod else 0)
        dfirst = rnd.choice([1, 10, 200, 255 - dn + 1])
        data = vreg(dfirst, dn)
        if atomic and "glc" not in mod and k % 3 == 0:
            mod += " glc"
        fmt = ""
        if tbuffer:
            fmt = f" format:[BUF_DATA_FORMAT_{['8', '16', '32', '32_32'][k % 4]},BUF_NUM_FORMAT_" \
                  f"{['UNORM', 'SNORM', 'UINT', 'FLOAT', 'SINT', 'USCALED'][k % 6]}]"
            if k % 5 == 0:
                fmt = ""  # default format (omitted by LLVM's printer)
            elif k % 5 == 1:
                fmt = f" format:{rnd.randrange(0, 128)}"
        if "lds" in mod:
            out.append(f"{name} {addr}, {SRSRC[k % len(SRSRC)]}, {SOFFSETS[k % len(SOFFSETS)]}{amod}{mod}")
            continue
        out.append(f"{name} {data}, {addr}, {SRSRC[k % len(SRSRC)]}, {SOFFSETS[k % len(SOFFSETS)]}{fmt}{amod}{mod}")
    return out


def mimg_lines(gen, syn, row_vaddr, rnd):
    name = syn.name
    samp = syn.has("ssamp")
    atomic = "atomic" in name
    gather = "gather4" in name
    out = []
    masks = [0x1, 0x3, 0x7, 0xF, 0x5, 0xA, 0x8, 0x6]
    mods = ["", " unorm", " glc", " slc", " da", " lwe", " tfe", " unorm glc slc da", " d16",
            " r128" if gen != "gfx9" else " a16", " tfe d16"]
    for k in range(10):
        mask = masks[k % len(masks)]
        if atomic:
            mask = 0x3 if "cmpswap" in name else 0x1
        if gather:
            mask = [1, 2, 4, 8][k % 4]
        mod = mods[k % len(mods)]
        if atomic and "tfe" in mod:
            mod = mod.replace("tfe", "glc")
        cnt = 4 if gather else bin(mask).count("1")
        if "d16" in mod and gen == "gfx9":
            cnt = (cnt + 1) // 2
        cnt += 1 if "tfe" in mod else 0
        rsrc = ["s[8:15]", "s[92:99]", "ttmp[8:15]" if gen != "gfx6" else "s[0:7]"][k % 3]
        sm = f", {['s[16:19]', 's[96:99]', 'ttmp[4:7]'][k % 3]}" if samp else ""
        vfirst = rnd.choice([0, 7, 100, 252 - cnt])
        out.append(f"{name} {vreg(vfirst, cnt)}, {vreg(rnd.choice([1, 30, 240]), row_vaddr)}, {rsrc}{sm} "
                   f"dmask:{mask:#x}{mod}")
    return out


def exp_lines(gen, rnd):
    tgts = [f"mrt{i}" for i in range(8)] + ["mrtz", "null"] + [f"pos{i}" for i in range(4)] + \
           [f"param{i}" for i in range(32)]
    out = []
    for k, tgt in enumerate(tgts):
        regs = [f"v{rnd.randrange(0, 256)}" for _ in range(4)]
        for i in range(4):
            if (k >> i) & 1 and k % 5 == 4:
                regs[i] = "off"
        mod = ["", " done", " vm", " done vm", " compr"][k % 5]
        if "compr" in mod:
            regs[2] = regs[3] = "off"
            if k % 2:
                regs[1] = regs[0]
        out.append(f"exp {tgt} {', '.join(regs)}{mod}")
    out.append("exp mrt0 off, off, off, off")
    out.append("exp pos0 v1, off, v3, off done")
    return out


def flat_lines(gen, syn, rnd):
    name = syn.name
    seg = name.split("_")[0]
    n = data_width(syn)
    is_load = "_load_" in name
    atomic = "_atomic_" in name
    out = []
    offsets = {"flat": ["", " offset:4095", " offset:0", " offset:1"],
               "global": ["", " offset:4095", " offset:-4096", " offset:-8", " offset:0"],
               "scratch": ["", " offset:4095", " offset:-4096", " offset:-1", " offset:16"]}[seg]
    if gen != "gfx9":
        offsets = [""]
    mods = ["", " glc", " slc", " glc slc", " tfe"]
    if syn.has("lds"):
        mods.append(" lds")
    for k in range(10):
        off = offsets[k % len(offsets)]
        mod = mods[k % len(mods)]
        if atomic and k % 2 == 0 and "glc" not in mod:
            mod += " glc"
        dn = n
        if atomic and "cmpswap" in name and "glc" in mod:
            dn = n // 2
        if "tfe" in mod:
            dn += 1
        vfirst = rnd.choice([0, 5, 128, 255 - dn + 1])
        if seg == "flat":
            vaddr, saddr = vreg(rnd.choice([2, 100, 254]), 2), ""
        elif seg == "global":
            if k % 2:
                vaddr, saddr = vreg(rnd.choice([2, 100, 254]), 2), ", off"
            else:
                vaddr, saddr = vreg(rnd.choice([2, 100, 255]), 1), f", {['s[4:5]', 's[100:101]', 'vcc', 'ttmp[2:3]'][k % 4]}"
        else:
            if k % 2:
                vaddr, saddr = vreg(rnd.choice([2, 100, 255]), 1), ", off"
            else:
                vaddr, saddr = "off", f", {['s4', 's101', 'vcc_lo', 'ttmp2', 'm0'][k % 5]}"
        data_first = rnd.choice([1, 50, 255 - syn.size("vdata", 1) + 1])
        data = vreg(data_first, syn.size("vdata", 1))
        if is_load:
            text = f"{name} {vreg(vfirst, dn)}, {vaddr}{saddr}{off}{mod}"
        elif atomic and "glc" in mod:
            text = f"{name} {vreg(vfirst, dn)}, {vaddr}, {data}{saddr}{off}{mod}"
        else:
            text = f"{name} {vaddr}, {data}{saddr}{off}{mod}"
        out.append(text)
    return out


def disassemble_batch(entries, mcpu):
    """LLVM's disassembly of [(words, text)], one llvm-mc process per chunk; per
    instruction where a chunk does not come back line for line."""
    res = []
    for i in range(0, len(entries), 200):
        chunk = entries[i:i + 200]
        data = b"".join(w.to_bytes(4, "little") for words, _ in chunk for w in words)
        src = ",".join(f"0x{b:02x}" for b in data)
        p = subprocess.run([llvmcorpus.LLVM_MC, "-arch=amdgcn", f"-mcpu={mcpu}", "-disassemble"],
                           input=src, capture_output=True, text=True)
        lines = [l.strip() for l in p.stdout.splitlines() if l.strip() and not l.strip().startswith(".")]
        if len(lines) == len(chunk) and "warning" not in p.stderr:
            res += lines
        else:
            res += llvmcorpus.disassemble([w for w, _ in chunk], mcpu)
    return res


def mimg_vaddr_widths():
    """Row VADDR widths (src0) from the generated table isa/tables/mimg.cpp."""
    import re
    widths = {}
    dw = {"B32": 1, "B64": 2, "B96": 3, "B128": 4}
    for line in open(os.path.join(ROOT, "isa", "tables", "mimg.cpp")):
        m = re.match(r'\s*\{"(\w+)", Format::MIMG, OPC\([^)]*\), OpType::\w+, OpType::(\w+)', line)
        if m:
            widths[m.group(1)] = dw[m.group(2)]
    return widths


def main():
    rnd = random.Random(2024)
    lists = syntax_lists()
    widths = mimg_vaddr_widths()
    for gen in GENS:
        src_gen = "gfx7" if gen == "gfx6" else gen
        texts = []
        extra_rnd = random.Random(2025)  # keeps the lines of the listed mnemonics stable
        for section, by_gen in lists.items():
            listed = sorted(by_gen[src_gen].items())
            # Mnemonics of other generations' lists and UNLISTED ones: llvm-mc-15
            # rejects those the generation does not have (memory_syntax.mnemonics_to_try).
            extra = sorted((n, s) for n, s in mnemonics_to_try(section, gen).items() if n not in by_gen[src_gen])
            for name, syn in listed + extra:
                rnd_ = rnd if name in by_gen[src_gen] else extra_rnd
                if section == "DS":
                    texts += ds_lines(gen, syn, rnd_)
                elif section in ("MUBUF", "MTBUF"):
                    texts += buffer_lines(gen, syn, rnd_, section == "MTBUF")
                elif section == "MIMG":
                    texts += mimg_lines(gen, syn, widths.get(name, 1), rnd_)
                elif section == "EXP":
                    texts += exp_lines(gen, rnd_)
                else:
                    texts += flat_lines(gen, syn, rnd_)
        results = llvmcorpus.assemble(texts, llvmcorpus.GEN_CPUS[gen])
        entries, seen = [], set()
        rejected = 0
        for _, printed, words in results:
            if printed is None:
                rejected += 1
                continue
            key = tuple(words)
            if key in seen:
                continue
            seen.add(key)
            entries.append((words, printed))
        dropped = 0
        if gen in ("gfx8", "gfx9"):
            dis = disassemble_batch(entries, llvmcorpus.GEN_CPUS[gen])
            kept = [(e, d) for e, d in zip(entries, dis)]
            entries = [e for e, d in kept if d == e[1]]
            dropped = len(kept) - len(entries)
            for e, d in kept:
                if d != e[1]:
                    print(f"{gen}: disassembler differs: {e[1]!r} vs {d!r}", file=sys.stderr)
        header = ["Generated by `python3 tests/tools/corpus_memory.py` (llvm-mc-15 -mcpu="
                  f"{llvmcorpus.GEN_CPUS[gen]}); do not edit.",
                  f"{len(texts)} sample lines, {rejected} rejected by the assembler, "
                  f"{dropped} dropped where LLVM's disassembler prints other text, {len(entries)} kept."]
        path = os.path.join(OUT, f"memory.{gen}.txt")
        llvmcorpus.write_corpus(path, entries, header)
        print(f"{path}: {len(entries)} lines ({rejected} rejected, {dropped} disassembly mismatches)")


if __name__ == "__main__":
    main()
