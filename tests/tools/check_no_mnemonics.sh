#!/usr/bin/env bash
# Fails if a codec, the timing classifier, the checker's per-instruction facts
# or the workgroup-order analysis decides by mnemonic: a string literal that
# looks like an instruction name, or a comparison of a row's name. What an
# instruction is lives in the table columns (flags, layout, unit, operand
# types, timing), generated from isa/tables/inst_facts.txt and timing_facts.txt
# (docs/adding-an-instruction.md). Comments are not checked.
# Run from CTest ("style: codecs read no mnemonics").
set -euo pipefail
cd "$(dirname "$0")/../.."
files="isa/codec_*.cpp isa/codec_*.hpp isa/memory_fields.hpp isa/decoder.cpp isa/disasm.cpp sim/timing/inst_class.cpp
       sim/check/inst_facts.cpp sim/check/inst_facts.hpp sim/order_dependence.cpp"
code() { sed -e 's://.*$::' "$1"; }  # drop line comments
bad=0
for f in $files; do
  if code "$f" | grep -nE '"(s|v|ds|buffer|tbuffer|flat|global|scratch|image)_[a-z0-9_]+' >/dev/null ||
     code "$f" | grep -nE 'name\)?\s*(==|!=)|name\)?\.(starts_with|ends_with|find)\(|str(n)?cmp\([^)]*name' >/dev/null; then
    echo "$f: decides by mnemonic:"
    code "$f" | grep -nE '"(s|v|ds|buffer|tbuffer|flat|global|scratch|image)_[a-z0-9_]+|name\)?\s*(==|!=)|name\)?\.(starts_with|ends_with|find)\(|str(n)?cmp\([^)]*name'
    bad=1
  fi
done
[[ $bad == 0 ]] && echo "no codec, timing classifier or checker fact reads a mnemonic ($(ls $files | wc -l) files)"
exit $bad
