"""Vector ALU operation lists parsed from LLVM's per-generation syntax pages.

Shared by isa/tables/gen_vector.py (opcode tables) and
tests/tools/corpus_vector.py (corpus). Source: the LLVM AMDGPU syntax lists in
<reference>/llvm/AMDGPU/AMDGPUAsmGFX{7,8,9}.rst and their operand
pages gfx*_*.rst. GCN 1.0 (gfx6) has no list of its own: the GFX7 list is
tried with -mcpu=gfx600 and LLVM decides what exists. The ISA variants
(VARIANTS, isa::Variant) are the core list of their generation plus their
processor's own list (AMDGPUAsmGFX906.rst).
"""
import os
import re

# <reference>: ../shared/reference beside the repository, unless GCNSIM_LLVM_RST
# names the folder; gen_vector.py sets RST_DIR from its --reference.
_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RST_DIR = os.environ.get("GCNSIM_LLVM_RST",
                         os.path.join(os.path.dirname(_ROOT), "shared", "reference", "llvm", "AMDGPU"))
GENS = ["gfx6", "gfx7", "gfx8", "gfx9"]
# Processors whose opcode map differs from their generation's: {variant: generation}.
VARIANTS = {"gfx906": "gfx9"}
RST_OF = {"gfx6": "gfx7", "gfx7": "gfx7", "gfx8": "gfx8", "gfx9": "gfx9", "gfx906": "gfx9"}
SECTIONS = ["VINTRP", "VOP1", "VOP2", "VOP3", "VOP3P", "VOPC"]

_REF = re.compile(r":ref:`([^<`]*)<amdgpu_synid_([^>]*)>`")


class Operand:
    def __init__(self, role, page, size, mods, dev):
        self.role = role    # vdst, sdst, vcc, src0, vsrc1, ssrc2, simm32, attr, param, ...
        self.page = page    # operand page id (gfx9_src_73ab34)
        self.size = size    # dwords
        self.mods = mods    # None, "negabs" (float neg/abs) or "sext" (integer sext)
        self.dev = dev      # type deviation tag (u16, f32, b32, ...) or None

    def __repr__(self):
        return f"{self.role}/{self.size}{'m' if self.mods else ''}{':' + self.dev if self.dev else ''}"


class Entry:
    """One line of an LLVM syntax list: a mnemonic (with _e32/_e64/_sdwa/_dpp) and its operands."""

    def __init__(self, name, section, operands, modifiers):
        self.name, self.section, self.operands, self.modifiers = name, section, operands, modifiers


_size_cache = {}


def _page_size(page):
    if page in _size_cache:
        return _size_cache[page]
    size = 1
    path = os.path.join(RST_DIR, page + ".rst")
    if os.path.exists(path):
        m = re.search(r"\*Size:\*\s*(\d+)\s*dword", open(path).read())
        if m:
            size = int(m.group(1))
    _size_cache[page] = size
    return size


def parse_list(rst_gen):
    """Entries of the vector sections of AMDGPUAsmGFX<7|8|9>.rst."""
    path = os.path.join(RST_DIR, f"AMDGPUAsm{rst_gen.upper()}.rst")
    lines = open(path).read().splitlines()
    entries = []
    section = None
    for i, line in enumerate(lines):
        if i + 1 < len(lines) and re.fullmatch(r"-{3,}", lines[i + 1]) and line.strip():
            section = line.strip()
            continue
        if section not in SECTIONS or not line.startswith("    v_"):
            continue
        name, rest = line.split(None, 1) if " " in line.strip() else (line.strip(), "")
        # Operands are comma-separated; modifiers follow the last operand, space-separated.
        operands, modifiers = [], []
        # Split into groups: an operand is a ref with optional ':'-joined tags.
        for m in re.finditer(r"((?::?%s)+)(,?)" % _REF.pattern.replace("(", "(?:"), rest):
            refs = _REF.findall(m.group(1))
            role, page = refs[0]
            if not page.startswith(rst_gen + "_"):
                modifiers.append(role)
                continue
            # m page: float modifiers (neg/abs) or, for *_m_28b494, the integer sext.
            mpage = next((p for r, p in refs[1:] if r == "m"), None)
            mods = None if mpage is None else ("sext" if mpage.endswith("28b494") else "negabs")
            dev = next((r for r, _ in refs[1:] if r != "m"), None)
            operands.append(Operand(role, page, _page_size(page), mods, dev))
        entries.append(Entry(name.strip(), section, operands, modifiers))
    return entries


_VARIANT = re.compile(r"_(e32|e64|sdwa|dpp)$")


def split_variant(name):
    m = _VARIANT.search(name)
    return (name[: m.start()], m.group(1)) if m else (name, None)


class Op:
    """One operation in one generation: its section and the syntax of each LLVM variant."""

    def __init__(self, name, section):
        self.name, self.section = name, section
        self.variants = {}  # None (plain) / 'e64' / 'sdwa' / 'dpp' -> Entry

    @property
    def base(self):
        return self.variants[None]


# Ops llvm-mc-15 assembles for a generation whose LLVM syntax list omits them,
# taken (with their operands) from another generation's list:
# {generation: {list to take them from: names}}. CLRX's GcnInstrsVop1.md lists
# v_log/exp_legacy_f32 for GCN 1.1 (VOP1 0x45/0x46) and v_movreld/movrels/
# movrelsd_b32 for GCN 1.2 (VOP1 0x36-0x38).
MISSING_FROM_LIST = {
    "gfx7": {"gfx8": {"v_log_legacy_f32", "v_exp_legacy_f32"}},
    "gfx8": {"gfx7": {"v_movreld_b32", "v_movrels_b32", "v_movrelsd_b32"}},
}


def ops_of(gen):
    """{(name, section): Op} for a generation or a variant. VOP1/VOP2/VOPC ops own their VOP3 (_e64),
    SDWA and DPP variants; the VOP3 section keeps only VOP3-only operations, except the
    _e64 forms of VINTRP operations, which stay with the VINTRP op."""
    entries = parse_list(RST_OF[gen])
    if gen == "gfx9":
        entries += parse_list("gfx900")  # gfx900-only additions (v_mad_mix*)
    elif gen in VARIANTS:
        entries += parse_list(gen)  # the variant's own list (gfx906: v_fma_mix*, v_fmac_f32, v_xnor_b32, v_dot*)
    for other, names in MISSING_FROM_LIST.get(gen, {}).items():
        entries += [e for e in parse_list(RST_OF[other])
                    if split_variant(e.name)[0] in names and split_variant(e.name)[1] in (None, "e64")]
    base_sections = {}
    for e in entries:
        if e.section != "VOP3":
            base, var = split_variant(e.name)
            if var is None:
                base_sections[base] = e.section
    ops = {}
    for e in entries:
        base, var = split_variant(e.name)
        section = e.section
        if section == "VOP3" and var == "e64" and base in base_sections:
            section = base_sections[base]
        elif section == "VOP3" and var == "e64":
            var = None  # VOP3-only op whose name LLVM spells with _e64 (none known)
        op = ops.setdefault((base, section), Op(base, section))
        op.variants[var] = e
    return {k: v for k, v in ops.items() if None in v.variants}
