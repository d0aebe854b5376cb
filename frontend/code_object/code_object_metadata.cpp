#include "frontend/code_object/code_object_metadata.hpp"

#include <array>
#include <nlohmann/json.hpp>

#include "frontend/common/error.hpp"
#include "frontend/common/json_input.hpp"
#include "frontend/common/limits.hpp"

namespace gcnsim::frontend {
namespace {

using nlohmann::json;

class MetadataReader {
 public:
  explicit MetadataReader(std::string file) : file_(std::move(file)) {}

  [[noreturn]] void fail(const std::string& where, const std::string& msg) const {
    throw InputError(file_ + ": NT_AMDGPU_METADATA: " + where + ": " + msg);
  }

  const json* find(const json& obj, const char* key) const {
    auto it = obj.find(key);
    return it == obj.end() ? nullptr : &*it;
  }

  uint32_t u32(const json& obj, const char* key, const std::string& where, bool required,
               uint32_t def = 0) const {
    const json* v = find(obj, key);
    if (!v) {
      if (required) fail(where, std::string("missing required key \"") + key + "\"");
      return def;
    }
    if (!v->is_number_unsigned() || v->get<uint64_t>() > 0xffffffffu)
      fail(where + "." + key, "expected an unsigned 32-bit integer, got " + shortDump(*v));
    return v->get<uint32_t>();
  }

  std::string str(const json& obj, const char* key, const std::string& where, bool required) const {
    const json* v = find(obj, key);
    if (!v) {
      if (required) fail(where, std::string("missing required key \"") + key + "\"");
      return {};
    }
    if (!v->is_string()) fail(where + "." + key, "expected a string, got " + shortDump(*v));
    return v->get<std::string>();
  }

  bool boolean(const json& obj, const char* key, const std::string& where) const {
    const json* v = find(obj, key);
    if (!v) return false;
    if (!v->is_boolean()) fail(where + "." + key, "expected a boolean, got " + shortDump(*v));
    return v->get<bool>();
  }

  KernelArg arg(const json& a, const std::string& where) const {
    if (!a.is_object()) fail(where, "expected a map");
    KernelArg out;
    out.name = str(a, ".name", where, false);
    out.typeName = str(a, ".type_name", where, false);
    out.offset = u32(a, ".offset", where, true);
    out.size = u32(a, ".size", where, true);
    out.valueKindName = str(a, ".value_kind", where, true);
    out.valueKind = parseArgValueKind(out.valueKindName);
    out.addressSpace = str(a, ".address_space", where, false);
    out.pointeeAlign = u32(a, ".pointee_align", where, false);
    if (out.pointeeAlign & (out.pointeeAlign - 1) || out.pointeeAlign > kMaxLdsBytesPerWorkgroup)
      fail(where + "..pointee_align", std::to_string(out.pointeeAlign) + " is not a power of two up to " +
                                          std::to_string(kMaxLdsBytesPerWorkgroup));
    out.isConst = boolean(a, ".is_const", where);
    return out;
  }

  KernelInfo kernel(const json& k, const std::string& where) const {
    if (!k.is_object()) fail(where, "expected a map");
    KernelInfo out;
    out.name = str(k, ".name", where, true);
    out.symbol = str(k, ".symbol", where, true);
    out.kernargSize = u32(k, ".kernarg_segment_size", where, true);
    out.kernargAlign = u32(k, ".kernarg_segment_align", where, true);
    if (out.kernargSize > kMaxKernargBytes)
      fail(where + "..kernarg_segment_size", std::to_string(out.kernargSize) + " bytes exceed the limit of " +
                                                 std::to_string(kMaxKernargBytes));
    if (out.kernargAlign & (out.kernargAlign - 1) || out.kernargAlign > 4096)
      fail(where + "..kernarg_segment_align",
           std::to_string(out.kernargAlign) + " is not a power of two up to 4096");
    out.groupSegmentSize = u32(k, ".group_segment_fixed_size", where, true);
    out.privateSegmentSize = u32(k, ".private_segment_fixed_size", where, true);
    out.sgprCount = u32(k, ".sgpr_count", where, true);
    out.vgprCount = u32(k, ".vgpr_count", where, true);
    out.sgprSpillCount = u32(k, ".sgpr_spill_count", where, false);
    out.vgprSpillCount = u32(k, ".vgpr_spill_count", where, false);
    out.wavefrontSize = u32(k, ".wavefront_size", where, true);
    out.maxFlatWorkgroupSize = u32(k, ".max_flat_workgroup_size", where, false);
    if (const json* v = find(k, ".reqd_workgroup_size")) {
      // "If not 0, 0, 0 then all values must be >=1" (AMDGPUUsage.rst kernel metadata map, v3+).
      const std::string field = where + "..reqd_workgroup_size";
      if (!v->is_array() || v->size() != 3)
        fail(field, "expected a sequence of 3 integers, got " + shortDump(*v));
      for (size_t i = 0; i < 3; ++i) {
        const json& e = (*v)[i];
        if (!e.is_number_unsigned() || e.get<uint64_t>() > 1024)
          fail(field, "expected a sequence of 3 integers from 0 to 1024, got " + shortDump(*v));
        out.reqdWorkgroupSize[i] = e.get<uint32_t>();
      }
      const auto& r = out.reqdWorkgroupSize;
      if ((r[0] || r[1] || r[2]) && !(r[0] && r[1] && r[2]))
        fail(field, "either all 0 or all at least 1, got " + shortDump(*v));
    }
    out.usesDynamicStack = boolean(k, ".uses_dynamic_stack", where);
    out.language = str(k, ".language", where, false);
    if (const json* args = find(k, ".args")) {
      if (!args->is_array()) fail(where + ".args", "expected a sequence");
      for (size_t i = 0; i < args->size(); ++i) {
        KernelArg a = arg((*args)[i], where + ".args[" + std::to_string(i) + "]");
        if (uint64_t{a.offset} + a.size > out.kernargSize)
          fail(where + ".args[" + std::to_string(i) + "]",
               "offset " + std::to_string(a.offset) + " + size " + std::to_string(a.size) +
                   " exceeds .kernarg_segment_size " + std::to_string(out.kernargSize));
        out.args.push_back(std::move(a));
      }
    }
    return out;
  }

 private:
  std::string file_;
};

}  // namespace

CodeObjectMetadata parseCodeObjectMetadata(std::span<const uint8_t> msgpack, const std::string& file) {
  const json doc = parseMsgpack(msgpack, file + ": NT_AMDGPU_METADATA");
  MetadataReader r(file);
  if (!doc.is_object()) r.fail("top level", "expected a map");
  CodeObjectMetadata md;
  if (const json* v = r.find(doc, "amdhsa.version")) {
    if (!v->is_array()) r.fail("amdhsa.version", "expected a sequence");
    for (const auto& e : *v) {
      if (!e.is_number_unsigned()) r.fail("amdhsa.version", "expected unsigned integers");
      md.version.push_back(e.get<unsigned>());
    }
  } else {
    r.fail("top level", "missing required key \"amdhsa.version\"");
  }
  md.target = r.str(doc, "amdhsa.target", "top level", false);
  const json* kernels = r.find(doc, "amdhsa.kernels");
  if (!kernels) r.fail("top level", "missing required key \"amdhsa.kernels\"");
  if (!kernels->is_array()) r.fail("amdhsa.kernels", "expected a sequence");
  for (size_t i = 0; i < kernels->size(); ++i)
    md.kernels.push_back(r.kernel((*kernels)[i], "amdhsa.kernels[" + std::to_string(i) + "]"));
  return md;
}

}  // namespace gcnsim::frontend
