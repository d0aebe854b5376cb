// Placeholder codecs for the scalar formats, replaced by the real ones.
#include "isa/format_codecs.hpp"

namespace gcnsim::isa {
bool decodeSop2(const DecodeInput&, DecodedInst& out) { out.info = nullptr; return true; }
bool decodeSopk(const DecodeInput&, DecodedInst& out) { out.info = nullptr; return true; }
bool decodeSop1(const DecodeInput&, DecodedInst& out) { out.info = nullptr; return true; }
bool decodeSopc(const DecodeInput&, DecodedInst& out) { out.info = nullptr; return true; }
bool decodeSopp(const DecodeInput&, DecodedInst& out) { out.info = nullptr; return true; }
bool decodeSmrd(const DecodeInput&, DecodedInst& out) { out.info = nullptr; return true; }
bool decodeSmem(const DecodeInput&, DecodedInst& out) { out.info = nullptr; return true; }
std::string printScalar(Gen, const DecodedInst& inst) { return inst.info ? inst.info->name : ""; }
}  // namespace gcnsim::isa
