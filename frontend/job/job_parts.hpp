// The pieces of the job parser, one file each. Internal to frontend/job/job*.cpp.
#pragma once
#include <array>
#include <filesystem>
#include <string>
#include <vector>

#include "frontend/job/buffer_data.hpp"
#include "frontend/job/job.hpp"
#include "frontend/job/job_json.hpp"

namespace gcnsim::frontend {

// One entry of "buffers" (job_buffers.cpp). `usedBytes` of the
// limits.maxBufferBytes limit are taken by earlier buffers. `data`: its "data"
// array as BufferDataSink converted it (its bytes are moved out), or null.
BufferSpec parseBuffer(const JobContext& ctx, const std::string& name, const JobJson& v,
                       const std::filesystem::path& dir, const Limits& limits, uint64_t usedBytes,
                       BufferData* data);

// The bytes the buffer will take, after checking its name, type, count and
// source (a file's size, without reading it), so that a job whose buffers do
// not fit is refused before any of them is filled.
uint64_t bufferBytes(const JobContext& ctx, const std::string& name, const JobJson& v,
                     const std::filesystem::path& dir, const Limits& limits, const BufferData* data);

// "kernel.setup" of a raw kernel (job_setup.cpp); needs the buffers for names
// and sizes. `kernelField` names the kernel block in messages ("kernel", "kernels.K").
RawSetup parseRawSetup(const JobContext& ctx, const JobJson& v, const std::vector<BufferSpec>& buffers,
                       const KernelSpec& kernel, const std::string& kernelField = "kernel");

// A "kernel" block (job.cpp), named `field` in messages; files resolved against `dir`.
void parseKernel(const JobContext& ctx, const JobJson& v, const std::string& field,
                 const std::filesystem::path& dir, JobKernel& out, const Limits& limits);

// One explicit argument (job.cpp); `meta` is the kernel's metadata argument
// (null: raw code). `allowIteration`: in a step, a value may carry
// "iteration": true (integer types only).
ArgSpec parseArg(const JobContext& ctx, const JobJson& v, const std::string& field, const Job& job,
                 const KernelArg* meta, bool allowIteration = false);

// Refuses a list or "bytes" value for raw code (no metadata, so no layout for it).
[[noreturn]] void failListForRawCode(const JobContext& ctx, const std::string& field);

// "grid" / "workgroup": 1 to 3 entries.
std::array<uint32_t, 3> parseDims(const JobContext& ctx, const JobJson& v, const std::string& field);
// A dispatch's geometry against the limits and the kernel (null: raw code);
// messages name "PREFIXgrid" / "PREFIXworkgroup".
void checkGeometry(const JobContext& ctx, const std::string& prefix, const std::array<uint32_t, 3>& grid,
                   const std::array<uint32_t, 3>& workgroup, const KernelInfo* info, const Limits& limits);

// A multi-step job's "kernels" and "steps" (job_steps.cpp), after its buffers.
void parseKernels(const JobContext& ctx, const JobJson& v, Job& job, const Limits& limits);
void parseSteps(const JobContext& ctx, const JobJson& v, Job& job, const Limits& limits);

}  // namespace gcnsim::frontend
