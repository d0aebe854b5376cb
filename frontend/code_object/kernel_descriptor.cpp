#include "frontend/code_object/kernel_descriptor.hpp"

#include <cstring>

namespace gcnsim::frontend {
namespace {

template <typename T>
T load(std::span<const uint8_t, kKernelDescriptorSize> b, size_t off) {
  T v;
  std::memcpy(&v, b.data() + off, sizeof v);
  return v;
}

constexpr uint32_t bits(uint32_t word, unsigned hi, unsigned lo) {
  return (word >> lo) & ((hi - lo == 31) ? 0xffffffffu : ((1u << (hi - lo + 1)) - 1));
}
constexpr bool bit(uint32_t word, unsigned b) { return (word >> b) & 1; }

}  // namespace

unsigned KernelDescriptor::enabledUserSgprs() const {
  return 4 * enableSgprPrivateSegmentBuffer + 2 * enableSgprDispatchPtr + 2 * enableSgprQueuePtr +
         2 * enableSgprKernargSegmentPtr + 2 * enableSgprDispatchId + 2 * enableSgprFlatScratchInit +
         1 * enableSgprPrivateSegmentSize;
}

KernelDescriptor decodeKernelDescriptor(std::span<const uint8_t, kKernelDescriptorSize> b) {
  KernelDescriptor kd;
  kd.groupSegmentFixedSize = load<uint32_t>(b, 0);
  kd.privateSegmentFixedSize = load<uint32_t>(b, 4);
  kd.kernargSize = load<uint32_t>(b, 8);
  kd.kernelCodeEntryByteOffset = load<int64_t>(b, 16);
  kd.computePgmRsrc3 = load<uint32_t>(b, 44);
  kd.computePgmRsrc1 = load<uint32_t>(b, 48);
  kd.computePgmRsrc2 = load<uint32_t>(b, 52);
  kd.kernelCodeProperties = load<uint16_t>(b, 56);
  kd.kernargPreload = load<uint16_t>(b, 58);

  const uint32_t r1 = kd.computePgmRsrc1;
  kd.granulatedWorkitemVgprCount = bits(r1, 5, 0);
  kd.granulatedWavefrontSgprCount = bits(r1, 9, 6);
  kd.priority = bits(r1, 11, 10);
  kd.floatRoundMode32 = bits(r1, 13, 12);
  kd.floatRoundMode16_64 = bits(r1, 15, 14);
  kd.floatDenormMode32 = bits(r1, 17, 16);
  kd.floatDenormMode16_64 = bits(r1, 19, 18);
  kd.priv = bit(r1, 20);
  kd.enableDx10Clamp = bit(r1, 21);
  kd.debugMode = bit(r1, 22);
  kd.enableIeeeMode = bit(r1, 23);
  kd.bulky = bit(r1, 24);
  kd.cdbgUser = bit(r1, 25);
  kd.fp16Overflow = bit(r1, 26);
  kd.wgpMode = bit(r1, 29);
  kd.memOrdered = bit(r1, 30);
  kd.fwdProgress = bit(r1, 31);

  const uint32_t r2 = kd.computePgmRsrc2;
  kd.enableSgprPrivateSegmentWaveByteOffset = bit(r2, 0);
  kd.userSgprCount = bits(r2, 5, 1);
  kd.enableTrapHandler = bit(r2, 6);
  kd.enableSgprWorkgroupIdX = bit(r2, 7);
  kd.enableSgprWorkgroupIdY = bit(r2, 8);
  kd.enableSgprWorkgroupIdZ = bit(r2, 9);
  kd.enableSgprWorkgroupInfo = bit(r2, 10);
  kd.enableVgprWorkitemId = bits(r2, 12, 11);
  kd.enableExceptionAddressWatch = bit(r2, 13);
  kd.enableExceptionMemory = bit(r2, 14);
  kd.granulatedLdsSize = bits(r2, 23, 15);
  kd.enableExceptionFp = bits(r2, 30, 24);

  kd.accumOffset = bits(kd.computePgmRsrc3, 5, 0);
  kd.tgSplit = bit(kd.computePgmRsrc3, 16);

  const uint32_t p = kd.kernelCodeProperties;
  kd.enableSgprPrivateSegmentBuffer = bit(p, 0);
  kd.enableSgprDispatchPtr = bit(p, 1);
  kd.enableSgprQueuePtr = bit(p, 2);
  kd.enableSgprKernargSegmentPtr = bit(p, 3);
  kd.enableSgprDispatchId = bit(p, 4);
  kd.enableSgprFlatScratchInit = bit(p, 5);
  kd.enableSgprPrivateSegmentSize = bit(p, 6);
  kd.enableWavefrontSize32 = bit(p, 10);
  kd.usesDynamicStack = bit(p, 11);

  kd.kernargPreloadSpecLength = bits(kd.kernargPreload, 6, 0);
  kd.kernargPreloadSpecOffset = bits(kd.kernargPreload, 15, 7);
  return kd;
}

std::vector<std::pair<std::string, int64_t>> kernelDescriptorFields(const KernelDescriptor& kd) {
  // Names follow the .amdhsa_* assembler directives where one exists.
  return {
      {"group_segment_fixed_size", kd.groupSegmentFixedSize},
      {"private_segment_fixed_size", kd.privateSegmentFixedSize},
      {"kernarg_size", kd.kernargSize},
      {"kernel_code_entry_byte_offset", kd.kernelCodeEntryByteOffset},
      {"compute_pgm_rsrc3", kd.computePgmRsrc3},
      {"  accum_offset", kd.accumOffset},
      {"  tg_split", kd.tgSplit},
      {"compute_pgm_rsrc1", kd.computePgmRsrc1},
      {"  granulated_workitem_vgpr_count", kd.granulatedWorkitemVgprCount},
      {"  granulated_wavefront_sgpr_count", kd.granulatedWavefrontSgprCount},
      {"  priority", kd.priority},
      {"  float_round_mode_32", kd.floatRoundMode32},
      {"  float_round_mode_16_64", kd.floatRoundMode16_64},
      {"  float_denorm_mode_32", kd.floatDenormMode32},
      {"  float_denorm_mode_16_64", kd.floatDenormMode16_64},
      {"  priv", kd.priv},
      {"  enable_dx10_clamp", kd.enableDx10Clamp},
      {"  debug_mode", kd.debugMode},
      {"  enable_ieee_mode", kd.enableIeeeMode},
      {"  bulky", kd.bulky},
      {"  cdbg_user", kd.cdbgUser},
      {"  fp16_overflow", kd.fp16Overflow},
      {"  wgp_mode", kd.wgpMode},
      {"  mem_ordered", kd.memOrdered},
      {"  fwd_progress", kd.fwdProgress},
      {"compute_pgm_rsrc2", kd.computePgmRsrc2},
      {"  enable_sgpr_private_segment_wave_byte_offset", kd.enableSgprPrivateSegmentWaveByteOffset},
      {"  user_sgpr_count", kd.userSgprCount},
      {"  enable_trap_handler", kd.enableTrapHandler},
      {"  enable_sgpr_workgroup_id_x", kd.enableSgprWorkgroupIdX},
      {"  enable_sgpr_workgroup_id_y", kd.enableSgprWorkgroupIdY},
      {"  enable_sgpr_workgroup_id_z", kd.enableSgprWorkgroupIdZ},
      {"  enable_sgpr_workgroup_info", kd.enableSgprWorkgroupInfo},
      {"  enable_vgpr_workitem_id", kd.enableVgprWorkitemId},
      {"  enable_exception_address_watch", kd.enableExceptionAddressWatch},
      {"  enable_exception_memory", kd.enableExceptionMemory},
      {"  granulated_lds_size", kd.granulatedLdsSize},
      {"  enable_exception_fp (bits 30:24)", kd.enableExceptionFp},
      {"kernel_code_properties", kd.kernelCodeProperties},
      {"  enable_sgpr_private_segment_buffer", kd.enableSgprPrivateSegmentBuffer},
      {"  enable_sgpr_dispatch_ptr", kd.enableSgprDispatchPtr},
      {"  enable_sgpr_queue_ptr", kd.enableSgprQueuePtr},
      {"  enable_sgpr_kernarg_segment_ptr", kd.enableSgprKernargSegmentPtr},
      {"  enable_sgpr_dispatch_id", kd.enableSgprDispatchId},
      {"  enable_sgpr_flat_scratch_init", kd.enableSgprFlatScratchInit},
      {"  enable_sgpr_private_segment_size", kd.enableSgprPrivateSegmentSize},
      {"  enable_wavefront_size32", kd.enableWavefrontSize32},
      {"  uses_dynamic_stack", kd.usesDynamicStack},
      {"kernarg_preload_spec_length", kd.kernargPreloadSpecLength},
      {"kernarg_preload_spec_offset", kd.kernargPreloadSpecOffset},
  };
}

}  // namespace gcnsim::frontend
