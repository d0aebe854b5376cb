#include "isa/gen.hpp"

#include <algorithm>
#include <array>
#include <cctype>

namespace gcnsim::isa {
namespace {

struct ArchName {
  std::string_view name;
  Gen gen;
  std::string_view llvm;
};

constexpr Gen kGfx906{Gen::GCN14, Variant::Gfx906};

// LLVM processor names and their chip aliases (AMDGPUUsage.rst, "Processors").
constexpr std::array kArchNames = {
    ArchName{"gfx600", Gen::GCN10, "gfx600"},
    ArchName{"tahiti", Gen::GCN10, "gfx600"},
    ArchName{"gfx601", Gen::GCN10, "gfx601"},
    ArchName{"pitcairn", Gen::GCN10, "gfx601"},
    ArchName{"verde", Gen::GCN10, "gfx601"},
    ArchName{"gfx602", Gen::GCN10, "gfx602"},
    ArchName{"hainan", Gen::GCN10, "gfx602"},
    ArchName{"oland", Gen::GCN10, "gfx602"},
    ArchName{"gfx700", Gen::GCN11, "gfx700"},
    ArchName{"kaveri", Gen::GCN11, "gfx700"},
    ArchName{"gfx701", Gen::GCN11, "gfx701"},
    ArchName{"hawaii", Gen::GCN11, "gfx701"},
    ArchName{"gfx702", Gen::GCN11, "gfx702"},
    ArchName{"gfx703", Gen::GCN11, "gfx703"},
    ArchName{"kabini", Gen::GCN11, "gfx703"},
    ArchName{"mullins", Gen::GCN11, "gfx703"},
    ArchName{"gfx704", Gen::GCN11, "gfx704"},
    ArchName{"bonaire", Gen::GCN11, "gfx704"},
    ArchName{"gfx705", Gen::GCN11, "gfx705"},
    ArchName{"gfx801", Gen::GCN12, "gfx801"},
    ArchName{"carrizo", Gen::GCN12, "gfx801"},
    ArchName{"gfx802", Gen::GCN12, "gfx802"},
    ArchName{"iceland", Gen::GCN12, "gfx802"},
    ArchName{"tonga", Gen::GCN12, "gfx802"},
    ArchName{"gfx803", Gen::GCN12, "gfx803"},
    ArchName{"fiji", Gen::GCN12, "gfx803"},
    ArchName{"polaris10", Gen::GCN12, "gfx803"},
    ArchName{"polaris11", Gen::GCN12, "gfx803"},
    ArchName{"gfx805", Gen::GCN12, "gfx805"},
    ArchName{"tongapro", Gen::GCN12, "gfx805"},
    ArchName{"gfx810", Gen::GCN12, "gfx810"},
    ArchName{"stoney", Gen::GCN12, "gfx810"},
    ArchName{"gfx900", Gen::GCN14, "gfx900"},
    ArchName{"vega10", Gen::GCN14, "gfx900"},
    ArchName{"gfx902", Gen::GCN14, "gfx902"},
    ArchName{"raven", Gen::GCN14, "gfx902"},
    ArchName{"gfx904", Gen::GCN14, "gfx904"},
    ArchName{"vega12", Gen::GCN14, "gfx904"},
    ArchName{"gfx906", kGfx906, "gfx906"},
    ArchName{"vega20", kGfx906, "gfx906"},
    ArchName{"gfx909", Gen::GCN14, "gfx909"},
    ArchName{"gfx90c", Gen::GCN14, "gfx90c"},
    // (gfx908, gfx90a: CDNA, gfx9 names but not GCN 1.4 code -- MFMA, AGPRs, another VGPR granule -- so
    // not an arch gcnsim takes, for raw code either; their code objects are refused by EF_AMDGPU_MACH.)
    ArchName{"gcn1.0", Gen::GCN10, "gfx600"},
    ArchName{"gcn1.1", Gen::GCN11, "gfx700"},
    ArchName{"gcn1.2", Gen::GCN12, "gfx803"},
    ArchName{"gcn1.4", Gen::GCN14, "gfx900"},
};

}  // namespace

std::optional<Arch> parseArch(std::string_view name) {
  std::string lower(name);
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  for (const auto& a : kArchNames)
    if (a.name == lower) return Arch{a.gen, std::string(a.llvm)};  // gen carries the variant
  return std::nullopt;
}

std::string_view genName(Gen g) {
  constexpr std::array<std::string_view, kNumGens> n = {"GCN 1.0", "GCN 1.1", "GCN 1.2", "GCN 1.4"};
  return n[genIndex(g)];
}

std::string_view genFamily(Gen g) {
  constexpr std::array<std::string_view, kNumGens> n = {"gfx6", "gfx7", "gfx8", "gfx9"};
  return n[genIndex(g)];
}

std::string_view genDefaultCpu(Gen g) {
  constexpr std::array<std::string_view, kNumGens> n = {"gfx600", "gfx700", "gfx803", "gfx900"};
  return n[genIndex(g)];
}

std::string knownArchNames() {
  std::string out;
  for (const auto& a : kArchNames) {
    if (!out.empty()) out += ", ";
    out += a.name;
  }
  return out;
}

}  // namespace gcnsim::isa
