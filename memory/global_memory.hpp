// GlobalMemory: the simulated device's 64-bit global (virtual) address space.
//
// Contract:
//  - Storage is sparse and paged: a mapped region costs nothing until a page of
//    it is written; unwritten bytes read as zero.
//  - allocate() places zero-filled regions at fresh addresses starting at
//    kFirstAllocation (never 0), each aligned to max(align, kMinAlign) and with
//    at least kGuardBytes of unmapped space on both sides, so small overruns
//    fault instead of silently touching a neighbour.
//  - read()/write() are all-or-nothing: if any byte of [addr, addr+n) is
//    unmapped they return false and leave dst / memory untouched.
//  - adopt() hands a region its initial contents without copying them: the
//    host bytes become the backing store of the pages they cover.
//  - Fast path: the last four pages each thread touched are cached
//    (thread_local, tagged with this memory's id, the most recent first), so
//    a wave's 64 lanes hitting one page cost a range compare and a memcpy
//    each (no lookup, no allocation), and so does a kernel that moves
//    between a few buffers (saxpy: its arguments, x and y).
//  - Threads: read/write/load/store/writablePointer/isMapped/describe may run
//    concurrently from any number of threads (the functional engine runs
//    workgroups in parallel). Each region's page table is an array of atomic
//    page pointers; a page is created by compare-and-swap, so two threads
//    writing a fresh page agree on one. Bytes themselves are not
//    synchronised: two threads writing the same bytes is the kernel's race.
//    allocate/map/adopt/unmap must not overlap any other call.
//  - Never sees time: this is functional storage only.
#pragma once
#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "memory/memory_error.hpp"

namespace gcnsim::memory {

namespace detail {
// [lo, hi): one page (or the part of it inside its region) of the memory
// whose id is `owner` (GlobalMemory::id_); data == nullptr means the page was never written
// and reads as zero while epoch_ is still `epoch`.
struct PageWindow {
  uint64_t lo = 1;
  uint64_t hi = 1;
  uint8_t* data = nullptr;
  uint64_t owner = 0;  // GlobalMemory::id_ (ids start at 1)
  uint64_t epoch = 0;
  // Whether it is memory `id`'s window on all of [addr, addr + n).
  bool holds(uint64_t id, uint64_t addr, size_t n) const {
    return owner == id && addr - lo < hi - lo && n <= hi - addr;
  }
};
}  // namespace detail

class GlobalMemory {
 public:
  static constexpr uint64_t kPageBytes = 64 * 1024;
  static constexpr uint64_t kFirstAllocation = 0x1000000;  // 16 MiB: far from null
  static constexpr uint64_t kGuardBytes = 64 * 1024;       // unmapped gap between allocations
  static constexpr uint64_t kMinAlign = 256;

  struct RegionInfo {
    std::string name;
    uint64_t base = 0;
    uint64_t size = 0;
  };

  // capacityBytes bounds the total size of all mapped regions (not the
  // address range). Throws MemoryError if it is 0.
  explicit GlobalMemory(uint64_t capacityBytes);
  ~GlobalMemory();
  GlobalMemory(const GlobalMemory&) = delete;
  GlobalMemory& operator=(const GlobalMemory&) = delete;

  // Maps a zero-filled region of `size` bytes at a fresh address and returns
  // it. `align` must be a power of two (0 means "no requirement").
  // Size 0: an empty region (an empty buffer), with an address of its own and
  // no byte mapped, so every access to it faults. Throws MemoryError (naming
  // the region and sizes) if align is not a power of two or the capacity
  // would be exceeded.
  uint64_t allocate(uint64_t size, uint64_t align, std::string name);
  // Maps a zero-filled region at a fixed address. Throws MemoryError if it is
  // empty, overlaps an existing region, wraps around, or exceeds the capacity.
  void map(uint64_t addr, uint64_t size, std::string name);

  // Unmaps the region that starts at `base` and gives its pages back to the
  // host (its adopted bytes too); its bytes stop counting toward the
  // capacity. The address range is not handed out again by allocate(), so an
  // access through a stale address faults rather than reaching another
  // region. Throws MemoryError if no region starts at `base`.
  void unmap(uint64_t base);

  // True if every byte of [addr, addr+size) is mapped (size 0: true).
  bool isMapped(uint64_t addr, uint64_t size) const;

  // Makes `bytes` the initial contents of the region that starts at `base`
  // (at most its size; the rest stays zero) without copying them: pages the
  // bytes cover entirely use them as their storage, a partial last page gets
  // a copy. Call before the region is accessed. Throws MemoryError if no
  // region starts at `base`, the bytes are larger than it, or it already
  // holds adopted bytes.
  void adopt(uint64_t base, std::vector<uint8_t> bytes);
  // The same for bytes that `owner` keeps alive (e.g. a private mapping of a
  // file, whose pages the host reads only when the kernel touches them);
  // the region keeps `owner` until the memory is destroyed.
  void adopt(uint64_t base, std::span<uint8_t> bytes, std::shared_ptr<void> owner);

  // (Inline: the most recent page only, so that a constant n makes the copy a move; readOther the rest.)
  bool read(uint64_t addr, void* dst, size_t n) const {
    const PageWindow& c = windows_[0];
    if (c.holds(id_, addr, n)) {
      if (c.data) {
        std::memcpy(dst, c.data + (addr - c.lo), n);
        return true;
      }
      // A page never written reads as zero, unless some thread created a
      // page since the window was taken (it may be this one).
      if (c.epoch == epoch_.load(std::memory_order_acquire)) {
        std::memset(dst, 0, n);
        return true;
      }
      return readSlow(addr, dst, n);
    }
    return readOther(addr, dst, n);
  }
  bool write(uint64_t addr, const void* src, size_t n) {
    const PageWindow& c = windows_[0];
    if (c.data && c.holds(id_, addr, n)) {
      std::memcpy(c.data + (addr - c.lo), src, n);
      return true;
    }
    return writeOther(addr, src, n);
  }

  template <class T>
  bool load(uint64_t addr, T& value) const {
    static_assert(std::is_trivially_copyable_v<T>);
    return read(addr, &value, sizeof(T));
  }
  template <class T>
  bool store(uint64_t addr, const T& value) {
    static_assert(std::is_trivially_copyable_v<T>);
    return write(addr, &value, sizeof(T));
  }

  // Pointer to `n` writable bytes at addr if they are mapped and lie in one
  // page (allocating the page), else nullptr. For read-modify-write atomics.
  uint8_t* writablePointer(uint64_t addr, size_t n);

  // For fault messages, e.g.
  //   0x1000010 (12 bytes past the end of buffer "a")
  //   0x1000004 (offset 4 in buffer "a" of 16 bytes)
  //   0xfff0 (16 bytes before the start of buffer "b")
  //   0x10 (unmapped)            -- nothing mapped within kDescribeReach
  std::string describe(uint64_t addr) const;
  static constexpr uint64_t kDescribeReach = 1024 * 1024;

  // Regions in address order.
  std::vector<RegionInfo> regions() const;
  std::optional<RegionInfo> findRegion(std::string_view name) const;
  // Whole contents of a named region; throws MemoryError if there is none.
  std::vector<uint8_t> readRegion(std::string_view name) const;
  // Contents of [addr, addr+size); throws MemoryError if any byte is unmapped.
  std::vector<uint8_t> readRegion(uint64_t addr, uint64_t size) const;

  uint64_t capacity() const { return capacity_; }
  uint64_t mappedBytes() const { return mappedBytes_; }
  // Bytes of host memory actually backing written pages.
  uint64_t residentBytes() const { return residentBytes_.load(std::memory_order_relaxed); }

 private:
  struct Region;
  using PageWindow = detail::PageWindow;

  // read/write past the most recent window: the older ones (moved to the front), else the slow path.
  bool readOther(uint64_t addr, void* dst, size_t n) const;
  bool writeOther(uint64_t addr, const void* src, size_t n);
  bool readSlow(uint64_t addr, void* dst, size_t n) const;
  bool writeSlow(uint64_t addr, const void* src, size_t n);
  const Region* regionContaining(uint64_t addr) const;
  PageWindow pageWindow(const Region& r, uint64_t addr) const;
  uint8_t* materializePage(const Region& r, uint64_t addr);
  void checkNewRegion(uint64_t base, uint64_t size, const std::string& name, bool mayBeEmpty) const;
  void insertRegion(uint64_t base, uint64_t size, std::string name);

  uint64_t capacity_;
  uint64_t mappedBytes_ = 0;
  std::atomic<uint64_t> residentBytes_{0};
  uint64_t nextFree_ = kFirstAllocation;
  std::map<uint64_t, std::unique_ptr<Region>> regions_;  // by base address
  // Unique per GlobalMemory of the process, for windows_; renewed by unmap(),
  // which makes every thread's windows on the freed pages stale.
  uint64_t id_;
  std::atomic<uint64_t> epoch_{0};  // pages created so far
  // This thread's last pages, the most recent first.
  static constexpr size_t kWindows = 4;
  static inline thread_local constinit std::array<PageWindow, kWindows> windows_{};
  // Whether an older window (1 on) of this memory holds [addr, addr + n): then it is moved to the front.
  bool olderWindowToFront(uint64_t addr, size_t n) const;
  // Makes `w` this thread's most recent window (replacing an older one of the same page, or the oldest).
  void remember(const PageWindow& w) const;
};

}  // namespace gcnsim::memory
