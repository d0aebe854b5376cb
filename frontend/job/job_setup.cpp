// "kernel.setup" of raw kernels: initial register values, and the buffer
// resource (V#) encoding of seed 001_2fc8a7f12b5d60d9.txt "Buffer resource format".
#include <algorithm>
#include <array>
#include <cctype>

#include "frontend/common/error.hpp"
#include "frontend/common/json_input.hpp"
#include "frontend/job/job_parts.hpp"

namespace gcnsim::frontend {
namespace {

using File = RegRange::File;

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

bool parseUint(std::string_view s, uint32_t& out) {
  if (s.empty() || s.size() > 4) return false;
  out = 0;
  for (char c : s) {
    if (!std::isdigit(static_cast<unsigned char>(c))) return false;
    out = out * 10 + static_cast<uint32_t>(c - '0');
  }
  return true;
}

// "s8", "s[4:7]", "v0", "v[2:3]", "m0", "vcc", "exec".
std::optional<RegRange> parseRegister(std::string_view key) {
  if (key == "m0") return RegRange{File::M0, 0, 1};
  if (key == "vcc") return RegRange{File::Vcc, 0, 2};
  if (key == "exec") return RegRange{File::Exec, 0, 2};
  if (key.size() < 2 || (key[0] != 's' && key[0] != 'v')) return std::nullopt;
  RegRange r{key[0] == 's' ? File::Sgpr : File::Vgpr, 0, 1};
  std::string_view rest = key.substr(1);
  if (rest.front() != '[') return parseUint(rest, r.first) ? std::optional(r) : std::nullopt;
  const auto colon = rest.find(':');
  if (rest.back() != ']' || colon == std::string_view::npos) return std::nullopt;
  uint32_t last = 0;
  if (!parseUint(rest.substr(1, colon - 1), r.first) ||
      !parseUint(rest.substr(colon + 1, rest.size() - colon - 2), last) || last < r.first)
    return std::nullopt;
  r.count = last - r.first + 1;
  return r;
}

std::string regName(const RegRange& r) {
  switch (r.file) {
    case File::M0: return "m0";
    case File::Vcc: return "vcc";
    case File::Exec: return "exec";
    default: break;
  }
  const char p = r.file == File::Sgpr ? 's' : 'v';
  if (r.count == 1) return p + std::to_string(r.first);
  return std::string(1, p) + "[" + std::to_string(r.first) + ":" + std::to_string(r.first + r.count - 1) +
         "]";
}

// A named or numbered code: `names[i]` has code `codes[i]`.
uint8_t parseCode(const JobContext& ctx, const JobJson& v, const std::string& field,
                  std::initializer_list<std::pair<const char*, uint8_t>> names, std::string_view prefix,
                  uint8_t maxCode) {
  if (v.is_number()) return static_cast<uint8_t>(ctx.requireUint(v, field, 0, maxCode));
  std::string s = lower(ctx.requireString(v, field));
  if (s.starts_with(prefix)) s = s.substr(prefix.size());
  std::string all;
  for (const auto& [name, code] : names) {
    if (s == name) return code;
    all += (all.empty() ? "" : ", ") + std::string(name);
  }
  ctx.fail(field, "unknown value " + shortDump(v) + " (expected one of " + all + ", or a number 0-" +
                      std::to_string(maxCode) + ")");
}

BufferResourceSpec parseResource(const JobContext& ctx, const JobJson& v, const std::string& field,
                                 const BufferSpec& buffer) {
  ctx.checkKeys(v, field,
                {"buffer", "offset", "stride", "cache_swizzle", "swizzle_enable", "num_records", "dst_sel_x",
                 "dst_sel_y", "dst_sel_z", "dst_sel_w", "num_format", "data_format", "element_size",
                 "index_stride", "add_tid_enable", "hash_enable", "heap", "type"});
  BufferResourceSpec r;
  auto opt = [&](const char* key) { return ctx.optionalKey(v, key); };
  auto f = [&](const char* key) { return field + "." + key; };
  if (auto* x = opt("offset")) r.baseOffset = ctx.requireUint(*x, f("offset"), 0, buffer.size);
  if (auto* x = opt("stride")) r.stride = static_cast<uint32_t>(ctx.requireUint(*x, f("stride"), 0, 0x3fff));
  if (auto* x = opt("cache_swizzle")) r.cacheSwizzle = ctx.requireBool(*x, f("cache_swizzle"));
  if (auto* x = opt("swizzle_enable")) r.swizzleEnable = ctx.requireBool(*x, f("swizzle_enable"));
  const std::initializer_list<std::pair<const char*, uint8_t>> sels = {
      {"0", 0}, {"1", 1}, {"r", 4}, {"g", 5}, {"b", 6}, {"a", 7}, {"x", 4}, {"y", 5}, {"z", 6}, {"w", 7}};
  uint8_t* selFields[] = {&r.dstSelX, &r.dstSelY, &r.dstSelZ, &r.dstSelW};
  const char* selKeys[] = {"dst_sel_x", "dst_sel_y", "dst_sel_z", "dst_sel_w"};
  for (int i = 0; i < 4; ++i)
    if (auto* x = opt(selKeys[i])) *selFields[i] = parseCode(ctx, *x, f(selKeys[i]), sels, "sel_", 7);
  if (auto* x = opt("num_format"))
    r.numFormat = parseCode(ctx, *x, f("num_format"),
                            {{"unorm", 0},
                             {"snorm", 1},
                             {"uscaled", 2},
                             {"sscaled", 3},
                             {"uint", 4},
                             {"sint", 5},
                             {"snorm_ogl", 6},
                             {"float", 7}},
                            "buf_num_format_", 7);
  if (auto* x = opt("data_format"))
    r.dataFormat = parseCode(ctx, *x, f("data_format"),
                             {{"invalid", 0},
                              {"8", 1},
                              {"16", 2},
                              {"8_8", 3},
                              {"32", 4},
                              {"16_16", 5},
                              {"10_11_11", 6},
                              {"11_11_10", 7},
                              {"2_10_10_10", 8},
                              {"10_10_10_2", 9},
                              {"8_8_8_8", 10},
                              {"32_32", 11},
                              {"16_16_16_16", 12},
                              {"32_32_32", 13},
                              {"32_32_32_32", 14}},
                             "buf_data_format_", 15);
  if (auto* x = opt("element_size"))
    r.elemSize = static_cast<uint8_t>(ctx.requireUint(*x, f("element_size"), 0, 3));
  if (auto* x = opt("index_stride"))
    r.indexStride = static_cast<uint8_t>(ctx.requireUint(*x, f("index_stride"), 0, 3));
  if (auto* x = opt("add_tid_enable")) r.tidEnable = ctx.requireBool(*x, f("add_tid_enable"));
  if (auto* x = opt("hash_enable")) r.hashEnable = ctx.requireBool(*x, f("hash_enable"));
  if (auto* x = opt("heap")) r.heap = ctx.requireBool(*x, f("heap"));
  if (auto* x = opt("type")) r.type = static_cast<uint8_t>(ctx.requireUint(*x, f("type"), 0, 3));
  r.numRecords = defaultNumRecords(r, buffer.size);
  if (auto* x = opt("num_records")) {
    r.numRecords = static_cast<uint32_t>(ctx.requireUint(*x, f("num_records"), 0, 0xffffffffu));
    r.numRecordsGiven = true;
  }
  return r;
}

const BufferSpec& requireBuffer(const JobContext& ctx, const JobJson& v, const std::string& field,
                                const std::vector<BufferSpec>& buffers) {
  const std::string name = ctx.requireString(v, field);
  for (const auto& b : buffers)
    if (b.name == name) return b;
  std::string names;
  for (const auto& b : buffers) names += (names.empty() ? "" : ", ") + b.name;
  ctx.fail(field,
           "no buffer " + JobContext::quoted(name) + " (buffers: " + (names.empty() ? "none" : names) + ")");
}

void requireCount(const JobContext& ctx, const RegInit& init, const std::string& field, uint32_t count,
                  const char* what) {
  if (init.reg.count != count)
    ctx.fail(field, std::string(what) + " needs " + std::to_string(count) + " register" +
                        (count > 1 ? "s" : "") + ", not " + std::to_string(init.reg.count));
}

void parseValue(const JobContext& ctx, const JobJson& v, const std::string& field, RegInit& init,
                const std::vector<BufferSpec>& buffers, std::vector<RegInit>& out) {
  if (v.is_array()) {  // one constant per register
    if (v.size() != init.reg.count)
      ctx.fail(field, "has " + std::to_string(v.size()) + " values for " + std::to_string(init.reg.count) +
                          " registers");
    for (uint32_t i = 0; i < init.reg.count; ++i) {
      RegInit one = init;
      one.reg.first = init.reg.first + i;
      one.reg.count = 1;
      one.constant = ctx.elementBits(v[i], ElemType::U32, field + "[" + std::to_string(i) + "]");
      out.push_back(one);
    }
    return;
  }
  if (v.is_number_float() && !v.is_number_integer())
    ctx.fail(field, "a float needs a type: {\"value\": " + shortDump(v) + ", \"type\": \"f32\"}");
  if (v.is_number() || (v.is_object() && v.contains("value"))) {
    const JobJson* value = &v;
    ElemType type = init.reg.count == 1 ? ElemType::U32 : ElemType::U64;
    std::string vfield = field;
    if (v.is_object()) {
      ctx.checkKeys(v, field, {"value", "type"});
      value = &v["value"];
      vfield = field + ".value";
      if (v.contains("type")) {
        const std::string t = ctx.requireString(v["type"], field + ".type");
        auto parsed = parseElemType(t);
        if (!parsed)
          ctx.fail(field + ".type",
                   "unknown type " + JobContext::quoted(t) + " (expected one of " + elemTypeList() + ")");
        type = *parsed;
      }
    }
    if (init.reg.count > 2)
      ctx.fail(field, "a constant fills 1 or 2 registers; give an array of values for more");
    if (elemTypeSize(type) > 4 * init.reg.count)
      ctx.fail(field, std::string(elemTypeName(type)) + " does not fit in " + std::to_string(init.reg.count) +
                          " register");
    // Negative integers for a 32/64-bit register are taken as two's complement.
    if (!isFloatType(type) && value->is_number_integer() && !value->is_number_unsigned() &&
        value->get<int64_t>() < 0)
      type = type == ElemType::U32 ? ElemType::I32 : type == ElemType::U64 ? ElemType::I64 : type;
    init.kind = RegInit::Kind::Constant;
    init.constant = ctx.elementBits(*value, type, vfield);
    out.push_back(init);
    return;
  }
  if (v.is_string()) {
    const std::string s = v.get<std::string>();
    static constexpr std::array<const char*, 3> dims = {"x", "y", "z"};
    for (uint8_t d = 0; d < 3; ++d) {
      if (s == std::string("workgroup_id_") + dims[d]) {
        if (init.reg.file != File::Sgpr) ctx.fail(field, "workgroup ids go in an SGPR");
        requireCount(ctx, init, field, 1, s.c_str());
        init.kind = RegInit::Kind::WorkgroupId;
        init.dim = d;
        out.push_back(init);
        return;
      }
      if (s == std::string("workitem_id_") + dims[d]) {
        if (init.reg.file != File::Vgpr) ctx.fail(field, "work-item ids go in a VGPR");
        requireCount(ctx, init, field, 1, s.c_str());
        init.kind = RegInit::Kind::WorkitemId;
        init.dim = d;
        out.push_back(init);
        return;
      }
    }
    if (s == "kernarg_segment_ptr") {
      if (init.reg.file != File::Sgpr) ctx.fail(field, "the kernarg segment address goes in SGPRs");
      requireCount(ctx, init, field, 2, "the kernarg segment address");
      init.kind = RegInit::Kind::KernargAddress;
      out.push_back(init);
      return;
    }
    ctx.fail(field,
             "unknown value " + shortDump(v) +
                 " (expected workgroup_id_x/y/z, workitem_id_x/y/z, kernarg_segment_ptr, a number, or an "
                 "object with \"value\", \"address\" or \"resource\")");
  }
  if (v.is_object() && v.contains("address")) {
    ctx.checkKeys(v, field, {"address", "offset"});
    const BufferSpec& b = requireBuffer(ctx, v["address"], field + ".address", buffers);
    requireCount(ctx, init, field, 2, "a buffer address");
    init.kind = RegInit::Kind::BufferAddress;
    init.buffer = b.name;
    if (v.contains("offset")) init.offset = ctx.requireUint(v["offset"], field + ".offset", 0, b.size);
    out.push_back(init);
    return;
  }
  if (v.is_object() && v.contains("resource")) {
    ctx.checkKeys(v, field, {"resource"});
    const JobJson& r = ctx.requireObject(v["resource"], field + ".resource");
    const BufferSpec& b = requireBuffer(ctx, ctx.requireKey(r, "buffer", field + ".resource"),
                                        field + ".resource.buffer", buffers);
    requireCount(ctx, init, field, 4, "a buffer resource");
    init.kind = RegInit::Kind::BufferResource;
    init.buffer = b.name;
    init.resource = parseResource(ctx, r, field + ".resource", b);
    out.push_back(init);
    return;
  }
  ctx.fail(
      field,
      "expected a number, an array of numbers, workgroup_id_x/y/z, workitem_id_x/y/z, kernarg_segment_ptr, "
      "or an object with \"value\", \"address\" or \"resource\"; got " +
          JobContext::describe(v));
}

}  // namespace

uint32_t defaultNumRecords(const BufferResourceSpec& r, uint64_t bufferBytes) {
  const uint64_t usable = bufferBytes - std::min(r.baseOffset, bufferBytes);
  return static_cast<uint32_t>(std::min<uint64_t>(r.stride ? usable / r.stride : usable, 0xffffffffu));
}

std::array<uint32_t, 4> encodeBufferResource(const BufferResourceSpec& r, uint64_t bufferAddress) {
  const uint64_t base = (bufferAddress + r.baseOffset) & 0xffffffffffffull;
  std::array<uint32_t, 4> d{};
  d[0] = static_cast<uint32_t>(base);
  d[1] = static_cast<uint32_t>(base >> 32) | (r.stride & 0x3fff) << 16 | uint32_t{r.cacheSwizzle} << 30 |
         uint32_t{r.swizzleEnable} << 31;
  d[2] = r.numRecords;
  d[3] = (r.dstSelX & 7u) | (r.dstSelY & 7u) << 3 | (r.dstSelZ & 7u) << 6 | (r.dstSelW & 7u) << 9 |
         (r.numFormat & 7u) << 12 | (r.dataFormat & 15u) << 15 | (r.elemSize & 3u) << 19 |
         (r.indexStride & 3u) << 21 | uint32_t{r.tidEnable} << 23 | uint32_t{r.hashEnable} << 25 |
         uint32_t{r.heap} << 26 | (r.type & 3u) << 30;
  return d;
}

RawSetup parseRawSetup(const JobContext& ctx, const JobJson& v, const std::vector<BufferSpec>& buffers,
                       const KernelSpec& kernel, const std::string& kernelField) {
  ctx.requireObject(v, kernelField + ".setup");
  RawSetup setup;
  for (auto it = v.begin(); it != v.end(); ++it) {
    const std::string field = kernelField + ".setup." + it.key();
    auto reg = parseRegister(it.key());
    if (!reg) ctx.fail(field, "not a register (expected sN, s[N:M], vN, v[N:M], m0, vcc or exec)");
    const uint32_t limit = reg->file == File::Sgpr   ? kernel.sgprs
                           : reg->file == File::Vgpr ? kernel.vgprs
                                                     : ~0u;
    if (reg->first + reg->count > limit)
      ctx.fail(field, regName(*reg) + " is beyond the kernel's " + std::to_string(limit) +
                          (reg->file == File::Sgpr ? " SGPRs (kernel.sgprs)" : " VGPRs (kernel.vgprs)"));
    for (const RegInit& other : setup.inits)
      if (other.reg.file == reg->file && other.reg.first < reg->first + reg->count &&
          reg->first < other.reg.first + other.reg.count)
        ctx.fail(field, "overlaps " + other.key);
    RegInit init;
    init.key = it.key();
    init.reg = *reg;
    parseValue(ctx, it.value(), field, init, buffers, setup.inits);
  }
  return setup;
}

RawSetup parseRawSetupText(const std::string& json, const std::vector<BufferSpec>& buffers,
                           const KernelSpec& kernel, const std::string& where) {
  JobJson v;
  try {
    v = JobJson::parse(json);
  } catch (const JobJson::exception& e) {
    throw InputError(where + ": kernel.setup: not JSON (" + e.what() + ")");
  }
  return parseRawSetup(JobContext(where), v, buffers, kernel, "kernel");
}

}  // namespace gcnsim::frontend
