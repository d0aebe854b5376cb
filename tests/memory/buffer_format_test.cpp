// Buffer data/number formats; expected values computed by hand from
// seeds/001_2fc8a7f12b5d60d9.txt "MUBUF/MTBUF format conversion".
#include "memory/buffer_format.hpp"

#include <bit>
#include <catch2/catch.hpp>
#include <cmath>

using namespace gcnsim::memory;

namespace {

uint32_t f2u(float f) { return std::bit_cast<uint32_t>(f); }
float u2f(uint32_t u) { return std::bit_cast<float>(u); }

struct Unpacked {
  FormatStatus status;
  uint32_t v[4];
};

Unpacked unpack(std::initializer_list<uint8_t> bytes, uint32_t df, uint32_t nf) {
  uint8_t buf[16] = {};
  int i = 0;
  for (uint8_t b : bytes) buf[i++] = b;
  Unpacked u{};
  u.status = unpackFormat(buf, df, nf, u.v);
  return u;
}

Unpacked unpackWord(uint32_t word, uint32_t df, uint32_t nf) {
  return unpack({uint8_t(word), uint8_t(word >> 8), uint8_t(word >> 16), uint8_t(word >> 24)}, df, nf);
}

uint32_t packWord(std::array<uint32_t, 4> in, uint32_t df, uint32_t nf) {
  uint8_t buf[16] = {};
  REQUIRE(packFormat(in.data(), df, nf, buf) == FormatStatus::Ok);
  return uint32_t(buf[0]) | uint32_t(buf[1]) << 8 | uint32_t(buf[2]) << 16 | uint32_t(buf[3]) << 24;
}

}  // namespace

TEST_CASE("format table: components and sizes of every data format", "[memory][format]") {
  struct Row {
    uint32_t df;
    int components, bytes;
  };
  const Row rows[] = {{1, 1, 1}, {2, 1, 2}, {3, 2, 2},  {4, 1, 4},  {5, 2, 4},  {6, 3, 4},   {7, 3, 4},
                      {8, 4, 4}, {9, 4, 4}, {10, 4, 4}, {11, 2, 8}, {12, 4, 8}, {13, 3, 12}, {14, 4, 16}};
  for (const Row& r : rows) {
    INFO("data format " << r.df);
    CHECK(formatComponents(r.df) == r.components);
    CHECK(formatBytes(r.df) == r.bytes);
  }
  CHECK(formatComponents(0) == 0);
  CHECK(formatBytes(15) == 0);
  CHECK(formatBytes(99) == 0);
  CHECK(std::string(bufDataFormatName(6)) == "10_11_11");
  CHECK(std::string(bufNumFormatName(6)) == "SNORM_OGL");
}

TEST_CASE("format: SNORM uses MIN+1..MAX, MIN clamps to -1", "[memory][format]") {
  CHECK(unpack({0x7f}, kBufDataFormat8, kBufNumFormatSnorm).v[0] == f2u(1.0f));
  CHECK(unpack({0x80}, kBufDataFormat8, kBufNumFormatSnorm).v[0] == f2u(-1.0f));  // -128/127 -> -1
  CHECK(unpack({0x81}, kBufDataFormat8, kBufNumFormatSnorm).v[0] == f2u(-1.0f));  // -127/127
  CHECK(unpack({0x40}, kBufDataFormat8, kBufNumFormatSnorm).v[0] == f2u(64.0f / 127.0f));
  CHECK(unpack({0x00, 0x80}, kBufDataFormat16, kBufNumFormatSnorm).v[0] == f2u(-1.0f));
  CHECK(unpack({0xff, 0x7f}, kBufDataFormat16, kBufNumFormatSnorm).v[0] == f2u(1.0f));
}

TEST_CASE("format: SNORM_OGL uses MIN..MAX as (2c+1)/(2^n-1)", "[memory][format]") {
  CHECK(unpack({0x80}, kBufDataFormat8, kBufNumFormatSnormOgl).v[0] == f2u(-1.0f));  // -255/255
  CHECK(unpack({0x7f}, kBufDataFormat8, kBufNumFormatSnormOgl).v[0] == f2u(1.0f));   // 255/255
  CHECK(unpack({0x00}, kBufDataFormat8, kBufNumFormatSnormOgl).v[0] == f2u(1.0f / 255.0f));
}

TEST_CASE("format: UNORM, scaled and integer number formats", "[memory][format]") {
  CHECK(unpack({0xff}, kBufDataFormat8, kBufNumFormatUnorm).v[0] == f2u(1.0f));
  CHECK(unpack({0x80}, kBufDataFormat8, kBufNumFormatUnorm).v[0] == f2u(128.0f / 255.0f));
  CHECK(unpack({0xff, 0xff}, kBufDataFormat16, kBufNumFormatUnorm).v[0] == f2u(1.0f));
  CHECK(unpack({200}, kBufDataFormat8, kBufNumFormatUscaled).v[0] == f2u(200.0f));
  CHECK(unpack({0xc8}, kBufDataFormat8, kBufNumFormatSscaled).v[0] == f2u(-56.0f));
  CHECK(unpack({0xef, 0xbe}, kBufDataFormat16, kBufNumFormatUint).v[0] == 0xbeefu);
  CHECK(unpack({0xef, 0xbe}, kBufDataFormat16, kBufNumFormatSint).v[0] == 0xffffbeefu);
  CHECK(unpack({1, 2, 3, 0x84}, kBufDataFormat32, kBufNumFormatSint).v[0] == 0x84030201u);

  Unpacked rgba = unpack({0x00, 0xff, 0x80, 0x33}, kBufDataFormat8_8_8_8, kBufNumFormatUnorm);
  CHECK(rgba.v[0] == f2u(0.0f));
  CHECK(rgba.v[1] == f2u(1.0f));
  CHECK(rgba.v[2] == f2u(128.0f / 255.0f));
  CHECK(rgba.v[3] == f2u(0.2f));  // 51/255
}

TEST_CASE("format: packed 10/11-bit float formats", "[memory][format]") {
  // 10_11_11: x = 11-bit float 1.0 (e=15: 0x3c0), y = 11-bit 2.0 (e=16: 0x400) at bit 11,
  // z = 10-bit 0.5 (e=14: 0x1c0) at bit 22 -> 0x3c0 | 0x200000 | 0x70000000.
  Unpacked u = unpackWord(0x702003c0, kBufDataFormat10_11_11, kBufNumFormatFloat);
  REQUIRE(u.status == FormatStatus::Ok);
  CHECK(u.v[0] == f2u(1.0f));
  CHECK(u.v[1] == f2u(2.0f));
  CHECK(u.v[2] == f2u(0.5f));
  CHECK(u.v[3] == f2u(1.0f));  // missing w reads as one
  CHECK(unpackWord(0x3e0, kBufDataFormat10_11_11, kBufNumFormatFloat).v[0] == f2u(1.5f));  // m = 32/64
  CHECK(std::isinf(u2f(unpackWord(0x7c0, kBufDataFormat10_11_11, kBufNumFormatFloat).v[0])));
  CHECK(unpackWord(0x001, kBufDataFormat10_11_11, kBufNumFormatFloat).v[0] == f2u(std::ldexp(1.0f, -20)));

  // 11_11_10: x = 10-bit 1.0 (0x1e0), y = 11-bit 1.0 at bit 10, z = 11-bit 1.0 at bit 21.
  Unpacked v = unpackWord(0x1e0 | 0x3c0u << 10 | 0x3c0u << 21, kBufDataFormat11_11_10, kBufNumFormatFloat);
  CHECK(v.v[0] == f2u(1.0f));
  CHECK(v.v[1] == f2u(1.0f));
  CHECK(v.v[2] == f2u(1.0f));

  CHECK(packWord({f2u(1.0f), f2u(2.0f), f2u(0.5f), 0}, kBufDataFormat10_11_11, kBufNumFormatFloat) ==
        0x702003c0u);
  CHECK(packWord({f2u(-3.0f), f2u(0.0f), f2u(0.0f), 0}, kBufDataFormat10_11_11, kBufNumFormatFloat) == 0u);
}

TEST_CASE("format: 2-bit/10-bit packed formats by code", "[memory][format]") {
  // Code 8: x 2 bits (lowest), y, z, w 10 bits: 3 | 0x3ff<<2 | 1<<12 | 0x200<<22.
  Unpacked a = unpackWord(0x80001fff, kBufDataFormat2_10_10_10, kBufNumFormatUint);
  CHECK(a.v[0] == 3);
  CHECK(a.v[1] == 1023);
  CHECK(a.v[2] == 1);
  CHECK(a.v[3] == 512);
  // Code 9: x, y, z 10 bits from the lowest bit, w 2 bits: 0x3ff | 0 | 0x200<<20 | 3<<30.
  Unpacked b = unpackWord(0xe00003ff, kBufDataFormat10_10_10_2, kBufNumFormatUnorm);
  CHECK(b.v[0] == f2u(1.0f));
  CHECK(b.v[1] == f2u(0.0f));
  CHECK(b.v[2] == f2u(512.0f / 1023.0f));
  CHECK(b.v[3] == f2u(1.0f));
  // 2-bit SNORM: data MIN+1..MAX = -1..1; raw 2 (= -2) clamps to -1.
  CHECK(unpackWord(2u << 30, kBufDataFormat10_10_10_2, kBufNumFormatSnorm).v[3] == f2u(-1.0f));
  CHECK(unpackWord(1u << 30, kBufDataFormat10_10_10_2, kBufNumFormatSnorm).v[3] == f2u(1.0f));
  CHECK(unpackWord(0x200, kBufDataFormat10_10_10_2, kBufNumFormatSint).v[0] == uint32_t(-512));
}

TEST_CASE("format: 16-bit FLOAT components are halves, 32-bit ones pass through", "[memory][format]") {
  Unpacked h = unpack({0x00, 0x3c, 0x00, 0xc0}, kBufDataFormat16_16, kBufNumFormatFloat);
  CHECK(h.v[0] == f2u(1.0f));
  CHECK(h.v[1] == f2u(-2.0f));
  CHECK(h.v[2] == 0);
  CHECK(h.v[3] == f2u(1.0f));
  Unpacked f =
      unpack({1, 0, 0, 0, 2, 0, 0, 0, 0xff, 0xff, 0xff, 0x7f}, kBufDataFormat32_32_32, kBufNumFormatFloat);
  CHECK(f.v[0] == 1);
  CHECK(f.v[1] == 2);
  CHECK(f.v[2] == 0x7fffffffu);  // NaN bits unchanged
  CHECK(f.v[3] == f2u(1.0f));
}

TEST_CASE("format: components the format lacks read as (0, 0, 1)", "[memory][format]") {
  Unpacked u = unpack({0xff}, kBufDataFormat8, kBufNumFormatUnorm);
  CHECK(u.v[1] == 0);
  CHECK(u.v[2] == 0);
  CHECK(u.v[3] == f2u(1.0f));
  CHECK(unpack({5}, kBufDataFormat8, kBufNumFormatUint).v[3] == 1u);
  CHECK(unpack({5}, kBufDataFormat8, kBufNumFormatSint).v[3] == 1u);
}

TEST_CASE("format: invalid combinations report a status and never crash", "[memory][format]") {
  CHECK(unpack({1}, 0, kBufNumFormatUint).status == FormatStatus::InvalidDataFormat);
  CHECK(unpack({1}, 15, kBufNumFormatUint).status == FormatStatus::InvalidDataFormat);
  CHECK(unpack({1}, 200, kBufNumFormatUint).status == FormatStatus::InvalidDataFormat);
  CHECK(unpack({1}, kBufDataFormat8, 8).status == FormatStatus::InvalidNumFormat);
  Unpacked bad = unpack({1}, kBufDataFormat8, kBufNumFormatFloat);
  CHECK(bad.status == FormatStatus::FloatNeedsFloatComponents);
  CHECK(bad.v[0] == 0);
  CHECK(bad.v[3] == 0);
  CHECK(checkFormat(kBufDataFormat2_10_10_10, kBufNumFormatFloat, false) ==
        FormatStatus::FloatNeedsFloatComponents);

  uint8_t dst[4] = {0xaa, 0xaa, 0xaa, 0xaa};
  const uint32_t in[4] = {1, 2, 3, 4};
  // BufW column: USCALED, SSCALED and SNORM_OGL are read-only.
  CHECK(packFormat(in, kBufDataFormat8_8_8_8, kBufNumFormatUscaled, dst) ==
        FormatStatus::NumFormatNotWritable);
  CHECK(packFormat(in, kBufDataFormat8_8_8_8, kBufNumFormatSscaled, dst) ==
        FormatStatus::NumFormatNotWritable);
  CHECK(packFormat(in, kBufDataFormat8_8_8_8, kBufNumFormatSnormOgl, dst) ==
        FormatStatus::NumFormatNotWritable);
  CHECK(dst[0] == 0xaa);  // nothing written
  CHECK(std::string(formatStatusMessage(FormatStatus::NumFormatNotWritable)).find("store") !=
        std::string::npos);
}

TEST_CASE("format pack: UNORM/SNORM clamp and round to nearest even", "[memory][format][pack]") {
  auto unorm8 = [](float f) {
    return packWord({f2u(f), 0, 0, 0}, kBufDataFormat8, kBufNumFormatUnorm) & 0xff;
  };
  CHECK(unorm8(1.0f) == 255);
  CHECK(unorm8(0.5f) == 128);  // 127.5 -> 128
  CHECK(unorm8(2.0f) == 255);
  CHECK(unorm8(-1.0f) == 0);
  CHECK(unorm8(NAN) == 0);
  auto snorm8 = [](float f) {
    return packWord({f2u(f), 0, 0, 0}, kBufDataFormat8, kBufNumFormatSnorm) & 0xff;
  };
  CHECK(snorm8(1.0f) == 0x7f);
  CHECK(snorm8(-1.0f) == 0x81);  // -127: MIN (-128) is never produced
  CHECK(snorm8(-5.0f) == 0x81);
  // 2-bit SNORM w of code 9: 0.5 * 1 = 0.5 is a tie -> even (0); half-up would give 1.
  auto snorm2 = [](float f) {
    return packWord({0, 0, 0, f2u(f)}, kBufDataFormat10_10_10_2, kBufNumFormatSnorm) >> 30;
  };
  CHECK(snorm2(0.5f) == 0);
  CHECK(snorm2(1.5f) == 1);
  CHECK(snorm2(-1.0f) == 3);  // -1 in 2 bits
}

TEST_CASE("format pack: integers keep their low bits, floats convert", "[memory][format][pack]") {
  CHECK(packWord({0x1ff, 0x102, 0, 0}, kBufDataFormat8_8, kBufNumFormatUint) == 0x02ffu);
  CHECK(packWord({uint32_t(-1), 0, 0, 0}, kBufDataFormat16, kBufNumFormatSint) == 0xffffu);
  CHECK(packWord({f2u(1.0f), f2u(-2.0f), 0, 0}, kBufDataFormat16_16, kBufNumFormatFloat) == 0xc0003c00u);
  CHECK(packWord({f2u(65504.0f), f2u(65520.0f), 0, 0}, kBufDataFormat16_16, kBufNumFormatFloat) ==
        0x7c007bffu);
  // 2_10_10_10 (code 8) round trip of the hand-built word.
  CHECK(packWord({3, 1023, 1, 512}, kBufDataFormat2_10_10_10, kBufNumFormatUint) == 0x80001fffu);
}

TEST_CASE("format pack/unpack round trip for every data format", "[memory][format][pack]") {
  for (uint32_t df = 1; df <= 14; ++df) {
    INFO("data format " << df);
    const DataFormatInfo* info = dataFormatInfo(df);
    REQUIRE(info != nullptr);
    uint32_t in[4], out[4];
    for (int i = 0; i < 4; ++i)
      in[i] = (0x9abcdef1u >> i) & (info->bits[i] >= 32 ? 0xffffffffu : (1u << info->bits[i]) - 1);
    uint8_t buf[16] = {};
    REQUIRE(packFormat(in, df, kBufNumFormatUint, buf) == FormatStatus::Ok);
    REQUIRE(unpackFormat(buf, df, kBufNumFormatUint, out) == FormatStatus::Ok);
    for (int i = 0; i < info->components; ++i) CHECK(out[i] == in[i]);
  }
}

TEST_CASE("DST_SEL selects components, zero and one", "[memory][format][dstsel]") {
  const uint32_t in[4] = {10, 20, 30, 40};
  uint32_t out[4];
  REQUIRE(applyDstSel(in, {kDstSelA, kDstSelB, kDstSelG, kDstSelR}, 1, out));
  CHECK(out[0] == 40);
  CHECK(out[1] == 30);
  CHECK(out[2] == 20);
  CHECK(out[3] == 10);
  REQUIRE(applyDstSel(in, {kDstSel0, kDstSel1, kDstSelR, kDstSelR}, formatOneValue(kBufNumFormatFloat), out));
  CHECK(out[0] == 0);
  CHECK(out[1] == 0x3f800000u);
  CHECK(out[2] == 10);
  CHECK(out[3] == 10);
  CHECK_FALSE(applyDstSel(in, {2, kDstSelG, kDstSelB, kDstSelA}, 1, out));  // code 2 not permitted
  CHECK(out[0] == 0);
  CHECK(out[1] == 20);
  CHECK(formatOneValue(kBufNumFormatUint) == 1u);
}

TEST_CASE("D16 conversion of register values", "[memory][format]") {
  CHECK(toD16(f2u(1.0f), kBufNumFormatFloat) == 0x3c00);
  CHECK(toD16(f2u(0.5f), kBufNumFormatUnorm) == 0x3800);
  CHECK(toD16(0x12345, kBufNumFormatUint) == 0x2345);
  CHECK(fromD16(0xffff, kBufNumFormatSint) == 0xffffffffu);
  CHECK(fromD16(0xffff, kBufNumFormatUint) == 0xffffu);
  CHECK(fromD16(0xc000, kBufNumFormatFloat) == f2u(-2.0f));
}
