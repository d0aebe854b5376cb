// Machine code -> DecodedInst.
#pragma once
#include <cstddef>
#include <cstdint>

#include "isa/decoded.hpp"

namespace gcnsim::isa {

enum class DecodeStatus : uint8_t {
  Ok,         // `out` holds a valid instruction, or an invalid encoding (out.info == nullptr, 1 word)
  Truncated,  // the instruction needs more dwords than `avail`
};

// Decodes the instruction at words[0]; `avail` dwords are readable.
DecodeStatus decode(Gen g, const uint32_t* words, size_t avail, DecodedInst& out);

// The encoding format of a first instruction word, or Format::Count for none.
Format detectFormat(Gen g, uint32_t word0);

}  // namespace gcnsim::isa
