// Element types of job buffers and values: names, sizes, ranges, f16 conversion,
// and reading/writing one element as raw little-endian bits.
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace gcnsim::frontend {

enum class ElemType : uint8_t { U8, I8, U16, I16, U32, I32, U64, I64, F16, F32, F64 };

std::string_view elemTypeName(ElemType t);  // "u8", ..., "f64"
std::optional<ElemType> parseElemType(std::string_view s);
std::string elemTypeList();         // "u8, i8, u16, i16, u32, i32, u64, i64, f16, f32, f64"
unsigned elemTypeSize(ElemType t);  // bytes
bool isFloatType(ElemType t);
bool isSignedType(ElemType t);  // the signed integer types
// Integer range of the type (for integer types only).
__int128 elemTypeMin(ElemType t);
__int128 elemTypeMax(ElemType t);
// Largest finite value of a float type (65504 for f16).
double elemTypeMaxFinite(ElemType t);

// IEEE binary16 <-> double, round to nearest even. |x| beyond the f16 range
// becomes infinity; NaN stays NaN.
uint16_t doubleToHalf(double x);
double halfToDouble(uint16_t h);

// Raw bits of `value` in float type `t` (rounded to nearest even).
uint64_t encodeFloat(double value, ElemType t);
// Raw bits of integer `value` in integer type `t` (must be in range).
uint64_t encodeInt(__int128 value, ElemType t);

// Element `index` of `bytes` interpreted as `t` (zero-extended bits).
uint64_t loadElementBits(std::span<const uint8_t> bytes, size_t index, ElemType t);
void storeElementBits(std::span<uint8_t> bytes, size_t index, ElemType t, uint64_t bits);
// Bits of a float type as a double (exact).
double floatBitsToDouble(uint64_t bits, ElemType t);
// Bits of an integer type as a signed/unsigned value (exact).
__int128 intBitsToValue(uint64_t bits, ElemType t);

// The shortest decimal text that reads back to the same value of float type
// `t` (for finite values), e.g. "0.1" for the f32 0.1f. "nan", "inf", "-inf" otherwise.
std::string shortestFloatText(uint64_t bits, ElemType t);
// The same text written at `out` (room for kShortestFloatChars); returns its end. No allocation.
inline constexpr size_t kShortestFloatChars = 48;
char* shortestFloatChars(char* out, uint64_t bits, ElemType t);

}  // namespace gcnsim::frontend
