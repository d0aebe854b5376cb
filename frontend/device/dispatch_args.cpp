// A dispatch's arguments and geometry checked against its kernel (dispatch_args.hpp).
#include "frontend/device/dispatch_args.hpp"

#include "frontend/common/error.hpp"
#include "frontend/job/job.hpp"

namespace gcnsim {

using frontend::InputError;

std::vector<frontend::ArgValue> launchValues(const Device::Impl& dev, const Kernel& k,
                                             const std::vector<KernelArg>& args) {
  static constexpr frontend::ArgSpec::Kind kKinds[] = {
      frontend::ArgSpec::Kind::Buffer, frontend::ArgSpec::Kind::Value, frontend::ArgSpec::Kind::Local};
  if (!k.raw()) {
    std::vector<frontend::ArgShape> shapes;
    for (const KernelArg& a : args) shapes.push_back({kKinds[a.kind], a.bytes.size(), {}});
    frontend::checkArgShapes(k.where, k.info(), shapes, "the dispatch");
  }
  std::vector<frontend::ArgValue> values;
  uint64_t kernargBytes = 0;
  for (size_t i = 0; i < args.size(); ++i) {
    const KernelArg& a = args[i];
    const std::string field = k.where + ": args[" + std::to_string(i) + "]";
    frontend::ArgValue v;
    switch (a.kind) {
      case KernelArg::Buffer:
        v.kind = frontend::ArgValue::Pointer;
        v.pointer = dev.live(a.buffer, field).address;
        kernargBytes += 8;
        break;
      case KernelArg::Value:
        // Raw code lays a value out at its natural alignment: a scalar. A code object's metadata gives
        // every argument's offset and size (checked above), so a vector or struct by value is fine there.
        if (a.bytes.empty() || (k.raw() && (a.bytes.size() > 8 || (a.bytes.size() & (a.bytes.size() - 1)))))
          throw InputError(field + ": a value of " + std::to_string(a.bytes.size()) +
                           " bytes (expected 1, 2, 4 or 8" + (k.raw() ? " for raw code" : "") + ")");
        v.kind = frontend::ArgValue::Bytes;
        v.bytes = a.bytes;
        kernargBytes += a.bytes.size();
        break;
      case KernelArg::Local:
        if (a.localBytes > frontend::kMaxLdsBytes)
          throw InputError(field + ": " + std::to_string(a.localBytes) + " bytes of local memory exceed " +
                           std::to_string(frontend::kMaxLdsBytes));
        v.kind = frontend::ArgValue::Local;
        v.localBytes = a.localBytes;
        kernargBytes += 4;
        break;
    }
    values.push_back(std::move(v));
  }
  if (k.raw() && kernargBytes > frontend::kMaxKernargBytes)
    throw InputError(k.where + ": args: the kernarg segment exceeds its limit of " +
                     std::to_string(frontend::kMaxKernargBytes) + " bytes");
  return values;
}

void checkGeometry(const Kernel& k, const std::array<uint32_t, 3>& grid,
                   const std::array<uint32_t, 3>& workgroup, const frontend::Limits& limits) {
  // Both in 128 bits: a work-group of [536903681, 536838145, 64] has 2^64 + 64 work-items (64 bits: 64).
  unsigned __int128 total = 1, wgSize = 1;
  for (int i = 0; i < 3; ++i) {
    const std::string d = "[" + std::to_string(i) + "]";
    if (!grid[i]) throw InputError(k.where + ": grid" + d + ": 0 work-items");
    if (!workgroup[i]) throw InputError(k.where + ": workgroup" + d + ": 0 work-items");
    if (uint64_t{grid[i]} + workgroup[i] - 1 > 0xffffffffu)
      throw InputError(k.where + ": grid" + d + ": " + std::to_string(grid[i]) +
                       " work-items with work-groups of " + std::to_string(workgroup[i]) +
                       " exceed the limit of 2^32 - work-group size");
    total *= (uint64_t{grid[i]} + workgroup[i] - 1) / workgroup[i];
    wgSize *= workgroup[i];
  }
  if (wgSize > frontend::kMaxWorkgroupSize) {
    std::string digits;
    for (unsigned __int128 v = wgSize; v; v /= 10)
      digits.insert(digits.begin(), static_cast<char>('0' + v % 10));
    throw InputError(k.where + ": workgroup: " + digits + " work-items per work-group exceed the limit of " +
                     std::to_string(frontend::kMaxWorkgroupSize));
  }
  if (!k.raw() && k.info().maxFlatWorkgroupSize && wgSize > k.info().maxFlatWorkgroupSize)
    throw InputError(k.where + ": workgroup: " + std::to_string(static_cast<uint64_t>(wgSize)) +
                     " work-items per work-group exceed the kernel's .max_flat_workgroup_size " +
                     std::to_string(k.info().maxFlatWorkgroupSize));
  if (!k.raw())
    if (const std::string m = k.info().workgroupMismatch(workgroup); !m.empty())
      throw InputError(k.where + ": workgroup: " + m);
  if (total > limits.maxWorkgroups)
    throw InputError(k.where + ": grid: " + std::to_string(static_cast<uint64_t>(total)) +
                     " work-groups exceed the limit of " + std::to_string(limits.maxWorkgroups) +
                     " (--max-workgroups)");
}

}  // namespace gcnsim
