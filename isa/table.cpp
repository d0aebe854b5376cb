#include "isa/table.hpp"

#include <array>
#include <string>
#include <unordered_map>
#include <vector>

#include "isa/tables/tables.hpp"

namespace gcnsim::isa {

const char* formatName(Format f) {
  static constexpr std::array<const char*, kNumFormats> names = {
      "SOP2",  "SOPK",   "SOP1", "SOPC",  "SOPP",  "SMRD", "SMEM", "VOP2", "VOP1",   "VOPC",   "VOP3",
      "VOP3P", "VINTRP", "DS",   "MUBUF", "MTBUF", "MIMG", "EXP",  "FLAT", "GLOBAL", "SCRATCH"};
  return names[static_cast<int>(f)];
}

std::span<const OpInfo> opTable(Format f) {
  switch (f) {
    case Format::SOP2: return tables::sop2();
    case Format::SOPK: return tables::sopk();
    case Format::SOP1: return tables::sop1();
    case Format::SOPC: return tables::sopc();
    case Format::SOPP: return tables::sopp();
    case Format::SMRD: return tables::smrd();
    case Format::SMEM: return tables::smem();
    case Format::VOP2: return tables::vop2();
    case Format::VOP1: return tables::vop1();
    case Format::VOPC: return tables::vopc();
    case Format::VOP3: return tables::vop3();
    case Format::VOP3P: return tables::vop3p();
    case Format::VINTRP: return tables::vintrp();
    case Format::DS: return tables::ds();
    case Format::MUBUF: return tables::mubuf();
    case Format::MTBUF: return tables::mtbuf();
    case Format::MIMG: return tables::mimg();
    case Format::EXP: return tables::exp();
    case Format::FLAT: return tables::flat();
    case Format::GLOBAL: return tables::global();
    case Format::SCRATCH: return tables::scratch();
    case Format::Count: break;
  }
  return {};
}

namespace {

// Built once: dense (format, opcode column) -> opcode -> row maps and the flat list.
struct Registry {
  std::array<std::array<std::vector<const OpInfo*>, kNumOpColumns>, kNumFormats> byOpcode;
  std::vector<const OpInfo*> all;
  std::unordered_map<const OpInfo*, uint32_t> index;
  std::unordered_map<std::string, std::array<const OpInfo*, kNumOpColumns>> byName;

  Registry() {
    for (int f = 0; f < kNumFormats; ++f) {
      for (const OpInfo& row : opTable(static_cast<Format>(f))) {
        index.emplace(&row, static_cast<uint32_t>(all.size()));
        all.push_back(&row);
        auto& named = byName[row.name];
        for (int g = 0; g < kNumOpColumns; ++g) {
          int opc = row.opcode[g];
          if (opc < 0) continue;
          auto& vec = byOpcode[f][g];
          if (vec.size() <= static_cast<size_t>(opc)) vec.resize(opc + 1, nullptr);
          // Table integrity (duplicate opcodes) is checked by tests/isa/scalar_test.cpp,
          // vector_test.cpp and memory_test.cpp.
          if (!vec[opc]) vec[opc] = &row;
          if (!named[g]) named[g] = &row;
        }
      }
    }
  }
};

const Registry& registry() {
  static const Registry r;
  return r;
}

}  // namespace

const OpInfo* findOp(Format f, Gen g, int opcode) {
  const auto& vec = registry().byOpcode[static_cast<int>(f)][opColumn(g)];
  if (opcode < 0 || static_cast<size_t>(opcode) >= vec.size()) return nullptr;
  return vec[opcode];
}

std::span<const OpInfo* const> allOps() { return registry().all; }

uint32_t opIndexOf(const OpInfo* info) {
  const auto& idx = registry().index;
  auto it = idx.find(info);
  return it == idx.end() ? 0 : it->second;
}

const OpInfo* findOpByName(std::string_view name, Gen g) {
  const auto& byName = registry().byName;
  auto it = byName.find(std::string(name));
  return it == byName.end() ? nullptr : it->second[opColumn(g)];
}

}  // namespace gcnsim::isa
