// DataShare: byte storage of a data share (LDS or GDS) with the DS range rule.
//
// Contract:
//  - An access of n bytes at addr is in range iff every byte lies below the
//    storage size and below the caller's limit (M0 for LDS, see lds.hpp).
//  - Out of range, the whole access is dropped: a read fills dst with zeros
//    and returns false, a write changes nothing and returns false.
//    Source: seeds/004_b50c7630dc28dbb3.txt gives the limit ("The M0 register
//    holds maximum size of a LDS memory, that can be accessed by wavefront");
//    the consequence (reads 0, writes ignored) is the one seed 001 states for
//    out-of-range buffer accesses and the AMD ISA manuals state for DS
//    accesses beyond the M0/allocation limit. gcnsim applies it per access;
//    a caller that wants per-dword behaviour for B64/B96/B128 calls per dword.
//  - data() gives the raw bytes for a fast path (the caller checks inRange).
#pragma once
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

namespace gcnsim::memory {

class DataShare {
 public:
  static constexpr uint32_t kNoLimit = 0xffffffffu;

  uint32_t size() const { return uint32_t(bytes_.size()); }
  bool inRange(uint32_t addr, uint32_t n, uint32_t limit = kNoLimit) const {
    uint32_t bound = limit < size() ? limit : size();
    return addr <= bound && n <= bound - addr;
  }

  bool read(uint32_t addr, void* dst, uint32_t n, uint32_t limit = kNoLimit) const {
    if (!inRange(addr, n, limit)) {
      std::memset(dst, 0, n);
      return false;
    }
    std::memcpy(dst, bytes_.data() + addr, n);
    return true;
  }
  bool write(uint32_t addr, const void* src, uint32_t n, uint32_t limit = kNoLimit) {
    if (!inRange(addr, n, limit)) return false;
    std::memcpy(bytes_.data() + addr, src, n);
    return true;
  }

  template <class T>
  bool load(uint32_t addr, T& value, uint32_t limit = kNoLimit) const {
    static_assert(std::is_trivially_copyable_v<T>);
    return read(addr, &value, sizeof(T), limit);
  }
  template <class T>
  bool store(uint32_t addr, const T& value, uint32_t limit = kNoLimit) {
    static_assert(std::is_trivially_copyable_v<T>);
    return write(addr, &value, sizeof(T), limit);
  }

  uint8_t* data() { return bytes_.data(); }
  const uint8_t* data() const { return bytes_.data(); }
  void clear() { std::memset(bytes_.data(), 0, bytes_.size()); }

 protected:
  // Throws MemoryError naming `what` if bytes is 0 or above maxBytes.
  DataShare(uint32_t bytes, uint32_t maxBytes, const char* what);

 private:
  std::vector<uint8_t> bytes_;
};

}  // namespace gcnsim::memory
