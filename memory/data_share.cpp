#include "memory/data_share.hpp"

#include "memory/memory_error.hpp"

namespace gcnsim::memory {

DataShare::DataShare(uint32_t bytes, uint32_t maxBytes, const char* what) {
  if (bytes == 0 || bytes > maxBytes)
    throw MemoryError(std::string(what) + ": bytes (=" + std::to_string(bytes) + ") must be in 1.." +
                      std::to_string(maxBytes));
  bytes_.assign(bytes, 0);
}

}  // namespace gcnsim::memory
