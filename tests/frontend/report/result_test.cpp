// Result document writer/reader and element conversions.
#include "frontend/report/result.hpp"

#include <unistd.h>

#include <bit>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <limits>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "frontend/job/elem_type.hpp"
#include "tests/common/test_files.hpp"

using namespace gcnsim::frontend;

namespace {

template <typename T>
std::vector<uint8_t> bytesOf(const std::vector<T>& values) {
  std::vector<uint8_t> out(values.size() * sizeof(T));
  std::memcpy(out.data(), values.data(), out.size());
  return out;
}
template <typename T>
std::vector<uint8_t> bytesOf(std::initializer_list<T> values) {
  return bytesOf(std::vector<T>(values));
}

std::filesystem::path tempPath(const std::string& name) {
  return gcnsim::test::scratchDir("result_test") / name;
}

}  // namespace

TEST_CASE("f16 conversion rounds to nearest even", "[frontend][result]") {
  // IEEE 754 binary16 values worked out by hand: 1.0 = 0x3c00, 65504 = 0x7bff (max),
  // 2^-24 = 0x0001 (smallest subnormal), 1 + 2^-11 ties to even -> 0x3c00, 1 + 3*2^-11 -> 0x3c02.
  CHECK(doubleToHalf(1.0) == 0x3c00);
  CHECK(doubleToHalf(-2.0) == 0xc000);
  CHECK(doubleToHalf(65504.0) == 0x7bff);
  CHECK(doubleToHalf(65520.0) == 0x7c00);  // rounds up to infinity
  CHECK(doubleToHalf(std::ldexp(1.0, -24)) == 0x0001);
  CHECK(doubleToHalf(std::ldexp(1.0, -26)) == 0x0000);
  CHECK(doubleToHalf(1.0 + std::ldexp(1.0, -11)) == 0x3c00);
  CHECK(doubleToHalf(1.0 + 3 * std::ldexp(1.0, -11)) == 0x3c02);
  CHECK(doubleToHalf(std::ldexp(1.0, -14)) == 0x0400);  // smallest normal
  CHECK(doubleToHalf(NAN) == 0x7e00);
  for (uint32_t h = 0; h < 0x10000; ++h) {
    const double d = halfToDouble(static_cast<uint16_t>(h));
    if (!std::isnan(d)) REQUIRE(doubleToHalf(d) == h);
  }
}

TEST_CASE("shortest float text round-trips", "[frontend][result]") {
  CHECK(shortestFloatText(std::bit_cast<uint32_t>(0.1f), ElemType::F32) == "0.1");
  CHECK(shortestFloatText(std::bit_cast<uint64_t>(0.1), ElemType::F64) == "0.1");
  CHECK(shortestFloatText(std::bit_cast<uint32_t>(16777217.0f), ElemType::F32) == "16777216");
  CHECK(shortestFloatText(std::bit_cast<uint32_t>(-INFINITY), ElemType::F32) == "-inf");
  CHECK(shortestFloatText(0x7fc00000, ElemType::F32) == "nan");
  // f16 0x3555 = 1365/4096 = 0.333251953125; f16 spacing there is 2^-12, so "0.3333"
  // (0.00005 away) already reads back to it, "0.333" (0.00025 away) does not.
  CHECK(shortestFloatText(0x3555, ElemType::F16) == "0.3333");
  CHECK(doubleToHalf(0.333) != 0x3555);
}

// The oracle is C's printf and strtod, not the writer's own to_chars: for a
// text of d significant digits, (1) strtod reads it back to the same bits,
// (2) "%.{d-1}g" does not (so no shorter text does: it is the nearest
// (d-1)-digit decimal), and (3) wherever "%.{d}g" reads back, the text is
// exactly it (the layout of %g; only where the nearest d-digit decimal falls
// outside the value's rounding interval, next to a power of two, may the
// shortest digits be another d-digit decimal).
TEST_CASE("shortest float text: printf's shortest round-tripping %g text, for random f32 and f64",
          "[frontend][result]") {
  const auto check = [](uint64_t bits, ElemType t) {
    const double v = floatBitsToDouble(bits, t);
    if (!std::isfinite(v)) return;
    const std::string s = shortestFloatText(bits, t);
    const auto reads = [&](const char* text) { return encodeFloat(std::strtod(text, nullptr), t) == bits; };
    INFO(s << " for bits " << bits);
    REQUIRE(reads(s.c_str()));
    const size_t e = s.find('e');
    int d = 0;
    bool leading = true;
    for (char c : s.substr(0, e)) {
      if (c < '0' || c > '9') continue;
      if (c != '0') leading = false;
      if (!leading) ++d;
    }
    if (v == 0) d = 1;  // "0", "-0"
    char g[512];        // (%g of a double: at most 17 digits here, but the compiler counts the widest)
    if (d > 1) {
      std::snprintf(g, sizeof g, "%.*g", d - 1, v);
      REQUIRE_FALSE(reads(g));
    }
    std::snprintf(g, sizeof g, "%.*g", d, v);
    if (reads(g)) REQUIRE(s == g);
  };
  uint64_t x = 0x9e3779b97f4a7c15ull;
  const auto next = [&] {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    return x;
  };
  for (int i = 0; i < 100000; ++i) {
    check(uint32_t(next()), ElemType::F32);
    check(next(), ElemType::F64);
  }
  for (uint32_t b : {0x00000000u, 0x80000000u, 0x00000001u, 0x007fffffu, 0x00800000u, 0x7f7fffffu,
                     0x3f800000u, 0x4b800001u, 0x38d1b717u})
    check(b, ElemType::F32);
  for (int k = -149; k < 128; ++k) check(std::bit_cast<uint32_t>(std::ldexp(1.0f, k)), ElemType::F32);
  for (int k = -1074; k < 1024; ++k) check(std::bit_cast<uint64_t>(std::ldexp(1.0, k)), ElemType::F64);
  for (int i = 1; i < 100000; i += 7) check(std::bit_cast<uint32_t>(float(i) / 1000.0f), ElemType::F32);
  CHECK(shortestFloatText(0x80000000u, ElemType::F32) == "-0");
  CHECK(shortestFloatText(std::bit_cast<uint32_t>(1e-5f), ElemType::F32) == "1e-05");
  CHECK(shortestFloatText(std::bit_cast<uint32_t>(1e-4f), ElemType::F32) == "0.0001");
  CHECK(shortestFloatText(std::bit_cast<uint32_t>(123456789.0f), ElemType::F32) == "1.2345679e+08");
  CHECK(shortestFloatText(std::bit_cast<uint32_t>(1e9f), ElemType::F32) == "1e+09");
  CHECK(shortestFloatText(std::bit_cast<uint64_t>(5e-324), ElemType::F64) == "5e-324");
}

// The document is written in 1 MiB pieces: sections bigger than a piece
// before the buffers (a listing, a profile) and buffers that span pieces
// come out whole, in order.
TEST_CASE("result JSON: sections and buffers larger than the 1 MiB pieces come out whole",
          "[frontend][result]") {
  ResultDoc doc;
  doc.kernel = "k";
  doc.arch = "gfx900";
  doc.mode = "timing";
  const std::string big(3u << 19, 'x');  // 1.5 MiB
  doc.sections.push_back({"listing", nlohmann::json(big).dump()});
  std::vector<uint32_t> values(300000);
  for (uint32_t i = 0; i < values.size(); ++i) values[i] = i * 2654435761u;
  doc.buffers.push_back({"a", ElemType::U32, bytesOf(values)});
  std::vector<float> floats(200000);
  for (uint32_t i = 0; i < floats.size(); ++i) floats[i] = float(i) / 7.0f;
  doc.buffers.push_back({"b", ElemType::F32, bytesOf(floats)});
  const auto j = nlohmann::json::parse(resultJsonText(doc));
  CHECK(j["listing"] == big);
  CHECK(j["buffers"]["a"]["data"].get<std::vector<uint32_t>>() == values);
  std::vector<float> back;
  for (const auto& v : j["buffers"]["b"]["data"]) back.push_back(float(v.get<double>()));
  CHECK(back == floats);
}

TEST_CASE("result JSON renders values by type and reads back bit-exactly", "[frontend][result]") {
  ResultDoc doc;
  doc.kernel = "vector_add";
  doc.arch = "gfx900";
  doc.mode = "functional";
  doc.grid = {1000, 1, 1};
  doc.workgroup = {64, 1, 1};
  doc.stats = {16, 512, 0, {{"lds_bytes", 256}}};
  const float denormal = std::numeric_limits<float>::denorm_min();
  doc.buffers.push_back(
      {"f", ElemType::F32,
       bytesOf<float>({1.0f, 0.1f, -0.0f, INFINITY, -INFINITY, NAN, 3.4028235e38f, denormal})});
  doc.buffers.push_back({"d", ElemType::F64, bytesOf<double>({0.1, 1e300, -2.5})});
  doc.buffers.push_back({"i", ElemType::I64, bytesOf<int64_t>({INT64_MIN, -1, INT64_MAX})});
  doc.buffers.push_back({"u", ElemType::U64, bytesOf<uint64_t>({UINT64_MAX, 0})});
  doc.buffers.push_back({"b", ElemType::I8, bytesOf<int8_t>({-128, 127})});
  doc.buffers.push_back({"ub", ElemType::U8, bytesOf<uint8_t>({0, 255})});
  doc.buffers.push_back({"uh", ElemType::U16, bytesOf<uint16_t>({65535, 1})});
  doc.buffers.push_back({"sh", ElemType::I16, bytesOf<int16_t>({-32768, 32767})});
  doc.buffers.push_back({"sw", ElemType::I32, bytesOf<int32_t>({INT32_MIN, INT32_MAX})});
  doc.buffers.push_back({"h", ElemType::F16, bytesOf<uint16_t>({0x3c00, 0x0001, 0x7c00})});
  const std::string text = resultJsonText(doc);
  CHECK_THAT(
      text,
      Catch::Contains(
          R"("f": {"type": "f32", "count": 8, "data": [1.0, 0.1, -0.0, "inf", "-inf", "nan", 3.4028235e+38, 1e-45]})"));
  CHECK_THAT(
      text,
      Catch::Contains(
          R"("i": {"type": "i64", "count": 3, "data": [-9223372036854775808, -1, 9223372036854775807]})"));
  CHECK_THAT(text, Catch::Contains(R"("u": {"type": "u64", "count": 2, "data": [18446744073709551615, 0]})"));
  CHECK_THAT(text, Catch::Contains(R"("h": {"type": "f16", "count": 3, "data": [1.0, 6e-08, "inf"]})"));
  CHECK_THAT(text, Catch::Contains(R"("b": {"type": "i8", "count": 2, "data": [-128, 127]})"));
  CHECK_THAT(text, Catch::Contains(R"("ub": {"type": "u8", "count": 2, "data": [0, 255]})"));
  CHECK_THAT(text, Catch::Contains(R"("uh": {"type": "u16", "count": 2, "data": [65535, 1]})"));
  CHECK_THAT(text, Catch::Contains(R"("sh": {"type": "i16", "count": 2, "data": [-32768, 32767]})"));
  CHECK_THAT(text,
             Catch::Contains(R"("sw": {"type": "i32", "count": 2, "data": [-2147483648, 2147483647]})"));
  CHECK_THAT(
      text, Catch::Contains(R"("stats": {"waves": 16, "instructions": 512, "cycles": 0, "lds_bytes": 256})"));

  const auto path = tempPath("result.json");
  writeResultJson(path, doc);
  const ResultDoc back = readResultJson(path);
  CHECK(back.kernel == doc.kernel);
  CHECK(back.arch == doc.arch);
  CHECK(back.mode == doc.mode);
  CHECK(back.grid == doc.grid);
  CHECK(back.workgroup == doc.workgroup);
  CHECK(back.stats.waves == 16);
  CHECK(back.stats.instructions == 512);
  REQUIRE(back.stats.extra.size() == 1);
  CHECK(back.stats.extra[0].second == 256);
  REQUIRE(back.buffers.size() == doc.buffers.size());
  for (size_t i = 0; i < doc.buffers.size(); ++i) {
    INFO(doc.buffers[i].name);
    CHECK(back.buffers[i].name == doc.buffers[i].name);
    CHECK(back.buffers[i].type == doc.buffers[i].type);
    CHECK(back.buffers[i].bytes == doc.buffers[i].bytes);  // NaN payload 0x7fc00000 is the canonical one
  }
}

TEST_CASE("raw buffers are written as DIR/NAME.bin", "[frontend][result]") {
  const auto dir = tempPath("raw_out");
  writeRawBuffers(dir, {{"c", ElemType::U32, bytesOf<uint32_t>({1, 2})}, {"x", ElemType::U8, {}}});
  std::ifstream in(dir / "c.bin", std::ios::binary);
  std::vector<uint8_t> got{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  CHECK(got == bytesOf<uint32_t>({1, 2}));
  CHECK(std::filesystem::file_size(dir / "x.bin") == 0);
}
