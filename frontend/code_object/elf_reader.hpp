// A bounds-checked reader for 64-bit little-endian ELF files (just what AMDGPU
// code objects need: header, program headers, sections, symbols, notes).
// Every malformed offset or size becomes an InputError naming the file.
#pragma once
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace gcnsim::frontend::elf {

inline constexpr uint16_t kMachineAmdgpu = 224;  // EM_AMDGPU
inline constexpr uint32_t kPtLoad = 1, kPtDynamic = 2, kPtNote = 4;
inline constexpr uint32_t kShtSymtab = 2, kShtNote = 7, kShtDynsym = 11;
inline constexpr uint32_t kPfExecute = 1, kPfWrite = 2, kPfRead = 4;

struct Header {
  uint8_t osAbi = 0, abiVersion = 0;  // e_ident[EI_OSABI], e_ident[EI_ABIVERSION]
  uint16_t type = 0, machine = 0;     // e_type, e_machine
  uint32_t flags = 0;                 // e_flags
};

struct ProgramHeader {
  uint32_t type = 0, flags = 0;
  uint64_t offset = 0, vaddr = 0, filesz = 0, memsz = 0, align = 0;
};

struct Section {
  std::string name;
  uint32_t type = 0;
  uint64_t flags = 0, addr = 0, offset = 0, size = 0;
  uint32_t link = 0;
  uint64_t entsize = 0;
};

struct Symbol {
  std::string name;
  uint64_t value = 0, size = 0;
  uint8_t type = 0, bind = 0;  // STT_*, STB_*
  uint16_t shndx = 0;
};

struct Note {
  std::string name;
  uint32_t type = 0;
  std::span<const uint8_t> desc;  // points into the file bytes
};

// Parses `bytes` (kept alive by the caller). `what` names the file in messages.
class Reader {
 public:
  Reader(std::span<const uint8_t> bytes, std::string what);

  const Header& header() const { return header_; }
  const std::vector<ProgramHeader>& programHeaders() const { return phdrs_; }
  const std::vector<Section>& sections() const { return sections_; }
  const Section* findSection(std::string_view name) const;
  // .symtab if present, else .dynsym.
  std::vector<Symbol> symbols() const;
  // .dynsym (the table dynamic relocations index), empty if there is none.
  std::vector<Symbol> dynamicSymbols() const;
  // The (d_tag, d_val) entries of the PT_DYNAMIC segment up to DT_NULL; empty without one.
  std::vector<std::pair<int64_t, uint64_t>> dynamicEntries() const;
  // Notes of every SHT_NOTE section, or of every PT_NOTE segment when there are no sections.
  std::vector<Note> notes() const;
  // The file bytes [offset, offset + size), or an InputError naming `field`.
  std::span<const uint8_t> range(uint64_t offset, uint64_t size, std::string_view field) const;

 private:
  [[noreturn]] void fail(const std::string& msg) const;
  // The NUL-terminated string at `offset` of `strtab`, taking its length from `budget`: the names of one
  // table (the section names, a symbol table's names) add up to at most the file's size, so that entries
  // that all name one long string cannot make a small file cost gigabytes (20,000 section headers naming
  // the start of a 100 KB string had taken 2 GB).
  std::string stringAt(const Section& strtab, uint64_t offset, std::string_view field,
                       uint64_t& budget) const;
  std::vector<Symbol> symbolsOf(const Section* table) const;
  void parseNotes(std::span<const uint8_t> data, std::vector<Note>& out) const;

  std::span<const uint8_t> bytes_;
  std::string what_;
  Header header_;
  std::vector<ProgramHeader> phdrs_;
  std::vector<Section> sections_;
};

}  // namespace gcnsim::frontend::elf
