// Source file:line of code addresses, from a code object's DWARF line tables
// (.debug_line, present when the kernel was built with -g), read with
// elfutils' libdw.
#pragma once
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace gcnsim::frontend {

struct SourceLoc {
  std::string file;  // as the line table names it ("./" removed)
  uint32_t line = 0;
  std::string text() const { return file + ":" + std::to_string(line); }
};

class SourceLines {
 public:
  // Reads every line table of the ELF image `elf`; empty when it has no DWARF
  // (never an error: a code object without -g simply has no lines). `path`
  // names the file in the InputError of a malformed line table.
  static SourceLines read(std::span<const uint8_t> elf, const std::string& path);

  bool empty() const { return rows_.empty(); }
  // The line of the instruction at ELF address `vaddr`: the last row at or
  // before it in its sequence (several rows at one address: the last, as
  // llvm-symbolizer does); nullopt past a sequence's end and for line 0
  // (code the compiler attributes to no line).
  std::optional<SourceLoc> at(uint64_t vaddr) const;

 private:
  struct Row {
    uint64_t addr = 0;
    uint32_t file = 0, line = 0;  // file: index into files_
    bool end = false;             // end_sequence: no line from here on
  };
  std::vector<Row> rows_;  // sorted by address, table order within one address
  std::vector<std::string> files_;
};

}  // namespace gcnsim::frontend
