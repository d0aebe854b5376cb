#include "frontend/code_object/elf_reader.hpp"

#include <algorithm>
#include <cstring>

#include "frontend/common/error.hpp"
#include "isa/hex_text.hpp"

namespace gcnsim::frontend::elf {
namespace {

constexpr uint32_t kShtNobits = 8;
constexpr size_t kEhdrSize = 64, kPhdrSize = 56, kShdrSize = 64, kSymSize = 24;

template <typename T>
T load(std::span<const uint8_t> b, size_t off) {
  T v;
  std::memcpy(&v, b.data() + off, sizeof v);  // little-endian host (x86-64, AArch64)
  return v;
}

}  // namespace

void Reader::fail(const std::string& msg) const { throw InputError(what_ + ": " + msg); }

std::span<const uint8_t> Reader::range(uint64_t offset, uint64_t size, std::string_view field) const {
  if (offset > bytes_.size() || size > bytes_.size() - offset)
    fail(std::string(field) + " [" + hex(offset) + ", +" + hex(size) + ") lies past the end of the file (" +
         std::to_string(bytes_.size()) + " bytes); truncated or corrupt ELF");
  return bytes_.subspan(offset, size);
}

Reader::Reader(std::span<const uint8_t> bytes, std::string what) : bytes_(bytes), what_(std::move(what)) {
  if (bytes_.size() < 4 || std::memcmp(bytes_.data(),
                                       "\x7f"
                                       "ELF",
                                       4) != 0)
    fail("not an ELF file (bad magic; expected 7f 45 4c 46)");
  if (bytes_.size() < kEhdrSize)
    fail("truncated ELF header (" + std::to_string(bytes_.size()) + " bytes, need 64)");
  if (bytes_[4] != 2)
    fail("not a 64-bit ELF (EI_CLASS " + std::to_string(bytes_[4]) + "); AMDGPU code objects are ELFCLASS64");
  if (bytes_[5] != 1) fail("not a little-endian ELF (EI_DATA " + std::to_string(bytes_[5]) + ")");
  header_.osAbi = bytes_[7];
  header_.abiVersion = bytes_[8];
  header_.type = load<uint16_t>(bytes_, 16);
  header_.machine = load<uint16_t>(bytes_, 18);
  header_.flags = load<uint32_t>(bytes_, 48);
  if (header_.machine != kMachineAmdgpu)
    fail("e_machine is " + std::to_string(header_.machine) + ", not EM_AMDGPU (224)");

  const uint64_t phoff = load<uint64_t>(bytes_, 32), shoff = load<uint64_t>(bytes_, 40);
  const uint16_t phentsize = load<uint16_t>(bytes_, 54), phnum = load<uint16_t>(bytes_, 56);
  const uint16_t shentsize = load<uint16_t>(bytes_, 58), shnum = load<uint16_t>(bytes_, 60);
  const uint16_t shstrndx = load<uint16_t>(bytes_, 62);

  uint64_t loadBytes = 0;  // p_filesz of the PT_LOAD segments so far
  if (phnum > 0) {
    if (phentsize < kPhdrSize) fail("e_phentsize " + std::to_string(phentsize) + " is smaller than 56");
    auto table = range(phoff, uint64_t{phentsize} * phnum, "program header table");
    for (unsigned i = 0; i < phnum; ++i) {
      auto e = table.subspan(size_t{i} * phentsize, kPhdrSize);
      ProgramHeader p;
      p.type = load<uint32_t>(e, 0);
      p.flags = load<uint32_t>(e, 4);
      p.offset = load<uint64_t>(e, 8);
      p.vaddr = load<uint64_t>(e, 16);
      p.filesz = load<uint64_t>(e, 32);
      p.memsz = load<uint64_t>(e, 40);
      p.align = load<uint64_t>(e, 48);
      if (p.type == kPtLoad || p.type == kPtNote)
        range(p.offset, p.filesz, "program header " + std::to_string(i) + " contents");
      if (p.type == kPtLoad && p.filesz > p.memsz)
        fail("program header " + std::to_string(i) + ": p_filesz is larger than p_memsz");
      // The loader copies each segment's file data: segments that overlap in the file would make a small
      // file cost many times its size (1,000 PT_LOADs of a 2 MB file took 2 GB). Real code objects'
      // segments never overlap, so their data is at most the file.
      if (p.type == kPtLoad && (loadBytes += p.filesz) > bytes_.size())
        fail("program header " + std::to_string(i) +
             ": the PT_LOAD segments' file data adds up to more than " + "the file's " +
             std::to_string(bytes_.size()) + " bytes (segments overlap); corrupt ELF");
      phdrs_.push_back(p);
    }
  }

  if (shnum > 0) {
    if (shentsize < kShdrSize) fail("e_shentsize " + std::to_string(shentsize) + " is smaller than 64");
    auto table = range(shoff, uint64_t{shentsize} * shnum, "section header table");
    std::vector<uint32_t> nameOffsets;
    for (unsigned i = 0; i < shnum; ++i) {
      auto e = table.subspan(size_t{i} * shentsize, kShdrSize);
      Section s;
      nameOffsets.push_back(load<uint32_t>(e, 0));
      s.type = load<uint32_t>(e, 4);
      s.flags = load<uint64_t>(e, 8);
      s.addr = load<uint64_t>(e, 16);
      s.offset = load<uint64_t>(e, 24);
      s.size = load<uint64_t>(e, 32);
      s.link = load<uint32_t>(e, 40);
      s.entsize = load<uint64_t>(e, 56);
      if (s.type != kShtNobits && s.type != 0)
        range(s.offset, s.size, "section " + std::to_string(i) + " contents");
      sections_.push_back(s);
    }
    if (shstrndx >= shnum) fail("e_shstrndx " + std::to_string(shstrndx) + " is not a section index");
    uint64_t budget = bytes_.size();
    for (unsigned i = 0; i < shnum; ++i)
      sections_[i].name = stringAt(sections_[shstrndx], nameOffsets[i], "section name", budget);
  }
}

std::string Reader::stringAt(const Section& strtab, uint64_t offset, std::string_view field,
                             uint64_t& budget) const {
  if (offset >= strtab.size)
    fail(std::string(field) + " offset " + hex(offset) + " is outside its string table");
  auto data = range(strtab.offset, strtab.size, "string table");
  const uint8_t* begin = data.data() + offset;
  const uint64_t left = data.size() - offset;
  const void* end = std::memchr(begin, 0, std::min(left, budget + 1));
  if (!end && left <= budget) fail(std::string(field) + " at " + hex(offset) + " is not NUL-terminated");
  if (!end)
    fail(std::string(field) + " at " + hex(offset) + ": the " + std::string(field) +
         "s of the table add up to more than the file's " + std::to_string(bytes_.size()) +
         " bytes (entries share long names); corrupt ELF");
  budget -= static_cast<const uint8_t*>(end) - begin;
  return std::string(reinterpret_cast<const char*>(begin), static_cast<const uint8_t*>(end) - begin);
}

const Section* Reader::findSection(std::string_view name) const {
  for (const auto& s : sections_)
    if (s.name == name) return &s;
  return nullptr;
}

std::vector<Symbol> Reader::symbols() const {
  const Section* table = nullptr;
  for (uint32_t wanted : {kShtSymtab, kShtDynsym}) {
    for (const auto& s : sections_)
      if (s.type == wanted) table = &s;
    if (table) break;
  }
  return symbolsOf(table);
}

std::vector<Symbol> Reader::dynamicSymbols() const {
  for (const auto& s : sections_)
    if (s.type == kShtDynsym) return symbolsOf(&s);
  return {};
}

std::vector<std::pair<int64_t, uint64_t>> Reader::dynamicEntries() const {
  std::vector<std::pair<int64_t, uint64_t>> out;
  for (const auto& p : phdrs_) {
    if (p.type != kPtDynamic) continue;
    auto data = range(p.offset, p.filesz, "PT_DYNAMIC segment");
    for (size_t off = 0; off + 16 <= data.size(); off += 16) {
      const int64_t tag = load<int64_t>(data, off);
      if (tag == 0) break;  // DT_NULL
      out.emplace_back(tag, load<uint64_t>(data, off + 8));
    }
    break;
  }
  return out;
}

std::vector<Symbol> Reader::symbolsOf(const Section* table) const {
  std::vector<Symbol> out;
  if (!table) return out;
  if (table->link >= sections_.size())
    fail("symbol table " + table->name + ": sh_link is not a section index");
  const Section& strtab = sections_[table->link];
  auto data = range(table->offset, table->size, "symbol table");
  uint64_t budget = bytes_.size();
  for (size_t off = 0; off + kSymSize <= data.size(); off += kSymSize) {
    Symbol s;
    s.name = stringAt(strtab, load<uint32_t>(data, off), "symbol name", budget);
    const uint8_t info = data[off + 4];
    s.type = info & 0xf;
    s.bind = info >> 4;
    s.shndx = load<uint16_t>(data, off + 6);
    s.value = load<uint64_t>(data, off + 8);
    s.size = load<uint64_t>(data, off + 16);
    out.push_back(std::move(s));
  }
  return out;
}

void Reader::parseNotes(std::span<const uint8_t> data, std::vector<Note>& out) const {
  auto align4 = [](uint64_t v) { return (v + 3) & ~uint64_t{3}; };
  size_t off = 0;
  while (off + 12 <= data.size()) {
    const uint32_t namesz = load<uint32_t>(data, off), descsz = load<uint32_t>(data, off + 4);
    Note n;
    n.type = load<uint32_t>(data, off + 8);
    const uint64_t nameOff = off + 12, descOff = nameOff + align4(namesz);
    if (descOff > data.size() || descsz > data.size() - descOff)
      fail("note record at offset " + hex(off) + " runs past the end of its note section");
    n.name.assign(reinterpret_cast<const char*>(data.data() + nameOff), namesz);
    while (!n.name.empty() && n.name.back() == '\0') n.name.pop_back();
    n.desc = data.subspan(descOff, descsz);
    out.push_back(n);
    off = descOff + align4(descsz);
  }
}

std::vector<Note> Reader::notes() const {
  std::vector<Note> out;
  // Notes that overlap in the file would be parsed many times over (a note per 12 bytes each time).
  uint64_t total = 0;
  const auto parse = [&](uint64_t offset, uint64_t size, const char* what) {
    if ((total += size) > bytes_.size())
      fail(std::string(what) + "s add up to more than the file's " + std::to_string(bytes_.size()) +
           " bytes (they overlap); corrupt ELF");
    parseNotes(range(offset, size, what), out);
  };
  bool fromSections = false;
  for (const auto& s : sections_)
    if (s.type == kShtNote) {
      parse(s.offset, s.size, "note section");
      fromSections = true;
    }
  if (!fromSections)
    for (const auto& p : phdrs_)
      if (p.type == kPtNote) parse(p.offset, p.filesz, "note segment");
  return out;
}

}  // namespace gcnsim::frontend::elf
