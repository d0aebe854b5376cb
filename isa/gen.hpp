// GCN generations and architecture names.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace gcnsim::isa {

// The four generations gcnsim models. The numeric value indexes the
// per-generation opcode columns of every ISA table.
enum class Gen : uint8_t {
  GCN10 = 0,  // GCN 1.0, gfx6, Southern Islands
  GCN11 = 1,  // GCN 1.1, gfx7, Sea Islands
  GCN12 = 2,  // GCN 1.2, gfx8, Volcanic Islands
  GCN14 = 3,  // GCN 1.4, gfx9, Vega
};
inline constexpr int kNumGens = 4;
inline constexpr int genIndex(Gen g) { return static_cast<int>(g); }

// A concrete processor: its generation and LLVM processor name.
struct Arch {
  Gen gen;
  std::string llvmName;  // e.g. "gfx900"
};

// Accepts LLVM processor names (gfx600..gfx90c), chip names (tahiti, hawaii,
// fiji, vega10, ...) and gcn1.0/gcn1.1/gcn1.2/gcn1.4. Case-insensitive.
std::optional<Arch> parseArch(std::string_view name);

// Human-readable names: "GCN 1.0" and "gfx6".
std::string_view genName(Gen g);
std::string_view genFamily(Gen g);
// A representative LLVM -mcpu for the generation ("gfx600", "gfx700", "gfx803", "gfx900").
std::string_view genDefaultCpu(Gen g);
// Comma-separated list of accepted names, for error messages.
std::string knownArchNames();

}  // namespace gcnsim::isa
