"""Mnemonic lists and operand widths of the memory formats, read from LLVM's
per-generation syntax lists (<reference>/llvm/AMDGPU/AMDGPUAsmGFX{7,8,9}.rst
and their operand pages gfx*_*.rst, which state each operand's size in dwords).

Shared by isa/tables/gen_memory.py (opcode tables) and
tests/tools/corpus_memory.py (ISA corpus). The GFX7 list also serves GCN 1.0
(gfx6): every mnemonic is tried with -mcpu=gfx600 and kept where it assembles.
"""
import os
import re

# <reference>: ../shared/reference beside the repository, unless GCNSIM_LLVM_DOC
# names the folder; gen_memory.py sets LLVM_DOC from its --reference.
_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LLVM_DOC = os.environ.get("GCNSIM_LLVM_DOC",
                          os.path.join(os.path.dirname(_ROOT), "shared", "reference", "llvm", "AMDGPU"))
_REF = re.compile(r":ref:`([^<`]+)<amdgpu_synid_([^>]+)>`")
GENS = ["gfx6", "gfx7", "gfx8", "gfx9"]
RST_OF_GEN = {"gfx6": "7", "gfx7": "7", "gfx8": "8", "gfx9": "9"}
SECTIONS = ["DS", "MUBUF", "MTBUF", "MIMG", "EXP", "FLAT"]

# Mnemonics LLVM 15 assembles that the syntax lists omit.
EXTRA = {"MUBUF": ["buffer_wbinvl1_sc"]}


def _size(tag):
    path = f"{LLVM_DOC}/{tag}.rst"
    if not os.path.exists(path):
        return None
    m = re.search(r"\*Size:\*\s*(\d+)", open(path).read())
    return int(m.group(1)) if m else None


def _sections(rst):
    lines = open(f"{LLVM_DOC}/AMDGPUAsmGFX{rst}.rst").read().split("\n")
    out, cur = {}, None
    for i, line in enumerate(lines):
        if i + 1 < len(lines) and re.match(r"^-+$", lines[i + 1]) and line.strip() and not line.startswith(" "):
            cur = line.strip()
            out[cur] = []
            continue
        s = line.strip()
        if cur and line.startswith("    ") and not s.startswith("**") and not s.startswith("\\"):
            name = s.split()[0]
            if re.match(r"^[a-z_0-9]+$", name):
                out[cur].append((name, s[len(name):]))
    return out


class Syntax:
    """One mnemonic's operand slots in one generation: [(slot, dwords or None)]."""

    def __init__(self, name, slots):
        self.name = name
        self.slots = slots
        self.names = [s for s, _ in slots]

    def size(self, slot, default=None):
        for s, n in self.slots:
            if s == slot and n:
                return n
        return default

    def has(self, slot):
        return slot in self.names


_cache = {}


def syntax_lists():
    """{section: {gen: {mnemonic: Syntax}}}; FLAT covers flat_/global_/scratch_."""
    if _cache:
        return _cache
    for sec in SECTIONS:
        _cache[sec] = {}
    for gen in GENS:
        secs = _sections(RST_OF_GEN[gen])
        for sec in SECTIONS:
            d = {}
            for name, rest in secs.get(sec, []):
                slots = [(a, _size(b)) for a, b in _REF.findall(rest)]
                d[name] = Syntax(name, slots)
            for name in EXTRA.get(sec, []):
                d.setdefault(name, Syntax(name, []))
            _cache[sec][gen] = d
    return _cache


# In no list at all, but assembled by llvm-mc-15 (and in CLRX's
# GcnInstrsMimg.md as opcode 19): same operands as its sibling.
UNLISTED = {"MIMG": [("image_atomic_rsub", "image_atomic_sub")]}


def mnemonics_to_try(section, gen):
    """{mnemonic: Syntax} to try assembling for `gen`: its own list (gfx6 uses
    gfx7's: LLVM keeps no separate gfx6 list), then every other generation's
    mnemonics, since a few that llvm-mc-15 assembles are missing from a list
    (e.g. ds_read_b96 on gfx7; seed 004 and CLRX have it), then UNLISTED."""
    by_gen = syntax_lists()[section]
    names = dict(by_gen["gfx7" if gen == "gfx6" else gen])
    for other in GENS:
        for key, syn in by_gen[other].items():
            names.setdefault(key, syn)
    for extra, like in UNLISTED.get(section, ()):
        if like in names and extra not in names:
            names[extra] = Syntax(extra, names[like].slots)
    return names


def format_of(section, name):
    if section == "FLAT":
        return name.split("_", 1)[0].upper()  # FLAT / GLOBAL / SCRATCH
    return section
