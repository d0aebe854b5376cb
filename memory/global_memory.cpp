// GlobalMemory: see global_memory.hpp for the contract.
#include "memory/global_memory.hpp"

#include <algorithm>
#include <cinttypes>
#include <cstdio>

namespace gcnsim::memory {

struct GlobalMemory::Region {
  uint64_t base = 0;
  uint64_t size = 0;
  std::string name;
  // Page index (relative to base, in kPageBytes units) -> page bytes.
  std::unordered_map<uint64_t, std::unique_ptr<uint8_t[]>> pages;
  uint64_t end() const { return base + size; }
};

namespace {

std::string hex(uint64_t v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "0x%" PRIx64, v);
  return buf;
}

std::string quoted(const std::string& name) { return "\"" + name + "\""; }

bool isPowerOfTwo(uint64_t v) { return v != 0 && (v & (v - 1)) == 0; }

// Rounds v up to a multiple of the power of two `align`; false on overflow.
bool alignUp(uint64_t v, uint64_t align, uint64_t& out) {
  uint64_t r = (v + (align - 1)) & ~(align - 1);
  if (r < v) return false;
  out = r;
  return true;
}

}  // namespace

GlobalMemory::GlobalMemory(uint64_t capacityBytes) : capacity_(capacityBytes) {
  if (capacityBytes == 0) throw MemoryError("GlobalMemory: capacityBytes must be greater than 0");
}

GlobalMemory::~GlobalMemory() = default;

void GlobalMemory::checkNewRegion(uint64_t base, uint64_t size, const std::string& name) const {
  if (size == 0) throw MemoryError("GlobalMemory: region " + quoted(name) + " has size 0");
  if (base + size < base)
    throw MemoryError("GlobalMemory: region " + quoted(name) + " at " + hex(base) + " of " +
                      std::to_string(size) + " bytes wraps around the 64-bit address space");
  if (size > capacity_ - mappedBytes_)
    throw MemoryError("GlobalMemory: cannot map region " + quoted(name) + " of " + std::to_string(size) +
                      " bytes: " + std::to_string(mappedBytes_) + " of " + std::to_string(capacity_) +
                      " bytes capacity already mapped");
}

void GlobalMemory::insertRegion(uint64_t base, uint64_t size, std::string name) {
  auto region = std::make_unique<Region>();
  region->base = base;
  region->size = size;
  region->name = std::move(name);
  regions_.emplace(base, std::move(region));
  mappedBytes_ += size;
}

uint64_t GlobalMemory::allocate(uint64_t size, uint64_t align, std::string name) {
  if (align == 0) align = 1;
  if (!isPowerOfTwo(align))
    throw MemoryError("GlobalMemory::allocate: align (=" + std::to_string(align) + ") of region " +
                      quoted(name) + " is not a power of two");
  checkNewRegion(0, size, name);
  align = std::max(align, kMinAlign);
  uint64_t candidate = nextFree_;
  for (;;) {
    uint64_t base;
    if (!alignUp(candidate, align, base) || base + size + kGuardBytes < base)
      throw MemoryError("GlobalMemory::allocate: no address range left for region " + quoted(name) + " of " +
                        std::to_string(size) + " bytes");
    // Keep a guard gap on both sides against regions placed by map().
    uint64_t lo = base - kGuardBytes, hi = base + size + kGuardBytes;
    auto it = regions_.lower_bound(hi);
    if (it != regions_.begin()) {
      const Region& prev = *std::prev(it)->second;
      if (prev.end() > lo) {
        candidate = prev.end() + kGuardBytes;
        continue;
      }
    }
    insertRegion(base, size, std::move(name));
    nextFree_ = std::max(nextFree_, base + size + kGuardBytes);
    return base;
  }
}

void GlobalMemory::map(uint64_t addr, uint64_t size, std::string name) {
  checkNewRegion(addr, size, name);
  auto it = regions_.lower_bound(addr + size);
  if (it != regions_.begin()) {
    const Region& prev = *std::prev(it)->second;
    if (prev.end() > addr)
      throw MemoryError("GlobalMemory::map: region " + quoted(name) + " [" + hex(addr) + ", " +
                        hex(addr + size) + ") overlaps region " + quoted(prev.name) + " [" + hex(prev.base) +
                        ", " + hex(prev.end()) + ")");
  }
  insertRegion(addr, size, std::move(name));
}

const GlobalMemory::Region* GlobalMemory::regionContaining(uint64_t addr) const {
  auto it = regions_.upper_bound(addr);
  if (it == regions_.begin()) return nullptr;
  const Region* r = std::prev(it)->second.get();
  return addr < r->end() ? r : nullptr;
}

bool GlobalMemory::isMapped(uint64_t addr, uint64_t size) const {
  if (size == 0) return true;
  uint64_t end = addr + size;
  if (end < addr) return false;
  while (addr < end) {
    const Region* r = regionContaining(addr);
    if (!r) return false;
    addr = r->end();  // adjacent fixed mappings may continue the range
    if (addr == 0) return true;
  }
  return true;
}

GlobalMemory::PageWindow GlobalMemory::pageWindow(const Region& r, uint64_t addr) const {
  uint64_t page = (addr - r.base) / kPageBytes;
  PageWindow w;
  w.lo = r.base + page * kPageBytes;
  w.hi = std::min(w.lo + kPageBytes, r.end());
  auto it = r.pages.find(page);
  w.data = it == r.pages.end() ? nullptr : it->second.get();
  return w;
}

uint8_t* GlobalMemory::materializePage(Region& r, uint64_t addr) {
  uint64_t page = (addr - r.base) / kPageBytes;
  auto& slot = r.pages[page];
  if (!slot) {
    uint64_t lo = r.base + page * kPageBytes;
    uint64_t bytes = std::min(lo + kPageBytes, r.end()) - lo;
    slot = std::make_unique<uint8_t[]>(bytes);  // value-initialised: zero-filled
    residentBytes_ += bytes;
  }
  return slot.get();
}

bool GlobalMemory::readSlow(uint64_t addr, void* dst, size_t n) const {
  if (!isMapped(addr, n)) return false;
  auto* out = static_cast<uint8_t*>(dst);
  while (n > 0) {
    cache_ = pageWindow(*regionContaining(addr), addr);
    size_t chunk = static_cast<size_t>(std::min<uint64_t>(n, cache_.hi - addr));
    if (cache_.data)
      std::memcpy(out, cache_.data + (addr - cache_.lo), chunk);
    else
      std::memset(out, 0, chunk);
    out += chunk;
    addr += chunk;
    n -= chunk;
  }
  return true;
}

bool GlobalMemory::writeSlow(uint64_t addr, const void* src, size_t n) {
  if (!isMapped(addr, n)) return false;
  auto* in = static_cast<const uint8_t*>(src);
  while (n > 0) {
    auto& region = const_cast<Region&>(*regionContaining(addr));
    materializePage(region, addr);
    cache_ = pageWindow(region, addr);
    size_t chunk = static_cast<size_t>(std::min<uint64_t>(n, cache_.hi - addr));
    std::memcpy(cache_.data + (addr - cache_.lo), in, chunk);
    in += chunk;
    addr += chunk;
    n -= chunk;
  }
  return true;
}

uint8_t* GlobalMemory::writablePointer(uint64_t addr, size_t n) {
  if (n == 0 || !isMapped(addr, n)) return nullptr;
  auto& region = const_cast<Region&>(*regionContaining(addr));
  materializePage(region, addr);
  PageWindow w = pageWindow(region, addr);
  if (n > w.hi - addr) return nullptr;  // spans a page boundary
  cache_ = w;
  return w.data + (addr - w.lo);
}

std::string GlobalMemory::describe(uint64_t addr) const {
  if (const Region* r = regionContaining(addr))
    return hex(addr) + " (offset " + std::to_string(addr - r->base) + " in buffer " + quoted(r->name) +
           " of " + std::to_string(r->size) + " bytes)";
  auto next = regions_.upper_bound(addr);
  const Region* before = next == regions_.begin() ? nullptr : std::prev(next)->second.get();
  const Region* after = next == regions_.end() ? nullptr : next->second.get();
  // 1-based distance: the first byte past the end is "0 bytes past the end".
  uint64_t pastEnd = before ? addr - before->end() : UINT64_MAX;
  uint64_t toStart = after ? after->base - addr : UINT64_MAX;
  if (pastEnd < kDescribeReach && pastEnd <= toStart)
    return hex(addr) + " (" + std::to_string(pastEnd) + " bytes past the end of buffer " +
           quoted(before->name) + ")";
  if (toStart <= kDescribeReach)
    return hex(addr) + " (" + std::to_string(toStart) + " bytes before the start of buffer " +
           quoted(after->name) + ")";
  return hex(addr) + " (not in or near any buffer)";
}

std::vector<GlobalMemory::RegionInfo> GlobalMemory::regions() const {
  std::vector<RegionInfo> out;
  out.reserve(regions_.size());
  for (const auto& [base, r] : regions_) out.push_back({r->name, r->base, r->size});
  return out;
}

std::optional<GlobalMemory::RegionInfo> GlobalMemory::findRegion(std::string_view name) const {
  for (const auto& [base, r] : regions_)
    if (r->name == name) return RegionInfo{r->name, r->base, r->size};
  return std::nullopt;
}

std::vector<uint8_t> GlobalMemory::readRegion(std::string_view name) const {
  auto info = findRegion(name);
  if (!info) throw MemoryError("GlobalMemory::readRegion: no region named \"" + std::string(name) + "\"");
  return readRegion(info->base, info->size);
}

std::vector<uint8_t> GlobalMemory::readRegion(uint64_t addr, uint64_t size) const {
  std::vector<uint8_t> out(size);
  if (!read(addr, out.data(), out.size()))
    throw MemoryError("GlobalMemory::readRegion: [" + hex(addr) + ", +" + std::to_string(size) +
                      ") is not fully mapped (first byte: " + describe(addr) + ")");
  return out;
}

}  // namespace gcnsim::memory
