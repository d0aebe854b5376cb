// A buffer's inline "data" array (frontend/job/buffer_data.hpp): converted while the job is parsed, to
// the bytes and with the messages the element-by-element conversion of the document gave.
#include <bit>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdio>
#include <cstring>

#include "frontend/common/error.hpp"
#include "frontend/job/job.hpp"
#include "tests/common/test_files.hpp"

using namespace gcnsim::frontend;
using Catch::Contains;
using Catch::Equals;

namespace {

const std::filesystem::path kJobFile = gcnsim::test::scratchDir("buffer_data_test") / "job.json";

// A vector_add job whose buffers are `a` (written as given) and two of one f32 each.
Job loadWithBuffer(const std::string& a, uint64_t maxBufferBytes = kDefaultMaxBufferBytes) {
  const std::string kernel = std::string(GCNSIM_SOURCE_DIR) + "/examples/vector_add/vector_add.gfx900.hsaco";
  gcnsim::test::writeText(kJobFile,
                          "{\"kernel\": {\"file\": \"" + kernel +
                              "\"}, \"grid\": [1], \"workgroup\": [1],\n\"buffers\": {\"a\": " + a +
                              ", \"b\": {\"type\": \"f32\", \"count\": 1}, \"c\": {\"type\": \"f32\", "
                              "\"count\": 1}},\n\"args\": [{\"buffer\": \"a\"}, {\"buffer\": \"b\"}, "
                              "{\"buffer\": \"c\"}, {\"value\": 1}]}");
  return loadJob(kJobFile, maxBufferBytes);
}

// `"data": [...]` of `n` elements, element i written as text(i).
template <class Text>
std::string dataArray(size_t n, Text text) {
  std::string s = "\"data\": [";
  for (size_t i = 0; i < n; ++i) s += (i ? ", " : "") + text(i);
  return s + "]";
}

std::string u8Text(size_t i) { return std::to_string(i % 256); }

}  // namespace

TEST_CASE("a large data array loads to its bytes", "[frontend][job]") {
  // 300,000 f32 values with two decimals, each exact in binary: (i % 4000) / 4 - 500.
  const size_t n = 300000;
  const auto value = [](size_t i) { return static_cast<double>(i % 4000) / 4 - 500; };
  const std::string data = dataArray(n, [&](size_t i) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", value(i));
    return std::string(buf);
  });
  for (const std::string& a : {"{\"type\": \"f32\", " + data + "}", "{" + data + ", \"type\": \"f32\"}"}) {
    INFO(a.substr(0, 40));  // "type" first (converted while parsing) or last (from the document)
    const Job job = loadWithBuffer(a);
    const BufferSpec& b = job.buffers.at(0);
    REQUIRE(b.size == n * 4);
    REQUIRE(b.bytes.size() == n * 4);
    size_t wrong = 0;
    for (size_t i = 0; i < n; ++i) {
      uint32_t bits = 0;
      std::memcpy(&bits, b.bytes.data() + 4 * i, 4);
      wrong += bits != std::bit_cast<uint32_t>(static_cast<float>(value(i)));
    }
    CHECK(wrong == 0);
  }
}

TEST_CASE("data elements of every type convert as the document's did", "[frontend][job]") {
  struct Case {
    const char* type;
    const char* values;
    std::vector<uint8_t> bytes;  // little-endian, worked out by hand
  };
  const Case cases[] = {
      {"u8", "0, 255", {0x00, 0xff}},
      {"i8", "-128, 127", {0x80, 0x7f}},
      {"u16", "65535, 1", {0xff, 0xff, 0x01, 0x00}},
      {"i16", "-32768", {0x00, 0x80}},
      {"u32", "4294967295, 1e6", {0xff, 0xff, 0xff, 0xff, 0x40, 0x42, 0x0f, 0x00}},  // 1e6: an exact integer
      {"i32", "-2", {0xfe, 0xff, 0xff, 0xff}},
      {"u64", "18446744073709551615", {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}},
      {"i64", "-9223372036854775808", {0, 0, 0, 0, 0, 0, 0, 0x80}},
      {"f16", "65504, \"-inf\", 1.5, 3", {0xff, 0x7b, 0x00, 0xfc, 0x00, 0x3e, 0x00, 0x42}},
      {"f32", "\"nan\", 0.1, -2", {0x00, 0x00, 0xc0, 0x7f, 0xcd, 0xcc, 0xcc, 0x3d, 0x00, 0x00, 0x00, 0xc0}},
      {"f64", "-0.0, \"inf\"", {0, 0, 0, 0, 0, 0, 0, 0x80, 0, 0, 0, 0, 0, 0, 0xf0, 0x7f}},
  };
  for (const Case& c : cases) {
    const std::string type = std::string("\"type\": \"") + c.type + "\"",
                      data = std::string("\"data\": [") + c.values + "]";
    INFO(c.type << ": " << c.values);
    CHECK(loadWithBuffer("{" + type + ", " + data + "}").buffers.at(0).bytes == c.bytes);
    CHECK(loadWithBuffer("{" + data + ", " + type + "}").buffers.at(0).bytes == c.bytes);
  }
  // "count" beyond the data: zeros after it.
  CHECK(loadWithBuffer(R"({"type": "u16", "count": 3, "data": [1, 65535]})").buffers.at(0).bytes ==
        std::vector<uint8_t>{1, 0, 0xff, 0xff, 0, 0});
  CHECK(loadWithBuffer(R"({"type": "u16", "data": []})").buffers.at(0).bytes.empty());
}

TEST_CASE("a bad data element is named by its index, after the checks before it", "[frontend][job]") {
  const std::string file = kJobFile.string();
  const auto error = [](const std::string& a, uint64_t limit = kDefaultMaxBufferBytes) -> std::string {
    try {
      loadWithBuffer(a, limit);
    } catch (const InputError& e) {
      return e.what();
    }
    return "(loaded)";
  };
  const auto both = [&](const std::string& type, const std::string& data) {  // "type" first, then last
    const std::string first = error("{" + type + ", " + data + "}");
    CHECK(error("{" + data + ", " + type + "}") == first);
    return first;
  };
  const size_t n = 200000;
  SECTION("element k of a large array, the first bad one") {
    const std::string data = dataArray(n, [](size_t i) {
      return i == 123456 ? std::string("256") : i == 150000 ? std::string("-1") : u8Text(i);
    });
    CHECK_THAT(both("\"type\": \"u8\"", data),
               Equals(file + ": buffers.a.data[123456]: 256 is out of range for u8 (0 to 255)"));
  }
  SECTION("each kind of bad value") {
    const auto at = [&](size_t k, const std::string& bad) {
      return dataArray(n, [&](size_t i) { return i == k ? bad : u8Text(i); });
    };
    CHECK_THAT(both("\"type\": \"u32\"", at(199999, "1.5")),
               Equals(file + ": buffers.a.data[199999]: expected an integer, got a number (1.5)"));
    CHECK_THAT(
        both("\"type\": \"f16\"", at(7, "70000")),
        Equals(file + ": buffers.a.data[7]: 70000 is out of range for f16 (largest finite value 65504)"));
    CHECK_THAT(both("\"type\": \"f32\"", at(0, "\"x\"")),
               Equals(file + ": buffers.a.data[0]: expected a number (or \"nan\", \"inf\", \"-inf\"), got a "
                             "string (\"x\")"));
    CHECK_THAT(both("\"type\": \"f64\"", at(3, "true")),
               Equals(file + ": buffers.a.data[3]: expected a number (or \"nan\", \"inf\", \"-inf\"), got a "
                             "boolean (true)"));
    CHECK_THAT(both("\"type\": \"i8\"", at(5, "[1]")),
               Equals(file + ": buffers.a.data[5]: expected an integer, got an array"));
    CHECK_THAT(both("\"type\": \"i8\"", at(6, "{\"v\": [1, {}]}")),
               Equals(file + ": buffers.a.data[6]: expected an integer, got an object"));
    CHECK_THAT(both("\"type\": \"u16\"", at(9, "null")),
               Equals(file + ": buffers.a.data[9]: expected an integer, got null"));
  }
  SECTION("the buffer's own checks come first") {
    CHECK_THAT(both("\"type\": \"u8\", \"count\": 2", "\"data\": [1, 2, 300]"),
               Equals(file + ": buffers.a.count: count 2 is less than the 3 elements of \"data\""));
    CHECK_THAT(both("\"type\": \"u8\", \"fill\": 1", "\"data\": [300]"),
               Equals(file + ": buffers.a: \"data\" and \"fill\" cannot be combined"));
    CHECK_THAT(both("\"type\": \"u9\"", "\"data\": [1]"),
               Contains(file + ": buffers.a.type: unknown type \"u9\""));
    CHECK_THAT(
        error(R"({"type": "u8", "data": [1, 2, 3, 4, 300]})", 4),
        Contains(file + ": buffers.a: 5 elements of u8 (5 bytes) exceed the buffer memory limit of 4 bytes"));
  }
  SECTION("keys given twice, in an element or for the array") {
    CHECK_THAT(
        both("\"type\": \"u8\"", R"("data": [1, {"x": 1, "x": 2}])"),
        Equals(file +
               ": buffers.a.data[1].x: the key appears twice in its object (a key may be given once)"));
    CHECK_THAT(
        error(R"({"type": "u8", "data": [1], "data": [2]})"),
        Equals(file + ": buffers.a.data: the key appears twice in its object (a key may be given once)"));
  }
}
