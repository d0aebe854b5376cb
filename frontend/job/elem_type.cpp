#include "frontend/job/elem_type.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>

namespace gcnsim::frontend {
namespace {

struct TypeRow {
  ElemType type;
  std::string_view name;
  unsigned size;
  bool isFloat, isSigned;
};
constexpr std::array kTypes = {
    TypeRow{ElemType::U8, "u8", 1, false, false},   TypeRow{ElemType::I8, "i8", 1, false, true},
    TypeRow{ElemType::U16, "u16", 2, false, false}, TypeRow{ElemType::I16, "i16", 2, false, true},
    TypeRow{ElemType::U32, "u32", 4, false, false}, TypeRow{ElemType::I32, "i32", 4, false, true},
    TypeRow{ElemType::U64, "u64", 8, false, false}, TypeRow{ElemType::I64, "i64", 8, false, true},
    TypeRow{ElemType::F16, "f16", 2, true, false},  TypeRow{ElemType::F32, "f32", 4, true, false},
    TypeRow{ElemType::F64, "f64", 8, true, false},
};
const TypeRow& row(ElemType t) { return kTypes[static_cast<size_t>(t)]; }

}  // namespace

std::string_view elemTypeName(ElemType t) { return row(t).name; }
unsigned elemTypeSize(ElemType t) { return row(t).size; }
bool isFloatType(ElemType t) { return row(t).isFloat; }
bool isSignedType(ElemType t) { return row(t).isSigned; }

std::optional<ElemType> parseElemType(std::string_view s) {
  for (const auto& r : kTypes)
    if (r.name == s) return r.type;
  return std::nullopt;
}

std::string elemTypeList() {
  std::string out;
  for (const auto& r : kTypes) out += (out.empty() ? "" : ", ") + std::string(r.name);
  return out;
}

__int128 elemTypeMin(ElemType t) {
  if (!isSignedType(t)) return 0;
  return -(static_cast<__int128>(1) << (8 * elemTypeSize(t) - 1));
}

__int128 elemTypeMax(ElemType t) {
  const unsigned bits = 8 * elemTypeSize(t) - (isSignedType(t) ? 1 : 0);
  return (static_cast<__int128>(1) << bits) - 1;
}

double elemTypeMaxFinite(ElemType t) {
  switch (t) {
    case ElemType::F16: return 65504.0;
    case ElemType::F32: return std::numeric_limits<float>::max();
    default: return std::numeric_limits<double>::max();
  }
}

uint16_t doubleToHalf(double x) {
  const uint16_t sign = std::signbit(x) ? 0x8000 : 0;
  if (std::isnan(x)) return 0x7e00;
  double a = std::fabs(x);
  if (a == 0) return sign;
  // Exponent of the leading bit, clamped to the subnormal exponent -14; the
  // quantum 2^(e-10) is then the spacing of f16 values near a. Division by a
  // power of two is exact, so nearbyint (round to nearest even) does the rounding.
  int e = std::ilogb(a);
  if (e < -14) e = -14;
  if (e > 15) return sign | 0x7c00;
  double m = std::nearbyint(std::ldexp(a, 10 - e));  // 0 .. 2048
  if (m >= 2048) {
    m /= 2;
    ++e;
  }
  if (e > 15) return sign | 0x7c00;
  if (m < 1024) return sign | static_cast<uint16_t>(m);  // subnormal (e == -14)
  return sign | static_cast<uint16_t>(((e + 15) << 10) | (static_cast<unsigned>(m) - 1024));
}

double halfToDouble(uint16_t h) {
  const double sign = (h & 0x8000) ? -1.0 : 1.0;
  const unsigned exp = (h >> 10) & 0x1f, man = h & 0x3ff;
  if (exp == 0x1f) return man ? std::numeric_limits<double>::quiet_NaN() : sign * INFINITY;
  if (exp == 0) return sign * std::ldexp(man, -24);
  return sign * std::ldexp(man + 1024, static_cast<int>(exp) - 25);
}

uint64_t encodeFloat(double value, ElemType t) {
  switch (t) {
    case ElemType::F16: return doubleToHalf(value);
    case ElemType::F32: return std::bit_cast<uint32_t>(static_cast<float>(value));
    default: return std::bit_cast<uint64_t>(value);
  }
}

uint64_t encodeInt(__int128 value, ElemType t) {
  const unsigned bits = 8 * elemTypeSize(t);
  const uint64_t mask = bits == 64 ? ~uint64_t{0} : ((uint64_t{1} << bits) - 1);
  return static_cast<uint64_t>(value) & mask;
}

uint64_t loadElementBits(std::span<const uint8_t> bytes, size_t index, ElemType t) {
  uint64_t v = 0;
  std::memcpy(&v, bytes.data() + index * elemTypeSize(t), elemTypeSize(t));
  return v;
}

void storeElementBits(std::span<uint8_t> bytes, size_t index, ElemType t, uint64_t bits) {
  std::memcpy(bytes.data() + index * elemTypeSize(t), &bits, elemTypeSize(t));
}

double floatBitsToDouble(uint64_t bits, ElemType t) {
  switch (t) {
    case ElemType::F16: return halfToDouble(static_cast<uint16_t>(bits));
    case ElemType::F32: return std::bit_cast<float>(static_cast<uint32_t>(bits));
    default: return std::bit_cast<double>(bits);
  }
}

__int128 intBitsToValue(uint64_t bits, ElemType t) {
  const unsigned width = 8 * elemTypeSize(t);
  if (!isSignedType(t) || width == 64)
    return isSignedType(t) ? static_cast<__int128>(static_cast<int64_t>(bits)) : static_cast<__int128>(bits);
  const uint64_t signBit = uint64_t{1} << (width - 1);
  return static_cast<__int128>(static_cast<int64_t>((bits ^ signBit) - signBit));
}

namespace {
// f32 and f64: std::to_chars' shortest digits (the standard guarantees they
// read back exactly), laid out as "%.*g" lays out that many digits: fixed
// for exponents -4 <= e < digits, else to_chars' own scientific text (which
// is %g's: at least two exponent digits). No allocation: this is the inner
// loop of large result documents.
char* shortestBinaryFloat(char* out, double v, ElemType t) {
  char sci[48];
  const auto r = t == ElemType::F32 ? std::to_chars(sci, sci + sizeof sci, static_cast<float>(v),
                                                    std::chars_format::scientific)
                                    : std::to_chars(sci, sci + sizeof sci, v, std::chars_format::scientific);
  // [-]D[.DDD]e(+|-)XX; short enough that plain loops beat calls to memmove.
  const char* e = sci;
  while (*e != 'e') ++e;
  int exp = 0;
  for (const char* c = e + 2; c < r.ptr; ++c) exp = exp * 10 + (*c - '0');
  if (e[1] == '-') exp = -exp;
  const char* digits = sci[0] == '-' ? sci + 1 : sci;
  const int d = e - digits > 1 ? int(e - digits) - 1 : 1;  // (D, or D.DDD)
  const auto digit = [&](int i) { return digits[i ? i + 1 : 0]; };
  if (exp < -4 || exp >= d) {
    for (const char* c = sci; c < r.ptr; ++c) *out++ = *c;
    return out;
  }
  if (sci[0] == '-') *out++ = '-';
  if (exp < 0) {
    *out++ = '0', *out++ = '.';
    for (int i = 0; i < -exp - 1; ++i) *out++ = '0';
    for (int i = 0; i < d; ++i) *out++ = digit(i);
    return out;
  }
  for (int i = 0; i <= exp; ++i) *out++ = digit(i);
  if (exp + 1 < d) {
    *out++ = '.';
    for (int i = exp + 1; i < d; ++i) *out++ = digit(i);
  }
  return out;
}
}  // namespace

char* shortestFloatChars(char* out, uint64_t bits, ElemType t) {
  const double v = floatBitsToDouble(bits, t);
  const auto put = [&](std::string_view s) { return std::copy(s.begin(), s.end(), out); };
  if (std::isnan(v)) return put("nan");
  if (std::isinf(v)) return put(v > 0 ? "inf" : "-inf");
  if (t != ElemType::F16) return shortestBinaryFloat(out, v, t);
  // f16 (no to_chars of its own): the first precision whose "%.*g" text reads back (5 digits always do).
  char buf[40];
  for (int digits = 1;; ++digits) {
    const auto r = std::to_chars(buf, buf + sizeof buf - 1, v, std::chars_format::general, digits);  // = %.*g
    *r.ptr = '\0';
    double back = 0;
    if (std::from_chars(buf, r.ptr, back).ec != std::errc()) back = std::strtod(buf, nullptr);
    if (encodeFloat(back, t) == bits || digits == 5) return std::copy(buf, r.ptr, out);
  }
}

std::string shortestFloatText(uint64_t bits, ElemType t) {
  char buf[kShortestFloatChars];
  return std::string(buf, shortestFloatChars(buf, bits, t));
}

}  // namespace gcnsim::frontend
