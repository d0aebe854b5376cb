#include "frontend/job/kernel_launch.hpp"

#include <algorithm>
#include <cstring>

#include "frontend/common/error.hpp"
#include "frontend/common/limits.hpp"
#include "frontend/job/job.hpp"
#include "isa/hex_text.hpp"
#include "isa/operands.hpp"
#include "memory/apertures.hpp"
#include "memory/buffer_resource.hpp"
#include "memory/global_memory.hpp"

namespace gcnsim::frontend {
namespace {

uint64_t alignUp(uint64_t v, uint64_t a) { return (v + a - 1) / a * a; }

template <class T>
void put(std::vector<uint8_t>& buf, uint32_t offset, T value) {
  if (offset + sizeof(T) <= buf.size()) std::memcpy(buf.data() + offset, &value, sizeof(T));
}

// MODE register image (CLRX GcnState.md): FP_ROUND [3:0], FP_DENORM [7:4],
// DX10_CLAMP [8], IEEE [9]; the descriptor's COMPUTE_PGM_RSRC1 float fields
// use the same encodings (AMDGPUUsage.rst compute_pgm_rsrc1 table).
uint32_t initialMode(const KernelDescriptor& kd) {
  const auto& r = kd;
  return (r.floatRoundMode32 & 3u) | (r.floatRoundMode16_64 & 3u) << 2 | (r.floatDenormMode32 & 3u) << 4 |
         (r.floatDenormMode16_64 & 3u) << 6 | (r.enableDx10Clamp ? 1u << 8 : 0u) |
         (r.enableIeeeMode ? 1u << 9 : 0u);
}

}  // namespace

void setApertures(sim::ExecEnv& env, isa::Gen gen) {
  const memory::FlatApertures ap = memory::defaultFlatApertures(gen);
  env.special.sharedBase = ap.sharedBase;
  env.special.sharedLimit = ap.sharedLimit;
  env.special.privateBase = ap.privateBase;
  env.special.privateLimit = ap.privateLimit;
}

std::array<uint32_t, 4> scratchResource(isa::Gen gen, uint64_t base, uint64_t bytes) {
  memory::BufferResource r;
  r.gen = gen;
  r.baseAddress = base;
  r.stride = 0;
  r.swizzleEnable = true;
  r.numRecords = static_cast<uint32_t>(std::min<uint64_t>(bytes, 0xffffffffu));
  r.elementSize = 1;  // 4 bytes
  r.indexStride = 3;  // 64
  r.addTidEnable = true;
  r.dataFormat = 4;  // BUF_DATA_FORMAT_32 (a valid format; untyped ops ignore it)
  r.numFormat = 4;   // BUF_NUM_FORMAT_UINT
  return r.encode(gen);
}

uint32_t codeObjectLdsBytes(const CodeObject& co, const KernelInfo& k, const std::vector<ArgValue>& args) {
  // 64 bits: 65,537 blocks of 64 KiB must not wrap around.
  uint64_t lds = k.kd.groupSegmentFixedSize;
  const auto explicitArgs = k.explicitArgs();
  for (size_t i = 0; i < explicitArgs.size() && i < args.size(); ++i)
    if (args[i].kind == ArgValue::Local) lds = explicitArgs[i]->localBlockStart(lds) + args[i].localBytes;
  if (lds > kMaxLdsBytesPerWorkgroup)
    throw InputError(co.path + ": kernel " + k.name + ": its " + std::to_string(k.kd.groupSegmentFixedSize) +
                     " bytes of LDS plus the \"local\" arguments, aligned, need " + std::to_string(lds) +
                     " bytes per work-group (at most " + std::to_string(kMaxLdsBytesPerWorkgroup) + ")");
  return static_cast<uint32_t>(lds);
}

uint32_t rawLdsBytes(const KernelSpec& kernel, const std::vector<ArgValue>& args) {
  uint64_t lds = kernel.ldsBytes;
  for (const ArgValue& a : args)
    if (a.kind == ArgValue::Local) lds += a.localBytes;
  if (lds > kMaxLdsBytesPerWorkgroup)
    throw InputError(kernel.name + ": its " + std::to_string(kernel.ldsBytes) +
                     " bytes of LDS plus the \"local\" arguments need " + std::to_string(lds) +
                     " bytes per work-group (at most " + std::to_string(kMaxLdsBytesPerWorkgroup) + ")");
  return static_cast<uint32_t>(lds);
}

uint32_t codeObjectVgprs(const KernelDescriptor& kd) {
  return std::min<uint32_t>(256, (kd.granulatedWorkitemVgprCount + 1u) * 4u);
}

uint32_t codeObjectSgprs(const KernelDescriptor& kd, isa::Gen gen) {
  const uint32_t granule = gen >= isa::Gen::GCN12 ? 16 : 8;
  return static_cast<uint32_t>(alignUp((kd.granulatedWavefrontSgprCount + 1u) * 8u, granule));
}

sim::DispatchSpec prepareCodeObjectLaunch(memory::GlobalMemory& mem, sim::ExecEnv& env, const CodeObject& co,
                                          const KernelInfo& k, const std::vector<ArgValue>& args,
                                          const LaunchGeometry& geo, LaunchLayout& layout) {
  const isa::Gen gen = co.arch.gen;
  const KernelDescriptor& kd = k.kd;
  sim::DispatchSpec d;
  d.gen = gen;
  d.grid = geo.grid;
  d.workgroup = geo.workgroup;
  setApertures(env, gen);

  // The whole image, so PC-relative data (s_getpc_b64 + offset) works.
  uint64_t imageEnd = 0;
  for (const Segment& s : co.loadSegments) imageEnd = std::max(imageEnd, s.vaddr + s.memsz);
  if (!layout.loadBase) {
    const uint64_t base =
        mem.allocate(alignUp(std::max<uint64_t>(imageEnd, 4), 4096), 0x10000, "code object " + co.path);
    // Dynamic relocations, as the ROCm loader applies them (checked by loadCodeObject: types, fields
    // inside the image, symbols defined): e.g. R_AMDGPU_RELATIVE64 for `__global int *p = &a[2];`.
    for (const Relocation& r : co.relocations)
      if (r.type == Relocation::Abs32 && r.value(base) > 0xffffffffu)
        throw InputError(co.path + ": " + relocationTypeName(r.type) + " at offset " + hex(r.offset) +
                         " against symbol \"" + *r.symbol + "\": S + A = " + hex(r.value(base)) +
                         " does not fit its 32-bit field");
    for (const Segment& s : co.loadSegments)
      if (!s.bytes.empty()) mem.write(base + s.vaddr, s.bytes.data(), s.bytes.size());
    for (const Relocation& r : co.relocations) {
      const uint64_t v = r.value(base);
      const uint32_t w = static_cast<uint32_t>(v);
      if (r.fieldBytes() == 8) mem.write(base + r.offset, &v, 8);
      if (r.fieldBytes() == 4) mem.write(base + r.offset, &w, 4);
    }
    layout.loadBase = base;
  }
  d.codeBase = layout.loadBase + co.textVaddr;
  d.codeSize = co.textSize;
  for (const auto& [begin, end] : k.reachableCode)
    d.reachableCode.emplace_back(layout.loadBase + begin, layout.loadBase + end);
  d.entryPc = layout.loadBase + k.entryVaddr;
  if (d.entryPc < d.codeBase || d.entryPc >= d.codeBase + d.codeSize)
    throw InputError(co.path + ": kernel " + k.name + ": entry point is outside .text");

  // LDS: the fixed group segment, then each dynamic __local argument (the
  // total checked against the 64 KiB of a work-group first).
  d.ldsBytes = codeObjectLdsBytes(co, k, args);
  uint64_t lds = kd.groupSegmentFixedSize;
  layout.dynamicLdsOffset = static_cast<uint32_t>(lds);

  // Kernarg segment: explicit arguments at their metadata offsets.
  std::vector<uint8_t> kernarg(std::max<uint32_t>(k.kernargSize, 16), 0);
  const auto explicitArgs = k.explicitArgs();
  std::vector<uint32_t> localOffsets;
  for (size_t i = 0; i < explicitArgs.size() && i < args.size(); ++i) {
    const KernelArg& a = *explicitArgs[i];
    const ArgValue& v = args[i];
    switch (v.kind) {
      case ArgValue::Pointer: put<uint64_t>(kernarg, a.offset, v.pointer); break;
      case ArgValue::Bytes:
        if (a.offset + v.bytes.size() <= kernarg.size())
          std::memcpy(kernarg.data() + a.offset, v.bytes.data(), std::min<size_t>(v.bytes.size(), a.size));
        break;
      case ArgValue::Local: {
        lds = a.localBlockStart(lds);
        put<uint32_t>(kernarg, a.offset,
                      static_cast<uint32_t>(lds));  // a __local pointer is an LDS byte offset
        lds += v.localBytes;
        break;
      }
    }
  }
  layout.dynamicLdsBytes = d.ldsBytes - layout.dynamicLdsOffset;

  // hidden_block_count_*: the FULL work-groups only (AMDGPUUsage.rst code object v5 kernel argument
  // metadata: "This count only includes the non-partial work-group count"); the partial one is
  // hidden_remainder_*. ROCm's device library: get_num_groups = block_count + (remainder != 0),
  // get_global_size = block_count * group_size + remainder, get_local_size = group id < block_count ?
  // group_size : remainder.
  std::array<uint32_t, 3> blocks{};
  for (int i = 0; i < 3; ++i) blocks[i] = geo.grid[i] / geo.workgroup[i];

  // Scratch: per work-item private segment, backing memory for the wave slots in use.
  d.scratchBytesPerLane =
      static_cast<uint32_t>(alignUp(std::max(k.privateSegmentSize, kd.privateSegmentFixedSize), 4));
  const uint64_t slotBytes = uint64_t(geo.scratchWaveSlots) * d.scratchBytesPerLane * sim::kWaveSize;
  const uint64_t scratchBytes = std::max<uint64_t>({sim::functionalScratchBytes(d), slotBytes, 256});
  if (layout.scratchBytes < scratchBytes) {
    layout.scratch = mem.allocate(scratchBytes, 256, "scratch");
    layout.scratchBytes = scratchBytes;
  }
  d.scratchBase = layout.scratch;
  env.hiddenPrivateBase = layout.scratch;

  if (!layout.queue) layout.queue = mem.allocate(256, 64, "amd_queue_t");
  if (!layout.dispatchPacket) layout.dispatchPacket = mem.allocate(64, 64, "dispatch packet");
  if (layout.kernargBytes < alignUp(kernarg.size(), 64)) {
    layout.kernargBytes = alignUp(kernarg.size(), 64);
    layout.kernarg =
        mem.allocate(layout.kernargBytes, std::max<uint32_t>(k.kernargAlign, 16), "kernarg segment");
  }

  // Hidden arguments (AMDGPUUsage.rst "Code Object V4/V5 Metadata" hidden kinds).
  for (const KernelArg& a : k.args) {
    switch (a.valueKind) {
      case ArgValueKind::HiddenBlockCountX: put<uint32_t>(kernarg, a.offset, blocks[0]); break;
      case ArgValueKind::HiddenBlockCountY: put<uint32_t>(kernarg, a.offset, blocks[1]); break;
      case ArgValueKind::HiddenBlockCountZ: put<uint32_t>(kernarg, a.offset, blocks[2]); break;
      case ArgValueKind::HiddenGroupSizeX: put<uint16_t>(kernarg, a.offset, geo.workgroup[0]); break;
      case ArgValueKind::HiddenGroupSizeY: put<uint16_t>(kernarg, a.offset, geo.workgroup[1]); break;
      case ArgValueKind::HiddenGroupSizeZ: put<uint16_t>(kernarg, a.offset, geo.workgroup[2]); break;
      case ArgValueKind::HiddenRemainderX:
        put<uint16_t>(kernarg, a.offset, geo.grid[0] % geo.workgroup[0]);
        break;
      case ArgValueKind::HiddenRemainderY:
        put<uint16_t>(kernarg, a.offset, geo.grid[1] % geo.workgroup[1]);
        break;
      case ArgValueKind::HiddenRemainderZ:
        put<uint16_t>(kernarg, a.offset, geo.grid[2] % geo.workgroup[2]);
        break;
      case ArgValueKind::HiddenGridDims: put<uint16_t>(kernarg, a.offset, geo.dims); break;
      case ArgValueKind::HiddenDynamicLdsSize:
        put<uint32_t>(kernarg, a.offset, layout.dynamicLdsBytes);
        break;
      case ArgValueKind::HiddenPrivateBase:
        put<uint32_t>(kernarg, a.offset, static_cast<uint32_t>(env.special.privateBase >> 32));
        break;
      case ArgValueKind::HiddenSharedBase:
        put<uint32_t>(kernarg, a.offset, static_cast<uint32_t>(env.special.sharedBase >> 32));
        break;
      case ArgValueKind::HiddenQueuePtr: put<uint64_t>(kernarg, a.offset, layout.queue); break;
      default: break;  // global offsets 0; printf/hostcall/queues/heap: not provided (null)
    }
  }
  mem.write(layout.kernarg, kernarg.data(), kernarg.size());

  // hsa_kernel_dispatch_packet_t (HSA runtime spec; get_local_size reads it).
  std::vector<uint8_t> pkt(64, 0);
  put<uint16_t>(pkt, 0, 2);  // header: HSA_PACKET_TYPE_KERNEL_DISPATCH
  put<uint16_t>(pkt, 2, static_cast<uint16_t>(geo.dims));
  for (int i = 0; i < 3; ++i) {
    put<uint16_t>(pkt, 4 + 2 * i, static_cast<uint16_t>(geo.workgroup[i]));
    put<uint32_t>(pkt, 12 + 4 * i, geo.grid[i]);
  }
  put<uint32_t>(pkt, 24, d.scratchBytesPerLane);
  put<uint32_t>(pkt, 28, d.ldsBytes);
  put<uint64_t>(pkt, 32, layout.loadBase + k.kdVaddr);
  put<uint64_t>(pkt, 40, layout.kernarg);
  mem.write(layout.dispatchPacket, pkt.data(), pkt.size());

  // amd_queue_t: GCN 1.1/1.2 code reads the aperture bases from it
  // (group_segment_aperture_base_hi at 0x40, private at 0x44).
  std::vector<uint8_t> queue(256, 0);
  put<uint32_t>(queue, 0x40, static_cast<uint32_t>(env.special.sharedBase >> 32));
  put<uint32_t>(queue, 0x44, static_cast<uint32_t>(env.special.privateBase >> 32));
  mem.write(layout.queue, queue.data(), queue.size());

  // Initial SGPRs, dense from s0 in the documented order.
  auto value = [&](uint16_t reg, uint32_t v) { d.sgprs.push_back({reg, sim::SgprInit::Value, v}); };
  uint16_t reg = 0;
  const auto& p = kd;
  if (p.enableSgprPrivateSegmentBuffer) {
    const auto rsrc = scratchResource(gen, layout.scratch, scratchBytes);
    for (uint32_t w : rsrc) value(reg++, w);
  }
  auto pointer = [&](uint64_t addr) {
    value(reg++, static_cast<uint32_t>(addr));
    value(reg++, static_cast<uint32_t>(addr >> 32));
  };
  if (p.enableSgprDispatchPtr) pointer(layout.dispatchPacket);
  if (p.enableSgprQueuePtr) pointer(layout.queue);
  if (p.enableSgprKernargSegmentPtr) pointer(layout.kernarg);
  if (p.enableSgprDispatchId) pointer(0);
  if (p.enableSgprFlatScratchInit) {
    if (gen == isa::Gen::GCN14) {
      pointer(layout.scratch);  // absolute flat scratch: 64-bit base of the backing memory
    } else {
      value(reg++, 0);  // offset flat scratch: offset from SH_HIDDEN_PRIVATE_BASE_VIMID (= scratch base)
      value(reg++, d.scratchBytesPerLane);
    }
  }
  if (p.enableSgprPrivateSegmentSize) value(reg++, d.scratchBytesPerLane);
  // System SGPRs follow the USER_SGPR count the descriptor declares.
  reg = std::max<uint16_t>(reg, kd.userSgprCount);
  const auto& r2 = kd;
  if (r2.enableSgprWorkgroupIdX) d.sgprs.push_back({reg++, sim::SgprInit::WorkgroupIdX, 0});
  if (r2.enableSgprWorkgroupIdY) d.sgprs.push_back({reg++, sim::SgprInit::WorkgroupIdY, 0});
  if (r2.enableSgprWorkgroupIdZ) d.sgprs.push_back({reg++, sim::SgprInit::WorkgroupIdZ, 0});
  if (r2.enableSgprWorkgroupInfo) d.sgprs.push_back({reg++, sim::SgprInit::WorkgroupInfo, 0});
  if (r2.enableSgprPrivateSegmentWaveByteOffset)
    d.sgprs.push_back({reg++, sim::SgprInit::ScratchWaveOffset, 0});

  d.vgprsInit.push_back({0, sim::VgprInit::WorkitemIdX, 0});
  if (r2.enableVgprWorkitemId > 0) d.vgprsInit.push_back({1, sim::VgprInit::WorkitemIdY, 0});
  if (r2.enableVgprWorkitemId > 1) d.vgprsInit.push_back({2, sim::VgprInit::WorkitemIdZ, 0});

  d.vgprs = codeObjectVgprs(kd);
  d.numSgprs = codeObjectSgprs(kd, gen);
  d.mode = initialMode(kd);
  return d;
}

}  // namespace gcnsim::frontend

namespace gcnsim::frontend {

sim::DispatchSpec prepareRawLaunch(
    memory::GlobalMemory& mem, sim::ExecEnv& env, const KernelSpec& kernel, const std::vector<uint8_t>& code,
    const std::vector<ArgValue>& args, const std::array<uint32_t, 3>& grid,
    const std::array<uint32_t, 3>& workgroup,
    const std::function<std::optional<SetupBuffer>(const std::string&)>& bufferOf, LaunchLayout& layout) {
  const isa::Gen gen = kernel.arch.gen;
  sim::DispatchSpec d;
  d.gen = gen;
  d.grid = grid;
  d.workgroup = workgroup;
  setApertures(env, gen);
  if (!layout.loadBase) {
    layout.loadBase =
        mem.allocate(alignUp(std::max<size_t>(code.size(), 4), 256), 256, "raw code " + kernel.name);
    mem.write(layout.loadBase, code.data(), code.size());
  }
  d.codeBase = layout.loadBase;
  d.codeSize = code.size() / 4 * 4;
  d.entryPc = d.codeBase;
  d.vgprs = kernel.vgprs ? kernel.vgprs : 256;
  d.numSgprs = kernel.sgprs ? kernel.sgprs : isa::numSgprs(gen);
  d.mode = kRawKernelMode;

  // Kernarg segment: buffer addresses, values, and the LDS offsets of
  // "local" blocks, placed one after another after kernel.lds_bytes.
  std::vector<uint8_t> kernarg(16, 0);
  d.ldsBytes = rawLdsBytes(kernel, args);
  uint64_t lds = kernel.ldsBytes;
  uint32_t offset = 0;
  for (const ArgValue& a : args) {
    const uint32_t size = a.kind == ArgValue::Pointer ? 8u
                          : a.kind == ArgValue::Local ? 4u
                                                      : static_cast<uint32_t>(a.bytes.size());
    if (size) offset = (offset + size - 1) / size * size;
    kernarg.resize(std::max<size_t>(kernarg.size(), offset + size));
    switch (a.kind) {
      case ArgValue::Pointer: put<uint64_t>(kernarg, offset, a.pointer); break;
      case ArgValue::Bytes: std::memcpy(kernarg.data() + offset, a.bytes.data(), size); break;
      case ArgValue::Local:
        put<uint32_t>(kernarg, offset, static_cast<uint32_t>(lds));
        lds += a.localBytes;
        break;
    }
    offset += size;
  }
  if (layout.kernargBytes < alignUp(kernarg.size(), 64)) {
    layout.kernargBytes = alignUp(kernarg.size(), 64);
    layout.kernarg = mem.allocate(layout.kernargBytes, 64, "kernarg segment");
  }
  const uint64_t kernargAddress = layout.kernarg;
  mem.write(kernargAddress, kernarg.data(), kernarg.size());
  // The buffer as it is now (it may have been freed and allocated again, at another size, since the
  // kernel was loaded), its offset checked against its size as the setup's parser did against the old one.
  auto bufferAt = [&](const RegInit& r, uint64_t offset) {
    const std::optional<SetupBuffer> b = bufferOf(r.buffer);
    if (!b) throw InputError(kernel.name + ": setup " + r.key + ": no buffer \"" + r.buffer + "\"");
    if (offset > b->bytes)
      throw InputError(kernel.name + ": setup " + r.key + ": offset " + std::to_string(offset) +
                       " is beyond buffer \"" + r.buffer + "\" (" + std::to_string(b->bytes) + " bytes)");
    return *b;
  };
  for (const RegInit& r : kernel.setup.inits) {
    // The registers' operand codes (CLRX GcnOperands.md): SGPRs 0.., VCC 106, M0 124, EXEC 126.
    uint16_t base = static_cast<uint16_t>(r.reg.first);
    if (r.reg.file == RegRange::File::M0) base = isa::code::kM0;
    if (r.reg.file == RegRange::File::Vcc) base = isa::code::kVccLo;
    if (r.reg.file == RegRange::File::Exec) base = isa::code::kExecLo;
    std::vector<uint32_t> words;
    switch (r.kind) {
      case RegInit::Kind::Constant:
        words = {static_cast<uint32_t>(r.constant), static_cast<uint32_t>(r.constant >> 32)};
        break;
      case RegInit::Kind::BufferAddress: {
        const uint64_t a = bufferAt(r, r.offset).address + r.offset;
        words = {static_cast<uint32_t>(a), static_cast<uint32_t>(a >> 32)};
        break;
      }
      case RegInit::Kind::BufferResource: {
        const SetupBuffer b = bufferAt(r, r.resource.baseOffset);
        BufferResourceSpec resource = r.resource;
        if (!resource.numRecordsGiven) resource.numRecords = defaultNumRecords(resource, b.bytes);
        const auto w = encodeBufferResource(resource, b.address);
        words.assign(w.begin(), w.end());
        break;
      }
      case RegInit::Kind::KernargAddress:
        words = {static_cast<uint32_t>(kernargAddress), static_cast<uint32_t>(kernargAddress >> 32)};
        break;
      case RegInit::Kind::WorkgroupId:
        d.sgprs.push_back({base, static_cast<sim::SgprInit::Kind>(sim::SgprInit::WorkgroupIdX + r.dim), 0});
        continue;
      case RegInit::Kind::WorkitemId:
        d.vgprsInit.push_back(
            {base, static_cast<sim::VgprInit::Kind>(sim::VgprInit::WorkitemIdX + r.dim), 0});
        continue;
    }
    for (uint32_t i = 0; i < r.reg.count; ++i) {
      const uint32_t v = i < words.size() ? words[i] : 0;
      if (r.reg.file == RegRange::File::Vgpr)
        d.vgprsInit.push_back({static_cast<uint16_t>(base + i), sim::VgprInit::Value, v});
      else
        d.sgprs.push_back({static_cast<uint16_t>(base + i), sim::SgprInit::Value, v});
    }
  }
  return d;
}

}  // namespace gcnsim::frontend
