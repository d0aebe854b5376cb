#include "isa/decoder.hpp"

#include "isa/format_codecs.hpp"
#include "isa/table.hpp"

namespace gcnsim::isa {

// Encoding bits of each format (CLRX GcnInstrs*.md, "Encoding" sections).
// Longer prefixes are tested before the shorter ones they extend.
Format detectFormat(Gen g, uint32_t w) {
  const bool si = g <= Gen::GCN11;
  if ((w >> 31) == 0) {
    if (bits(w, 25, 7) == 0x3f) return Format::VOP1;  // 0111111
    if (bits(w, 25, 7) == 0x3e) return Format::VOPC;  // 0111110
    return Format::VOP2;                              // 0
  }
  if ((w >> 30) == 0x2) {                              // 10
    if (bits(w, 23, 9) == 0x17d) return Format::SOP1;  // 101111101
    if (bits(w, 23, 9) == 0x17e) return Format::SOPC;  // 101111110
    if (bits(w, 23, 9) == 0x17f) return Format::SOPP;  // 101111111
    if (bits(w, 28, 4) == 0xb) return Format::SOPK;    // 1011
    return Format::SOP2;                               // 10
  }
  const uint32_t enc6 = bits(w, 26, 6);
  if (si && bits(w, 27, 5) == 0x18) return Format::SMRD;                 // 11000
  if (!si && enc6 == 0x30) return Format::SMEM;                          // 110000
  if (g == Gen::GCN14 && bits(w, 23, 9) == 0x1a7) return Format::VOP3P;  // 110100111
  switch (enc6) {
    case 0x34: return Format::VOP3;                                    // 110100
    case 0x32: return si ? Format::VINTRP : Format::Count;             // 110010 (GCN 1.0/1.1)
    case 0x35: return si ? Format::Count : Format::VINTRP;             // 110101 (GCN 1.2/1.4)
    case 0x36: return Format::DS;                                      // 110110
    case 0x38: return Format::MUBUF;                                   // 111000
    case 0x3a: return Format::MTBUF;                                   // 111010
    case 0x3c: return Format::MIMG;                                    // 111100
    case 0x3e: return si ? Format::EXP : Format::Count;                // 111110 (GCN 1.0/1.1)
    case 0x31: return si ? Format::Count : Format::EXP;                // 110001 (GCN 1.2/1.4)
    case 0x37: return g == Gen::GCN10 ? Format::Count : Format::FLAT;  // 110111 (GCN 1.1+)
    default: return Format::Count;
  }
}

namespace {

FormatDecoder decoderFor(Format f) {
  switch (f) {
    case Format::SOP2: return decodeSop2;
    case Format::SOPK: return decodeSopk;
    case Format::SOP1: return decodeSop1;
    case Format::SOPC: return decodeSopc;
    case Format::SOPP: return decodeSopp;
    case Format::SMRD: return decodeSmrd;
    case Format::SMEM: return decodeSmem;
    case Format::VOP2: return decodeVop2;
    case Format::VOP1: return decodeVop1;
    case Format::VOPC: return decodeVopc;
    case Format::VOP3: return decodeVop3;
    case Format::VOP3P: return decodeVop3p;
    case Format::VINTRP: return decodeVintrp;
    case Format::DS: return decodeDs;
    case Format::MUBUF: return decodeMubuf;
    case Format::MTBUF: return decodeMtbuf;
    case Format::MIMG: return decodeMimg;
    case Format::EXP: return decodeExp;
    case Format::FLAT:
    case Format::GLOBAL:
    case Format::SCRATCH: return decodeFlat;
    case Format::Count: break;
  }
  return nullptr;
}

}  // namespace

DecodeStatus decode(Gen g, const uint32_t* words, size_t avail, DecodedInst& out) {
  out = DecodedInst{};
  if (avail == 0) return DecodeStatus::Truncated;
  out.raw[0] = words[0];
  const Format f = detectFormat(g, words[0]);
  FormatDecoder dec = decoderFor(f);
  if (!dec) return DecodeStatus::Ok;  // undefined encoding: invalid instruction, one word
  out.encoding = f;
  DecodeInput in{g, words, avail};
  if (!dec(in, out)) return DecodeStatus::Truncated;
  if (!out.info) {
    // Undefined opcode within a known format: one .long word, like llvm-objdump.
    const uint32_t w0 = words[0];
    out = DecodedInst{};
    out.raw[0] = w0;
    return DecodeStatus::Ok;
  }
  for (unsigned i = 0; i < out.words && i < out.raw.size(); ++i) out.raw[i] = words[i];
  out.opIndex = opIndexOf(out.info);
  return DecodeStatus::Ok;
}

}  // namespace gcnsim::isa
