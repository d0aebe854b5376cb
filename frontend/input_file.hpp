// Reading files a user names (jobs, code objects, buffer files, configs): only
// regular files, never more than a size limit, every failure one line.
#pragma once
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace gcnsim::frontend {

// The size of `path` after checking that it is a regular file (directories,
// FIFOs, devices and sockets are refused) of at most `maxBytes`. Throws
// InputError "PATH: problem".
uint64_t inputFileSize(const std::filesystem::path& path, uint64_t maxBytes);

// The whole contents of `path`, with the checks of inputFileSize; reading
// stops at `maxBytes` + 1 even if the file grows or reports a wrong size
// (/proc). Read errors (EIO) become InputError "PATH: read error: ...".
std::vector<uint8_t> readInputFile(const std::filesystem::path& path, uint64_t maxBytes);
std::string readInputText(const std::filesystem::path& path, uint64_t maxBytes);

}  // namespace gcnsim::frontend
