// Placeholder codecs for the memory formats, replaced by the real ones.
#include "isa/format_codecs.hpp"

namespace gcnsim::isa {
bool decodeDs(const DecodeInput&, DecodedInst& out) { out.info = nullptr; return true; }
bool decodeMubuf(const DecodeInput&, DecodedInst& out) { out.info = nullptr; return true; }
bool decodeMtbuf(const DecodeInput&, DecodedInst& out) { out.info = nullptr; return true; }
bool decodeMimg(const DecodeInput&, DecodedInst& out) { out.info = nullptr; return true; }
bool decodeExp(const DecodeInput&, DecodedInst& out) { out.info = nullptr; return true; }
bool decodeFlat(const DecodeInput&, DecodedInst& out) { out.info = nullptr; return true; }
std::string printMemory(Gen, const DecodedInst& inst) { return inst.info ? inst.info->name : ""; }
}  // namespace gcnsim::isa
