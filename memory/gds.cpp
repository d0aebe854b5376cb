#include "memory/gds.hpp"

namespace gcnsim::memory {

bool Gds::translateM0(uint32_t addr, uint32_t n, uint32_t m0, uint32_t& physical) const {
  const uint32_t windowBytes = m0 & 0xffff;  // "maximum size ... in bits 0-15"
  const uint32_t base = m0 >> 16;            // "GDS base offset (in bytes) in bits 16-31"
  if (addr > windowBytes || n > windowBytes - addr) return false;
  if (!inRange(base + addr, n)) return false;
  physical = base + addr;
  return true;
}

bool Gds::readM0(uint32_t addr, void* dst, uint32_t n, uint32_t m0) const {
  uint32_t physical;
  if (!translateM0(addr, n, m0, physical)) {
    std::memset(dst, 0, n);
    return false;
  }
  return read(physical, dst, n);
}

bool Gds::writeM0(uint32_t addr, const void* src, uint32_t n, uint32_t m0) {
  uint32_t physical;
  if (!translateM0(addr, n, m0, physical)) return false;
  return write(physical, src, n);
}

void Gds::gwsInit(uint32_t resource, uint32_t waves) {
  GwsEntry& e = gws(resource);
  e.barrierTarget = waves;
  e.barrierArrived = 0;
}

bool Gds::gwsSemaP(uint32_t resource) {
  GwsEntry& e = gws(resource);
  if (e.semaphore == 0) return false;
  --e.semaphore;
  return true;
}

bool Gds::gwsBarrierArrive(uint32_t resource) {
  GwsEntry& e = gws(resource);
  if (++e.barrierArrived < e.barrierTarget) return false;
  e.barrierArrived = 0;
  ++e.barrierGeneration;
  return true;
}

}  // namespace gcnsim::memory
