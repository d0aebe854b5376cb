// Resource limits on what a user hands gcnsim (README "Limits"). Each limit a
// user may reasonably raise has a command-line flag; the others are the
// hardware's or the simulator's and are fixed.
#pragma once
#include <cstdint>

namespace gcnsim::frontend {

inline constexpr uint64_t kGiB = uint64_t{1} << 30;

struct Limits {
  uint64_t maxFileBytes = kGiB;       // --max-file-bytes: any one input file (job, code, buffer file, config)
  uint64_t maxBufferBytes = kGiB;     // --max-buffer-bytes: all buffers of a job together
  uint64_t maxWorkgroups = 1u << 20;  // --max-workgroups: work-groups in a grid
  uint64_t maxScratchBytes = kGiB;    // --max-scratch-bytes: scratch backing memory of a run
  // --max-steps: steps a multi-step job runs (its dispatches and host actions, each repeat's steps
  // counted `count` or `max` times), checked when the job is read.
  uint64_t maxSteps = 1u << 20;
};

// Hard ceilings of the flags above: the simulator keeps these quantities in
// 32 bits (work-group indices, scratch offsets), and buffers, scratch and code
// together must fit its 8 GiB of device memory (4 + 3 + 0.25 GiB).
inline constexpr uint64_t kMaxMaxBufferBytes = uint64_t{4} << 30;
inline constexpr uint64_t kMaxMaxWorkgroups = 0xffffffffu;
inline constexpr uint64_t kMaxMaxScratchBytes = uint64_t{3} << 30;
inline constexpr uint64_t kMaxMaxFileBytes = uint64_t{4} << 30;
inline constexpr uint64_t kMaxMaxSteps = 0xffffffffu;

// Fixed limits.
inline constexpr unsigned kMaxJsonDepth = 64;  // nesting of JSON (jobs, configs) and code-object metadata
// Scratch per work-item: the hardware's 8,387,584 bytes per wave
// (COMPUTE_TMPRING_SIZE.WAVESIZE, 13 bits of 1 KiB; LLVM getMaxWaveScratchSize) / 64 lanes.
inline constexpr uint32_t kMaxPrivateSegmentBytes = 8387584 / 64;
// A code object's loaded image (highest PT_LOAD p_vaddr + p_memsz).
inline constexpr uint64_t kMaxCodeObjectImageBytes = uint64_t{256} << 20;
// LDS per work-group on GCN (job.hpp kMaxLdsBytes).
inline constexpr uint32_t kMaxLdsBytesPerWorkgroup = 65536;
// A kernel's kernarg segment (.kernarg_segment_size).
inline constexpr uint32_t kMaxKernargBytes = 1u << 20;

}  // namespace gcnsim::frontend
