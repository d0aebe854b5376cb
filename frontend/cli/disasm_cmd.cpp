#include "frontend/cli/disasm_cmd.hpp"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "frontend/common/error.hpp"
#include "frontend/report/branch_target.hpp"
#include "isa/decoder.hpp"
#include "isa/disasm.hpp"

namespace gcnsim::frontend {

size_t printListing(std::ostream& os, isa::Gen g, std::span<const uint32_t> code, uint64_t base,
                    std::string_view symbol, const SourceLines* lines) {
  size_t count = 0;
  std::optional<SourceLoc> previous;
  for (size_t i = 0; i < code.size();) {
    isa::DecodedInst inst;
    if (isa::decode(g, code.data() + i, code.size() - i, inst) == isa::DecodeStatus::Truncated) {
      char msg[96];
      std::snprintf(msg, sizeof msg, "truncated instruction at offset 0x%llx (needs more words than remain)",
                    static_cast<unsigned long long>(base + i * 4));
      throw InputError(msg);
    }
    if (lines) {
      std::optional<SourceLoc> loc = lines->at(base + i * 4);
      if (loc && (!previous || previous->line != loc->line || previous->file != loc->file))
        os << "; " << loc->text() << '\n';
      previous = std::move(loc);
    }
    char head[64];
    std::snprintf(head, sizeof head, "  %012llx: ", static_cast<unsigned long long>(base + i * 4));
    os << head;
    std::string words;
    for (unsigned k = 0; k < inst.words; ++k) {
      char wbuf[12];
      std::snprintf(wbuf, sizeof wbuf, "%08X ", code[i + k]);
      words += wbuf;
    }
    words.resize(27, ' ');
    os << words << withBranchLabel(isa::disassemble(g, inst), inst, base + i * 4, symbol, base) << '\n';
    i += inst.words;
    ++count;
  }
  return count;
}

void printCodeObjectListing(std::ostream& os, const CodeObject& co, std::optional<std::string_view> kernel,
                            bool lineNumbers) {
  if (kernel && !co.findKernel(*kernel))
    throw InputError(co.path + ": no kernel \"" + std::string(*kernel) + "\" (kernels: " + co.kernelNames() +
                     ")");
  const SourceLines lines = lineNumbers ? SourceLines::read(co.file, co.path) : SourceLines();
  // What to print: the kernel asked for, else every function of .text in address order (as llvm-objdump
  // -d: the kernels and the functions they call), else (no function symbols) the kernels.
  std::vector<CodeFunction> parts;
  for (const KernelInfo& k : co.kernels)
    if (kernel ? k.name == *kernel : co.functions.empty())
      parts.push_back({k.name, k.entryVaddr, k.codeSize});
  if (!kernel && !co.functions.empty()) {
    // As llvm-objdump -d, a function runs to the next one (or the end of .text): the padding between
    // functions (s_nop 0 up to the next 256-byte boundary) is listed under the function before it.
    parts = co.functions;
    for (size_t i = 0; i < parts.size(); ++i) {
      const uint64_t end = i + 1 < parts.size() ? parts[i + 1].vaddr : co.textVaddr + co.textSize;
      if (end > parts[i].vaddr) parts[i].size = std::max(parts[i].size, end - parts[i].vaddr);
    }
  }
  bool first = true;
  for (const CodeFunction& f : parts) {
    auto bytes = co.textBytes(f.vaddr, f.size & ~uint64_t{3});
    std::vector<uint32_t> words(bytes.size() / 4);
    if (!bytes.empty()) std::memcpy(words.data(), bytes.data(), words.size() * 4);
    if (!first) os << '\n';
    first = false;
    os << f.name << ":\n";
    try {
      printListing(os, co.arch.gen, words, f.vaddr, f.name, lineNumbers ? &lines : nullptr);
    } catch (const InputError& e) {  // a truncated instruction: name the file and the function
      throw InputError(co.path + ": " + f.name + ": " + e.what());
    }
  }
}

}  // namespace gcnsim::frontend
