// Placeholder codecs for the vector formats, replaced by the real ones.
#include "isa/format_codecs.hpp"

namespace gcnsim::isa {
bool decodeVop2(const DecodeInput&, DecodedInst& out) { out.info = nullptr; return true; }
bool decodeVop1(const DecodeInput&, DecodedInst& out) { out.info = nullptr; return true; }
bool decodeVopc(const DecodeInput&, DecodedInst& out) { out.info = nullptr; return true; }
bool decodeVop3(const DecodeInput&, DecodedInst& out) { out.info = nullptr; return true; }
bool decodeVop3p(const DecodeInput&, DecodedInst& out) { out.info = nullptr; return true; }
bool decodeVintrp(const DecodeInput&, DecodedInst& out) { out.info = nullptr; return true; }
std::string printVector(Gen, const DecodedInst& inst) { return inst.info ? inst.info->name : ""; }
}  // namespace gcnsim::isa
