#include "frontend/cli/limit_options.hpp"

#include <string>

#include "frontend/cli/unsigned_option.hpp"
#include "frontend/common/error.hpp"

namespace po = boost::program_options;

namespace gcnsim::frontend {

void addFileLimitOption(po::options_description& opts, Limits& limits, const char* help) {
  opts.add_options()("max-file-bytes", unsignedValue(limits.maxFileBytes, true), help);
}

void addLimitOptions(po::options_description& opts, Limits& limits, bool scratch) {
  addFileLimitOption(opts, limits, "limit on the size of any input file (at most 4 GiB)");
  opts.add_options()("max-buffer-bytes", unsignedValue(limits.maxBufferBytes, true),
                     "limit on the bytes of all buffers together (at most 4 GiB)")(
      "max-workgroups", unsignedValue(limits.maxWorkgroups, true),
      "limit on the work-groups of the grid (at most 2^32 - 1)")(
      "max-steps", unsignedValue(limits.maxSteps, true),
      "limit on the steps a job with steps runs: dispatches and host actions, repeats counted with "
      "their count or max (at most 2^32 - 1)");
  if (scratch)
    opts.add_options()("max-scratch-bytes", unsignedValue(limits.maxScratchBytes, true),
                       "limit on the scratch (private segment) backing memory (at most 3 GiB)");
}

void checkLimits(const Limits& l) {
  auto check = [](const char* flag, uint64_t v, uint64_t min, uint64_t max) {
    if (v < min || v > max)
      throw InputError(std::string(flag) + ": " + std::to_string(v) + " is out of range (" +
                       std::to_string(min) + " to " + std::to_string(max) + ")");
  };
  check("--max-file-bytes", l.maxFileBytes, 1, kMaxMaxFileBytes);
  check("--max-buffer-bytes", l.maxBufferBytes, 0, kMaxMaxBufferBytes);
  check("--max-workgroups", l.maxWorkgroups, 1, kMaxMaxWorkgroups);
  check("--max-steps", l.maxSteps, 1, kMaxMaxSteps);
  check("--max-scratch-bytes", l.maxScratchBytes, 256, kMaxMaxScratchBytes);
}

}  // namespace gcnsim::frontend
