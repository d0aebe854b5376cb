"""Shared helpers for the ISA corpus generators (tests/tools/corpus_*.py).

The corpus is the oracle of the decoder/disassembler tests: each line pairs
machine code produced by LLVM's assembler (llvm-mc-15 -show-encoding) with the
text LLVM prints for it. On gfx8/gfx9 the text is also checked against LLVM's
disassembler (llvm-mc -disassemble, the printer llvm-objdump uses).

Corpus file format (tests/isa/corpus/<family>.<gfxN>.txt):
    # comment lines
    <hex word> [<hex word> ...]<TAB><LLVM text>
Words are little-endian 32-bit values written as 8 hex digits.
"""
import os
import re
import subprocess
import tempfile

LLVM_MC = os.environ.get("LLVM_MC", "llvm-mc-15")
GEN_CPUS = {"gfx6": "gfx600", "gfx7": "gfx700", "gfx8": "gfx803", "gfx9": "gfx900"}
_ENC = re.compile(r"^\s*(.*?)\s*; encoding: \[(.*)\]\s*$")
_ERR = re.compile(r":(\d+):\d+: error:")


def _run_mc(lines, mcpu):
    with tempfile.NamedTemporaryFile("w", suffix=".s", delete=False) as f:
        f.write("\n".join(lines) + "\n")
        path = f.name
    try:
        p = subprocess.run([LLVM_MC, "-arch=amdgcn", f"-mcpu={mcpu}", "-show-encoding", path],
                           capture_output=True, text=True)
    finally:
        os.unlink(path)
    return p.stdout, p.stderr


def assemble(lines, mcpu):
    """Assembles each line on its own; returns [(input, printed_text, words) or (input, None, error)]."""
    results = [None] * len(lines)
    pending = list(range(len(lines)))
    while pending:
        out, err = _run_mc([lines[i] for i in pending], mcpu)
        bad = {int(m.group(1)) - 1 for m in _ERR.finditer(err)}
        if bad:
            errs = {}
            for block in err.split("\n"):
                m = _ERR.search(block)
                if m:
                    errs[int(m.group(1)) - 1] = block.split("error:", 1)[1].strip()
            for b in bad:
                results[pending[b]] = (lines[pending[b]], None, errs.get(b, "error"))
            pending = [p for k, p in enumerate(pending) if k not in bad]
            continue
        encoded = [_ENC.match(l) for l in out.splitlines()]
        encoded = [m for m in encoded if m]
        if len(encoded) != len(pending):
            raise RuntimeError(f"llvm-mc produced {len(encoded)} encodings for {len(pending)} lines")
        for idx, m in zip(pending, encoded):
            data = bytes(int(b, 16) for b in m.group(2).split(","))
            words = [int.from_bytes(data[i:i + 4], "little") for i in range(0, len(data), 4)]
            results[idx] = (lines[idx], m.group(1), words)
        pending = []
    return results


def disassemble(word_lists, mcpu):
    """LLVM's disassembly (gfx8/gfx9 only) of each instruction; None where LLVM rejects it."""
    out = []
    for words in word_lists:
        data = b"".join(w.to_bytes(4, "little") for w in words)
        src = ",".join(f"0x{b:02x}" for b in data)
        p = subprocess.run([LLVM_MC, "-arch=amdgcn", f"-mcpu={mcpu}", "-disassemble"],
                           input=src, capture_output=True, text=True)
        text = [l.strip() for l in p.stdout.splitlines() if l.strip() and not l.strip().startswith(".")]
        out.append(text[0] if len(text) == 1 and "warning" not in p.stderr else None)
    return out


def write_corpus(path, entries, header):
    """entries: [(words, text)]; header: comment lines (how the file was generated)."""
    with open(path, "w") as f:
        for h in header:
            f.write(f"# {h}\n")
        for words, text in entries:
            f.write(" ".join(f"{w:08x}" for w in words) + "\t" + text + "\n")
