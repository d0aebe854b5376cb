#include "frontend/code_object/source_lines.hpp"

#include <elfutils/libdw.h>
#include <libelf.h>

#include <algorithm>
#include <memory>

#include "frontend/common/error.hpp"

namespace gcnsim::frontend {
namespace {

struct ElfCloser {
  void operator()(Elf* e) const { elf_end(e); }
};
struct DwarfCloser {
  void operator()(Dwarf* d) const { dwarf_end(d); }
};

std::string tidyPath(const char* p) {
  std::string s = p ? p : "?";
  while (s.rfind("./", 0) == 0) s.erase(0, 2);
  return s;
}

}  // namespace

SourceLines SourceLines::read(std::span<const uint8_t> elf, const std::string& path) {
  SourceLines out;
  elf_version(EV_CURRENT);
  // elf_memory takes a non-const image: libelf writes to it only to convert
  // a foreign byte order, and loadCodeObject refuses anything but
  // little-endian ELF, the host's order.
  std::unique_ptr<Elf, ElfCloser> e(
      elf_memory(const_cast<char*>(reinterpret_cast<const char*>(elf.data())), elf.size()));
  if (!e) return out;
  std::unique_ptr<Dwarf, DwarfCloser> dw(dwarf_begin_elf(e.get(), DWARF_C_READ, nullptr));
  if (!dw) return out;  // no debug sections
  Dwarf_Off off = 0, next = 0;
  size_t headerSize = 0;
  while (dwarf_nextcu(dw.get(), off, &next, &headerSize, nullptr, nullptr, nullptr) == 0) {
    Dwarf_Die cu;
    Dwarf_Lines* lines = nullptr;
    size_t n = 0;
    if (dwarf_offdie(dw.get(), off + headerSize, &cu) && dwarf_getsrclines(&cu, &lines, &n) != 0)
      throw InputError(path + ": .debug_line: " + dwarf_errmsg(-1));
    for (size_t i = 0; lines && i < n; ++i) {
      Dwarf_Line* l = dwarf_onesrcline(lines, i);
      Dwarf_Addr addr = 0;
      int line = 0;
      bool end = false;
      if (!l || dwarf_lineaddr(l, &addr) != 0 || dwarf_lineno(l, &line) != 0 ||
          dwarf_lineendsequence(l, &end) != 0)
        throw InputError(path + ": .debug_line: " + dwarf_errmsg(-1));
      const std::string file = tidyPath(dwarf_linesrc(l, nullptr, nullptr));
      auto it = std::find(out.files_.begin(), out.files_.end(), file);
      if (it == out.files_.end()) it = out.files_.insert(out.files_.end(), file);
      out.rows_.push_back({addr, uint32_t(it - out.files_.begin()), uint32_t(std::max(line, 0)), end});
    }
    off = next;
  }
  // By address; at one address an end_sequence row before the rows that
  // start the next sequence there, table order otherwise.
  std::stable_sort(out.rows_.begin(), out.rows_.end(), [](const Row& a, const Row& b) {
    return a.addr != b.addr ? a.addr < b.addr : a.end && !b.end;
  });
  return out;
}

std::optional<SourceLoc> SourceLines::at(uint64_t vaddr) const {
  // The last row at or before vaddr.
  auto it = std::upper_bound(rows_.begin(), rows_.end(), vaddr,
                             [](uint64_t a, const Row& r) { return a < r.addr; });
  if (it == rows_.begin()) return std::nullopt;
  const Row& r = *std::prev(it);
  if (r.end || r.line == 0) return std::nullopt;
  return SourceLoc{files_[r.file], r.line};
}

}  // namespace gcnsim::frontend
