// The pieces of the job parser, one file each. Internal to frontend/job/job*.cpp.
#pragma once
#include <filesystem>
#include <string>
#include <vector>

#include "frontend/job/job.hpp"
#include "frontend/job/job_json.hpp"

namespace gcnsim::frontend {

// One entry of "buffers" (job_buffers.cpp). `usedBytes` of the
// limits.maxBufferBytes limit are taken by earlier buffers.
BufferSpec parseBuffer(const JobContext& ctx, const std::string& name, const JobJson& v,
                       const std::filesystem::path& dir, const Limits& limits, uint64_t usedBytes);

// The bytes the buffer will take, after checking its name, type, count and
// source (a file's size, without reading it), so that a job whose buffers do
// not fit is refused before any of them is filled.
uint64_t bufferBytes(const JobContext& ctx, const std::string& name, const JobJson& v,
                     const std::filesystem::path& dir, const Limits& limits);

// "kernel.setup" of a raw kernel (job_setup.cpp); needs the buffers for names and sizes.
RawSetup parseRawSetup(const JobContext& ctx, const JobJson& v, const std::vector<BufferSpec>& buffers,
                       const KernelSpec& kernel);

}  // namespace gcnsim::frontend
