// The 64-byte AMDHSA kernel descriptor (AMDGPUUsage.rst, "Kernel Descriptor",
// table amdgpu-amdhsa-kernel-descriptor-v3-table, used by code objects v3-v5)
// and the COMPUTE_PGM_RSRC1/2/3 fields it carries
// (tables amdgpu-amdhsa-compute_pgm_rsrc1-gfx6-gfx12-table, ...rsrc2..., ...rsrc3-gfx90a-table).
#pragma once
#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace gcnsim::frontend {

inline constexpr size_t kKernelDescriptorSize = 64;

struct KernelDescriptor {
  // Bytes 0-31.
  uint32_t groupSegmentFixedSize = 0;     // bits 31:0    LDS bytes per work-group (without dynamic LDS)
  uint32_t privateSegmentFixedSize = 0;   // bits 63:32   scratch bytes per work-item
  uint32_t kernargSize = 0;               // bits 95:64   kernarg segment bytes (0 = unspecified)
  int64_t kernelCodeEntryByteOffset = 0;  // bits 191:128 entry = descriptor address + this (may be negative)
  uint32_t computePgmRsrc3 = 0;           // bits 383:352 (GFX6-GFX9: reserved, 0)
  uint32_t computePgmRsrc1 = 0;           // bits 415:384
  uint32_t computePgmRsrc2 = 0;           // bits 447:416
  uint16_t kernelCodeProperties = 0;      // bits 463:448
  uint16_t kernargPreload = 0;            // bits 479:464 (GFX90A+; 0 on GFX6-GFX9)

  // compute_pgm_rsrc1
  uint8_t granulatedWorkitemVgprCount = 0;   // 5:0   GFX6-9: ceil(vgprs_used / 4) - 1
  uint8_t granulatedWavefrontSgprCount = 0;  // 9:6   GFX6-8: ceil(sgprs_used / 8) - 1
  uint8_t priority = 0;                      // 11:10
  uint8_t floatRoundMode32 = 0;              // 13:12 0 nearest even, 1 +inf, 2 -inf, 3 zero
  uint8_t floatRoundMode16_64 = 0;           // 15:14
  uint8_t floatDenormMode32 = 0;             // 17:16 0 flush src+dst, 1 flush dst, 2 flush src, 3 flush none
  uint8_t floatDenormMode16_64 = 0;          // 19:18
  bool priv = false;                         // 20
  bool enableDx10Clamp = false;              // 21
  bool debugMode = false;                    // 22
  bool enableIeeeMode = false;               // 23
  bool bulky = false;                        // 24
  bool cdbgUser = false;                     // 25
  bool fp16Overflow = false;                 // 26 (GFX9+)
  bool wgpMode = false;                      // 29 (GFX10+)
  bool memOrdered = false;                   // 30 (GFX10+)
  bool fwdProgress = false;                  // 31 (GFX10+)

  // compute_pgm_rsrc2
  bool enableSgprPrivateSegmentWaveByteOffset = false;  // 0  (ENABLE_PRIVATE_SEGMENT)
  uint8_t userSgprCount = 0;                            // 5:1
  bool enableTrapHandler = false;                       // 6
  bool enableSgprWorkgroupIdX = false;                  // 7
  bool enableSgprWorkgroupIdY = false;                  // 8
  bool enableSgprWorkgroupIdZ = false;                  // 9
  bool enableSgprWorkgroupInfo = false;                 // 10
  uint8_t enableVgprWorkitemId = 0;                     // 12:11 0 X, 1 XY, 2 XYZ
  bool enableExceptionAddressWatch = false;             // 13
  bool enableExceptionMemory = false;                   // 14
  uint16_t granulatedLdsSize = 0;                       // 23:15
  uint8_t enableExceptionFp = 0;                        // 30:24 invalid, denorm, div0, overflow, underflow,
                                                        //       inexact, int div0 (bit 0 = bit 24)
  // compute_pgm_rsrc3 (GFX90A layout; zero on GFX6-GFX9)
  uint8_t accumOffset = 0;  // 5:0
  bool tgSplit = false;     // 16

  // kernel_code_properties
  bool enableSgprPrivateSegmentBuffer = false;  // 448
  bool enableSgprDispatchPtr = false;           // 449
  bool enableSgprQueuePtr = false;              // 450
  bool enableSgprKernargSegmentPtr = false;     // 451
  bool enableSgprDispatchId = false;            // 452
  bool enableSgprFlatScratchInit = false;       // 453
  bool enableSgprPrivateSegmentSize = false;    // 454
  bool enableWavefrontSize32 = false;           // 458
  bool usesDynamicStack = false;                // 459

  // kernarg preload (GFX90A+)
  uint8_t kernargPreloadSpecLength = 0;   // 470:464
  uint16_t kernargPreloadSpecOffset = 0;  // 479:471

  // Number of user SGPRs the enable bits above request, in the order of
  // AMDGPUUsage.rst "Initial Kernel Execution State" (private segment buffer 4,
  // dispatch ptr 2, queue ptr 2, kernarg ptr 2, dispatch id 2, flat scratch init 2,
  // private segment size 1).
  unsigned enabledUserSgprs() const;
};

// Decodes the 64 bytes of a kernel descriptor (little-endian).
KernelDescriptor decodeKernelDescriptor(std::span<const uint8_t, kKernelDescriptorSize> bytes);

// Every field as (llvm-style name, value), in descriptor order, for `gcnsim info`.
std::vector<std::pair<std::string, int64_t>> kernelDescriptorFields(const KernelDescriptor& kd);

}  // namespace gcnsim::frontend
