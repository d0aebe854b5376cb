// GlobalMemory: see global_memory.hpp for the contract.
#include "memory/global_memory.hpp"

#include <algorithm>
#include <cstdio>

#include "isa/hex_text.hpp"

namespace gcnsim::memory {

struct GlobalMemory::Region {
  uint64_t base = 0;
  uint64_t size = 0;
  std::string name;
  // Page index (relative to base, in kPageBytes units) -> page bytes, or
  // nullptr for a page never written. A page is either its own allocation
  // (freed here) or a slice of `adopted`.
  std::unique_ptr<std::atomic<uint8_t*>[]> pages;
  std::span<uint8_t> adopted;
  std::shared_ptr<void> adoptedOwner;  // keeps `adopted` alive (a vector, a mapped file)
  uint64_t end() const { return base + size; }
  uint64_t pageCount() const { return (size + kPageBytes - 1) / kPageBytes; }
  bool isAdopted(const uint8_t* p) const {
    return !adopted.empty() && p >= adopted.data() && p < adopted.data() + adopted.size();
  }
  ~Region() {
    for (uint64_t i = 0, n = pageCount(); i < n; ++i) {
      uint8_t* p = pages[i].load(std::memory_order_relaxed);
      if (p && !isAdopted(p)) delete[] p;
    }
  }
};

namespace {

std::string quoted(const std::string& name) { return "\"" + name + "\""; }

// Ids tag the thread-local page windows; a new memory never matches a stale
// window left by a destroyed one at the same address.
std::atomic<uint64_t> nextMemoryId{1};

bool isPowerOfTwo(uint64_t v) { return v != 0 && (v & (v - 1)) == 0; }

// Rounds v up to a multiple of the power of two `align`; false on overflow.
bool alignUp(uint64_t v, uint64_t align, uint64_t& out) {
  uint64_t r = (v + (align - 1)) & ~(align - 1);
  if (r < v) return false;
  out = r;
  return true;
}

}  // namespace

GlobalMemory::GlobalMemory(uint64_t capacityBytes)
    : capacity_(capacityBytes), id_(nextMemoryId.fetch_add(1, std::memory_order_relaxed)) {
  if (capacityBytes == 0) throw MemoryError("GlobalMemory: capacityBytes must be greater than 0");
}

GlobalMemory::~GlobalMemory() = default;

void GlobalMemory::checkNewRegion(uint64_t base, uint64_t size, const std::string& name,
                                  bool mayBeEmpty) const {
  if (size == 0 && !mayBeEmpty) throw MemoryError("GlobalMemory: region " + quoted(name) + " has size 0");
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
  region->pages = std::make_unique<std::atomic<uint8_t*>[]>(region->pageCount());  // all nullptr
  regions_.emplace(base, std::move(region));
  mappedBytes_ += size;
}

uint64_t GlobalMemory::allocate(uint64_t size, uint64_t align, std::string name) {
  if (align == 0) align = 1;
  if (!isPowerOfTwo(align))
    throw MemoryError("GlobalMemory::allocate: align (=" + std::to_string(align) + ") of region " +
                      quoted(name) + " is not a power of two");
  checkNewRegion(0, size, name, true);
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
  checkNewRegion(addr, size, name, false);
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

void GlobalMemory::unmap(uint64_t base) {
  auto it = regions_.find(base);
  if (it == regions_.end()) throw MemoryError("GlobalMemory::unmap: no region starts at " + hex(base));
  const Region& r = *it->second;
  uint64_t resident = 0;
  for (uint64_t i = 0, n = r.pageCount(); i < n; ++i)
    if (r.pages[i].load(std::memory_order_relaxed)) resident += std::min(kPageBytes, r.size - i * kPageBytes);
  residentBytes_.fetch_sub(resident, std::memory_order_relaxed);
  mappedBytes_ -= r.size;
  regions_.erase(it);  // (~Region frees the pages; adoptedOwner lets go of the adopted bytes)
  // Any thread's windows may still point into the freed pages: under a new id none of them matches.
  id_ = nextMemoryId.fetch_add(1, std::memory_order_relaxed);
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
  w.owner = id_;
  // The epoch before the pointer: a page created after this load bumps the
  // epoch, so a window that saw nullptr cannot hide it.
  w.epoch = epoch_.load(std::memory_order_acquire);
  w.data = r.pages[page].load(std::memory_order_acquire);
  return w;
}

bool GlobalMemory::olderWindowToFront(uint64_t addr, size_t n) const {
  for (size_t i = 1; i < kWindows; ++i)
    if (windows_[i].holds(id_, addr, n)) {
      std::swap(windows_[0], windows_[i]);
      return true;
    }
  return false;
}

bool GlobalMemory::readOther(uint64_t addr, void* dst, size_t n) const {
  if (olderWindowToFront(addr, n)) return read(addr, dst, n);  // (now the front window)
  return readSlow(addr, dst, n);
}

bool GlobalMemory::writeOther(uint64_t addr, const void* src, size_t n) {
  if (olderWindowToFront(addr, n) && windows_[0].data) return write(addr, src, n);  // (now the front window)
  return writeSlow(addr, src, n);
}

// Makes `w` the front window: the same page's older window (a zero page's, gone stale), else the oldest,
// leaves, and the ones before it move back one.
void GlobalMemory::remember(const PageWindow& w) const {
  size_t i = 0;
  while (i + 1 < kWindows && !(windows_[i].owner == w.owner && windows_[i].lo == w.lo)) ++i;
  for (; i > 0; --i) windows_[i] = windows_[i - 1];
  windows_[0] = w;
}

uint8_t* GlobalMemory::materializePage(const Region& r, uint64_t addr) {
  uint64_t page = (addr - r.base) / kPageBytes;
  std::atomic<uint8_t*>& slot = r.pages[page];
  uint8_t* p = slot.load(std::memory_order_acquire);
  if (p) return p;
  uint64_t lo = r.base + page * kPageBytes;
  uint64_t bytes = std::min(lo + kPageBytes, r.end()) - lo;
  auto fresh = std::make_unique<uint8_t[]>(bytes);  // value-initialised: zero-filled
  if (!slot.compare_exchange_strong(p, fresh.get(), std::memory_order_acq_rel, std::memory_order_acquire))
    return p;  // another thread created it first; ours is freed
  residentBytes_.fetch_add(bytes, std::memory_order_relaxed);
  epoch_.fetch_add(1, std::memory_order_acq_rel);
  return fresh.release();
}

void GlobalMemory::adopt(uint64_t base, std::vector<uint8_t> bytes) {
  auto owner = std::make_shared<std::vector<uint8_t>>(std::move(bytes));
  adopt(base, std::span<uint8_t>(*owner), owner);
}

void GlobalMemory::adopt(uint64_t base, std::span<uint8_t> bytes, std::shared_ptr<void> owner) {
  auto it = regions_.find(base);
  if (it == regions_.end()) throw MemoryError("GlobalMemory::adopt: no region starts at " + hex(base));
  Region& r = *it->second;
  if (bytes.size() > r.size)
    throw MemoryError("GlobalMemory::adopt: " + std::to_string(bytes.size()) + " bytes do not fit region " +
                      quoted(r.name) + " of " + std::to_string(r.size) + " bytes");
  if (!r.adopted.empty())
    throw MemoryError("GlobalMemory::adopt: region " + quoted(r.name) + " already holds adopted bytes");
  r.adopted = bytes;
  r.adoptedOwner = std::move(owner);
  const uint64_t n = r.adopted.size();
  for (uint64_t off = 0; off < n; off += kPageBytes) {
    const uint64_t pageBytes = std::min(kPageBytes, r.size - off);
    std::atomic<uint8_t*>& slot = r.pages[off / kPageBytes];
    uint8_t* own = slot.load(std::memory_order_relaxed);
    if (off + pageBytes <= n && !own) {
      slot.store(r.adopted.data() + off, std::memory_order_release);
      residentBytes_.fetch_add(pageBytes, std::memory_order_relaxed);
      continue;
    }
    // A partial last page (the rest of it must read as zero), or one written before.
    if (!own) own = materializePage(r, r.base + off);
    std::memcpy(own, r.adopted.data() + off, std::min(pageBytes, n - off));
  }
  epoch_.fetch_add(1, std::memory_order_acq_rel);
}

bool GlobalMemory::readSlow(uint64_t addr, void* dst, size_t n) const {
  if (!isMapped(addr, n)) return false;
  auto* out = static_cast<uint8_t*>(dst);
  while (n > 0) {
    const PageWindow w = pageWindow(*regionContaining(addr), addr);
    remember(w);
    size_t chunk = static_cast<size_t>(std::min<uint64_t>(n, w.hi - addr));
    if (w.data)
      std::memcpy(out, w.data + (addr - w.lo), chunk);
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
    const Region& region = *regionContaining(addr);
    materializePage(region, addr);
    const PageWindow w = pageWindow(region, addr);
    remember(w);
    size_t chunk = static_cast<size_t>(std::min<uint64_t>(n, w.hi - addr));
    std::memcpy(w.data + (addr - w.lo), in, chunk);
    in += chunk;
    addr += chunk;
    n -= chunk;
  }
  return true;
}

uint8_t* GlobalMemory::writablePointer(uint64_t addr, size_t n) {
  if (n == 0 || !isMapped(addr, n)) return nullptr;
  const Region& region = *regionContaining(addr);
  materializePage(region, addr);
  PageWindow w = pageWindow(region, addr);
  if (n > w.hi - addr) return nullptr;  // spans a page boundary
  remember(w);
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
  if (pastEnd < kDescribeReach && pastEnd <= toStart && before->size == 0)
    return hex(addr) + " (" +
           (pastEnd ? std::to_string(pastEnd) + " bytes past the start of" : "the start of") + " buffer " +
           quoted(before->name) + ", which is empty)";
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
