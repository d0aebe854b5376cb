// Buffer data-format / number-format conversion for MUBUF *_FORMAT_* and
// MTBUF (seeds/001_2fc8a7f12b5d60d9.txt "MUBUF/MTBUF format conversion").
//
// Contract:
//  - A data format fixes the components, their widths and the total size; the
//    first component (x) sits at the lowest bits, memory is little-endian.
//  - unpackFormat() turns formatBytes(dataFormat) bytes into four 32-bit
//    register values: float bits for UNORM/SNORM/USCALED/SSCALED/SNORM_OGL/
//    FLOAT, integers for UINT (zero-extended) and SINT (sign-extended).
//    Components the format lacks read as 0, except w which reads as "one"
//    (formatOneValue: 1.0f, or integer 1 for UINT/SINT) -- the usual
//    (0,0,0,1) default, the seed does not spell it out.
//  - packFormat() is the inverse for the write-capable number formats and
//    writes exactly formatBytes(dataFormat) bytes from the first
//    formatComponents(dataFormat) entries of `in`.
//  - Invalid combinations return a FormatStatus other than Ok (never crash);
//    unpack then yields (0,0,0,0) and pack writes nothing.
#pragma once
#include <array>
#include <cstdint>

#include "memory/buffer_resource.hpp"  // DstSel codes

namespace gcnsim::memory {

// Data formats (seed 001 table). Codes 8 and 9 carry the seed's names; the
// layouts agree with clrx GcnMemHandling.md and LLVM, which swap the names
// (they call code 8 "10_10_10_2" and code 9 "2_10_10_10").
enum BufDataFormat : uint8_t {
  kBufDataFormatInvalid = 0,
  kBufDataFormat8 = 1,
  kBufDataFormat16 = 2,
  kBufDataFormat8_8 = 3,
  kBufDataFormat32 = 4,
  kBufDataFormat16_16 = 5,
  kBufDataFormat10_11_11 = 6,    // x: 11 bits (lowest), y: 11, z: 10
  kBufDataFormat11_11_10 = 7,    // x: 10 bits (lowest), y: 11, z: 11
  kBufDataFormat2_10_10_10 = 8,  // x: 2 bits (lowest), y, z, w: 10
  kBufDataFormat10_10_10_2 = 9,  // x, y, z: 10 bits (from lowest), w: 2
  kBufDataFormat8_8_8_8 = 10,
  kBufDataFormat32_32 = 11,
  kBufDataFormat16_16_16_16 = 12,
  kBufDataFormat32_32_32 = 13,
  kBufDataFormat32_32_32_32 = 14,
  kBufDataFormatReserved = 15,
};

// Number formats (seed 001 table; BufR/BufW = readable/writable).
enum BufNumFormat : uint8_t {
  kBufNumFormatUnorm = 0,     // R W  float, 0..1
  kBufNumFormatSnorm = 1,     // R W  float, -1..1 (data MIN+1..MAX; MIN clamps to -1)
  kBufNumFormatUscaled = 2,   // R    float of the unsigned integer
  kBufNumFormatSscaled = 3,   // R    float of the signed integer
  kBufNumFormatUint = 4,      // R W  uint32
  kBufNumFormatSint = 5,      // R W  int32
  kBufNumFormatSnormOgl = 6,  // R    float, -1..1 (data MIN..MAX)
  kBufNumFormatFloat = 7,     // R W  float
};

enum class FormatStatus : uint8_t {
  Ok,
  InvalidDataFormat,          // 0, 15 or > 15
  InvalidNumFormat,           // > 7
  NumFormatNotWritable,       // USCALED, SSCALED, SNORM_OGL on a store
  FloatNeedsFloatComponents,  // FLOAT with 8-bit or 2/10-bit integer components
};
const char* formatStatusMessage(FormatStatus status);

struct DataFormatInfo {
  uint8_t components;           // 1..4
  uint8_t bytes;                // total size in memory
  std::array<uint8_t, 4> bits;  // component widths, x first (lowest bits)
};
// nullptr for an invalid or reserved code.
const DataFormatInfo* dataFormatInfo(uint32_t dataFormat);
const char* bufDataFormatName(uint32_t dataFormat);  // "8_8", "invalid", ...
const char* bufNumFormatName(uint32_t numFormat);    // "UNORM", ..., "invalid"

int formatComponents(uint32_t dataFormat);  // 0 if invalid
int formatBytes(uint32_t dataFormat);       // 0 if invalid

// Validity of a data/number format pair for a load (forWrite=false) or store.
FormatStatus checkFormat(uint32_t dataFormat, uint32_t numFormat, bool forWrite);

FormatStatus unpackFormat(const uint8_t* src, uint32_t dataFormat, uint32_t numFormat, uint32_t out[4]);
FormatStatus packFormat(const uint32_t in[4], uint32_t dataFormat, uint32_t numFormat, uint8_t* dst);

// The register value of "one" for a number format: 1 for UINT/SINT, else 1.0f.
uint32_t formatOneValue(uint32_t numFormat);
// True if the number format produces float register values.
bool numFormatIsFloat(uint32_t numFormat);

// DST_SEL (seed 001): out[i] = 0, one, or in[sel[i]-4] for codes 0, 1, 4-7.
// Codes 2 and 3 are not permitted: that component becomes 0 and the function
// returns false. `one` is formatOneValue(numFormat) of the access.
bool applyDstSel(const uint32_t in[4], const std::array<uint8_t, 4>& sel, uint32_t one, uint32_t out[4]);

// D16 forms (BUFFER_LOAD/STORE_FORMAT_D16_*, GCN 1.2+): a float register
// value travels as a half, an integer one as its low 16 bits.
uint16_t toD16(uint32_t value, uint32_t numFormat);
uint32_t fromD16(uint16_t value, uint32_t numFormat);

}  // namespace gcnsim::memory
