// Buffer format conversion; the rules quote seeds/001_2fc8a7f12b5d60d9.txt
// "MUBUF/MTBUF format conversion".
#include "memory/buffer_format.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>

#include "memory/small_float.hpp"

namespace gcnsim::memory {

namespace {

// Seed 001 data format table, by code.
constexpr DataFormatInfo kFormats[16] = {
    {0, 0, {0, 0, 0, 0}},       // 0  invalid
    {1, 1, {8, 0, 0, 0}},       // 1  8
    {1, 2, {16, 0, 0, 0}},      // 2  16
    {2, 2, {8, 8, 0, 0}},       // 3  8_8
    {1, 4, {32, 0, 0, 0}},      // 4  32
    {2, 4, {16, 16, 0, 0}},     // 5  16_16
    {3, 4, {11, 11, 10, 0}},    // 6  10_11_11: "Two 11-bit and one 10-bit components from lowest bit"
    {3, 4, {10, 11, 11, 0}},    // 7  11_11_10: "One 10-bit and two 11-bit components from lowest bit"
    {4, 4, {2, 10, 10, 10}},    // 8  "One 2-bit and three 10-bit components from lowest bit"
    {4, 4, {10, 10, 10, 2}},    // 9  "Three 10-bit and one 2-bit components from lowest bit"
    {4, 4, {8, 8, 8, 8}},       // 10 8_8_8_8
    {2, 8, {32, 32, 0, 0}},     // 11 32_32
    {4, 8, {16, 16, 16, 16}},   // 12 16_16_16_16
    {3, 12, {32, 32, 32, 0}},   // 13 32_32_32
    {4, 16, {32, 32, 32, 32}},  // 14 32_32_32_32
    {0, 0, {0, 0, 0, 0}},       // 15 reserved
};

constexpr uint32_t kOneFloat = 0x3f800000u;

bool isSmallFloatFormat(uint32_t df) { return df == kBufDataFormat10_11_11 || df == kBufDataFormat11_11_10; }

// "The FLOAT number float is applicable to 32, 32_32, 32_32_32 or 32_32_32_32
// data format." gcnsim also accepts the formats whose components have a float
// encoding in hardware: 16-bit components (half) and 10_11_11/11_11_10
// (unsigned 11/10-bit floats, 5-bit exponent).
bool floatCapable(uint32_t df) {
  const DataFormatInfo& f = kFormats[df];
  return f.bits[0] == 32 || f.bits[0] == 16 || isSmallFloatFormat(df);
}

uint32_t lowMask(unsigned bits) { return bits >= 32 ? 0xffffffffu : (1u << bits) - 1; }

int32_t signExtend(uint32_t v, unsigned bits) {
  if (bits >= 32) return int32_t(v);
  uint32_t m = 1u << (bits - 1);
  return int32_t((v ^ m) - m);
}

uint32_t floatBits(double v) { return std::bit_cast<uint32_t>(static_cast<float>(v)); }

uint32_t extractBits(const uint8_t* src, unsigned bitOffset, unsigned width) {
  uint64_t acc = 0;
  unsigned first = bitOffset / 8, last = (bitOffset + width - 1) / 8;
  for (unsigned i = last + 1; i-- > first;) acc = acc << 8 | src[i];
  return uint32_t(acc >> (bitOffset % 8)) & lowMask(width);
}

void insertBits(uint8_t* dst, unsigned bitOffset, unsigned width, uint32_t value) {
  for (unsigned b = 0; b < width; ++b) {
    unsigned pos = bitOffset + b;
    uint8_t bit = uint8_t(1u << (pos % 8));
    if ((value >> b) & 1)
      dst[pos / 8] |= bit;
    else
      dst[pos / 8] &= uint8_t(~bit);
  }
}

// One component, raw bits -> register value.
uint32_t decodeComponent(uint32_t raw, unsigned bits, uint32_t nf) {
  switch (nf) {
    case kBufNumFormatUnorm:  // "Unsigned normalized value (0:1)"
      return floatBits(double(raw) / double(lowMask(bits)));
    case kBufNumFormatSnorm: {  // "Signed normalized value (-1:1) (data: MIN+1:MAX)": MIN clamps to -1
      double maxPositive = double(lowMask(bits - 1));
      return floatBits(std::max(double(signExtend(raw, bits)) / maxPositive, -1.0));
    }
    case kBufNumFormatUscaled: return floatBits(double(raw));
    case kBufNumFormatSscaled: return floatBits(double(signExtend(raw, bits)));
    case kBufNumFormatUint: return raw;
    case kBufNumFormatSint: return uint32_t(signExtend(raw, bits));
    case kBufNumFormatSnormOgl:  // "(-1:1) (data: MIN:MAX)": (2c+1)/(2^b-1)
      return floatBits((2.0 * signExtend(raw, bits) + 1.0) / double(lowMask(bits)));
    case kBufNumFormatFloat:
      if (bits == 32) return raw;
      if (bits == 16) return std::bit_cast<uint32_t>(smallFloatToFloat(raw, 5, 10, true));
      return std::bit_cast<uint32_t>(smallFloatToFloat(raw, 5, bits - 5, false));  // 11 or 10 bits
  }
  return 0;
}

// "The conversion from integer to floating point value while writing to
// buffer is doing with rounding to nearest even." -- read as: float register
// values become UNORM/SNORM integers by round-to-nearest-even (after clamping
// to the representable range; NaN becomes 0).
uint32_t roundClamp(double v, double lo, double hi) {
  if (std::isnan(v)) return 0;
  v = std::clamp(v, lo, hi);
  return uint32_t(int64_t(std::nearbyint(v)));
}

// One component, register value -> raw bits (write-capable formats only).
// UINT/SINT keep the low bits of the register (no saturation: the seed names
// no rule, gcnsim stores what fits).
uint32_t encodeComponent(uint32_t value, unsigned bits, uint32_t nf) {
  const float f = std::bit_cast<float>(value);
  switch (nf) {
    case kBufNumFormatUnorm: {
      double scale = double(lowMask(bits));
      return roundClamp(double(f) * scale, 0.0, scale) & lowMask(bits);
    }
    case kBufNumFormatSnorm: {
      double scale = double(lowMask(bits - 1));
      return roundClamp(double(f) * scale, -scale, scale) & lowMask(bits);
    }
    case kBufNumFormatUint:
    case kBufNumFormatSint: return value & lowMask(bits);
    case kBufNumFormatFloat:
      if (bits == 32) return value;
      if (bits == 16) return floatToSmallFloat(f, 5, 10, true);
      return floatToSmallFloat(f, 5, int(bits) - 5, false);
  }
  return 0;
}

}  // namespace

const char* formatStatusMessage(FormatStatus status) {
  switch (status) {
    case FormatStatus::Ok: return "ok";
    case FormatStatus::InvalidDataFormat: return "invalid buffer data format (0 is invalid, 15 is reserved)";
    case FormatStatus::InvalidNumFormat: return "invalid buffer number format (valid: 0..7)";
    case FormatStatus::NumFormatNotWritable:
      return "buffer number format is not applicable to a store (USCALED, SSCALED, SNORM_OGL are read-only)";
    case FormatStatus::FloatNeedsFloatComponents:
      return "FLOAT number format needs 32-bit, 16-bit or 10_11_11/11_11_10 components";
  }
  return "unknown format status";
}

const DataFormatInfo* dataFormatInfo(uint32_t df) {
  if (df >= 16 || kFormats[df].components == 0) return nullptr;
  return &kFormats[df];
}

const char* bufDataFormatName(uint32_t df) {
  static constexpr const char* kNames[16] = {
      "invalid",    "8",          "16",      "8_8",   "32",          "16_16",    "10_11_11",    "11_11_10",
      "2_10_10_10", "10_10_10_2", "8_8_8_8", "32_32", "16_16_16_16", "32_32_32", "32_32_32_32", "reserved"};
  return df < 16 ? kNames[df] : "invalid";
}

const char* bufNumFormatName(uint32_t nf) {
  static constexpr const char* kNames[8] = {"UNORM", "SNORM", "USCALED",   "SSCALED",
                                            "UINT",  "SINT",  "SNORM_OGL", "FLOAT"};
  return nf < 8 ? kNames[nf] : "invalid";
}

int formatComponents(uint32_t df) {
  const DataFormatInfo* f = dataFormatInfo(df);
  return f ? f->components : 0;
}

int formatBytes(uint32_t df) {
  const DataFormatInfo* f = dataFormatInfo(df);
  return f ? f->bytes : 0;
}

bool numFormatIsFloat(uint32_t nf) { return nf != kBufNumFormatUint && nf != kBufNumFormatSint; }

uint32_t formatOneValue(uint32_t nf) { return numFormatIsFloat(nf) ? kOneFloat : 1u; }

FormatStatus checkFormat(uint32_t df, uint32_t nf, bool forWrite) {
  if (!dataFormatInfo(df)) return FormatStatus::InvalidDataFormat;
  if (nf > kBufNumFormatFloat) return FormatStatus::InvalidNumFormat;
  // BufW column: USCALED, SSCALED, SNORM_OGL have no tick.
  if (forWrite && (nf == kBufNumFormatUscaled || nf == kBufNumFormatSscaled || nf == kBufNumFormatSnormOgl))
    return FormatStatus::NumFormatNotWritable;
  if (nf == kBufNumFormatFloat && !floatCapable(df)) return FormatStatus::FloatNeedsFloatComponents;
  return FormatStatus::Ok;
}

FormatStatus unpackFormat(const uint8_t* src, uint32_t df, uint32_t nf, uint32_t out[4]) {
  FormatStatus status = checkFormat(df, nf, false);
  if (status != FormatStatus::Ok) {
    out[0] = out[1] = out[2] = out[3] = 0;
    return status;
  }
  const DataFormatInfo& f = kFormats[df];
  unsigned bitOffset = 0;
  for (int i = 0; i < 4; ++i) {
    if (i < f.components) {
      out[i] = decodeComponent(extractBits(src, bitOffset, f.bits[i]), f.bits[i], nf);
      bitOffset += f.bits[i];
    } else {
      out[i] = i == 3 ? formatOneValue(nf) : 0;
    }
  }
  return FormatStatus::Ok;
}

FormatStatus packFormat(const uint32_t in[4], uint32_t df, uint32_t nf, uint8_t* dst) {
  FormatStatus status = checkFormat(df, nf, true);
  if (status != FormatStatus::Ok) return status;
  const DataFormatInfo& f = kFormats[df];
  uint8_t bytes[16] = {};
  unsigned bitOffset = 0;
  for (int i = 0; i < f.components; ++i) {
    insertBits(bytes, bitOffset, f.bits[i], encodeComponent(in[i], f.bits[i], nf));
    bitOffset += f.bits[i];
  }
  std::memcpy(dst, bytes, f.bytes);
  return FormatStatus::Ok;
}

bool applyDstSel(const uint32_t in[4], const std::array<uint8_t, 4>& sel, uint32_t one, uint32_t out[4]) {
  uint32_t result[4];
  bool ok = true;
  for (int i = 0; i < 4; ++i) {
    switch (sel[i]) {
      case 0: result[i] = 0; break;    // "Zero value"
      case 1: result[i] = one; break;  // "One value"
      case 4:
      case 5:
      case 6:
      case 7: result[i] = in[sel[i] - 4]; break;  // R, G, B, A
      default: result[i] = 0; ok = false;
    }
  }
  std::memcpy(out, result, sizeof result);  // `in` and `out` may alias
  return ok;
}

uint16_t toD16(uint32_t value, uint32_t nf) {
  if (numFormatIsFloat(nf)) return floatToHalf(std::bit_cast<float>(value));
  return uint16_t(value);
}

uint32_t fromD16(uint16_t value, uint32_t nf) {
  if (numFormatIsFloat(nf)) return std::bit_cast<uint32_t>(halfToFloat(value));
  if (nf == kBufNumFormatSint) return uint32_t(int32_t(int16_t(value)));
  return value;
}

}  // namespace gcnsim::memory
