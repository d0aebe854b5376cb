// GCN generations and architecture names.
#pragma once
#include <compare>
#include <concepts>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace gcnsim::isa {

// ISA variants: processors of a generation whose opcode map differs from the
// generation's. Each has an opcode column of its own in every ISA table after
// the generations' (isa/opinfo.hpp: opColumn), filled by the table generators
// from llvm-mc for that processor.
enum class Variant : uint8_t {
  Base,    // the generation's opcode map (gfx600, gfx700, gfx803, gfx900 and the rest)
  Gfx906,  // gfx906 (Vega 20): GCN 1.4 with v_fma_mix* in place of v_mad_mix* (same opcodes),
           // v_fmac_f32, v_xnor_b32 and the v_dot* operations
};

// One of the four generations gcnsim models, and the ISA variant of the
// processor the code is for. Comparisons and switches see the generation
// alone (gfx906 code is Gen::GCN14 to everything but the decoder), so a Gen
// is used wherever a generation is; the decoder reads variant() to pick the
// opcode column (the frontend's isa::Arch, from the code object's
// EF_AMDGPU_MACH through parseArch, carries it to the code caches).
class Gen {
 public:
  enum class Id : uint8_t {
    GCN10 = 0,  // GCN 1.0, gfx6, Southern Islands
    GCN11 = 1,  // GCN 1.1, gfx7, Sea Islands
    GCN12 = 2,  // GCN 1.2, gfx8, Volcanic Islands
    GCN14 = 3,  // GCN 1.4, gfx9, Vega
  };
  static constexpr Id GCN10 = Id::GCN10;
  static constexpr Id GCN11 = Id::GCN11;
  static constexpr Id GCN12 = Id::GCN12;
  static constexpr Id GCN14 = Id::GCN14;

  constexpr Gen() = default;
  constexpr Gen(Id id, Variant v = Variant::Base) : id_(id), variant_(v) {}  // NOLINT: implicit by design
  // The generation of index i (0..kNumGens-1), base variant: static_cast<Gen>(i).
  constexpr explicit Gen(int index) : id_(static_cast<Id>(index)) {}
  constexpr operator Id() const { return id_; }  // NOLINT: `switch (gen)` and `case Gen::GCN14:`
  // int(gen), static_cast<uint64_t>(gen): the generation's index, as for an enum.
  template <std::integral T>
  constexpr explicit operator T() const {
    return static_cast<T>(id_);
  }

  constexpr Id id() const { return id_; }
  constexpr Variant variant() const { return variant_; }

  friend constexpr bool operator==(Gen a, Gen b) { return a.id_ == b.id_; }
  friend constexpr bool operator==(Gen a, Id b) { return a.id_ == b; }
  friend constexpr std::strong_ordering operator<=>(Gen a, Gen b) { return a.id_ <=> b.id_; }
  friend constexpr std::strong_ordering operator<=>(Gen a, Id b) { return a.id_ <=> b; }

 private:
  Id id_ = Id::GCN10;
  Variant variant_ = Variant::Base;
};
inline constexpr int kNumGens = 4;
inline constexpr int genIndex(Gen g) { return static_cast<int>(g.id()); }

// Opcode columns of the ISA tables: one per generation (genIndex), then one
// per variant.
inline constexpr int kNumOpColumns = kNumGens + 1;
inline constexpr int kGfx906Column = kNumGens;
inline constexpr int opColumn(Gen g) { return g.variant() == Variant::Gfx906 ? kGfx906Column : genIndex(g); }

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
