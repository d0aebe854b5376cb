#include "memory/lds_timing.hpp"

#include <algorithm>
#include <bit>
#include <cstring>

#include "memory/whole_wave_lanes.hpp"

namespace gcnsim::memory {

LdsBankModel::LdsBankModel(const LdsConfig& cfg)
    : cfg_(cfg),
      bankShift_(uint32_t(__builtin_ctz(cfg.bankBytes))),
      first_(cfg.banks, 0),
      stamp_(cfg.banks, 0) {}

// The exact conflict degree of the pass made of entries [begin, end): the
// most distinct dwords one bank is asked for. Called only for a pass in which
// some bank was asked for two (rare in tuned kernels), so a sort is cheap
// enough: keys (bank, dword), duplicates removed, longest run of one bank.
template <class Index>
uint32_t LdsBankModel::conflictDegree(const LdsAccesses& acc, Index index, uint32_t begin, uint32_t end) {
  const uint32_t bankMask = cfg_.banks - 1;
  keys_.clear();
  for (uint32_t i = begin; i < end; ++i) {
    const uint32_t k = index(i);
    const uint32_t a = uint32_t(acc.addr[k]);
    const uint32_t firstWord = a >> bankShift_;
    const uint32_t lastWord = (a + std::max(acc.bytes[k], 1u) - 1) >> bankShift_;
    for (uint32_t w = firstWord;; ++w) {
      keys_.push_back(uint64_t(w & bankMask) << 32 | w);
      if (w >= lastWord) break;
    }
  }
  std::sort(keys_.begin(), keys_.end());
  keys_.erase(std::unique(keys_.begin(), keys_.end()), keys_.end());
  uint32_t worst = 0, run = 0;
  for (size_t j = 0; j < keys_.size(); ++j) {
    run = j > 0 && keys_[j] >> 32 == keys_[j - 1] >> 32 ? run + 1 : 1;
    worst = std::max(worst, run);
  }
  return worst;
}

// serve's common case, 64 banks at most: every access within one bank word.
// Pass by pass (with ascending lanes, found by a binary search instead of a
// look at every lane): the banks in use are bits of a register, a bank's
// first dword is in first. False (nothing counted) if some access spans two
// words. kGcn: the GCN geometry (32 banks of 4 bytes) as constants.
template <bool kGcn, class Index>
bool LdsBankModel::serveSingleWords(const LdsAccesses& acc, Index index, uint32_t count, uint32_t passShift,
                                    bool ascending, Passes& p) {
  // Locals only in the loop: a store to first[] may not alias the config.
  const uint64_t* const addr = acc.addr;
  const uint32_t* const bytes = acc.bytes;
  const uint8_t* const lanes = acc.lane;
  const uint32_t bankBytes = kGcn ? 4 : cfg_.bankBytes, offsetMask = bankBytes - 1;
  const uint32_t bankMask = kGcn ? 31 : cfg_.banks - 1, shift = kGcn ? 2 : bankShift_;
  uint32_t first[64];
  uint32_t extra = 0;
  for (uint32_t begin = 0; begin < count;) {
    const uint32_t pass = uint32_t(lanes[index(begin)]) >> passShift;
    uint32_t end = begin + 1;
    if (ascending) {  // the first entry of a later pass
      const uint32_t limit = (pass + 1) << passShift;
      for (uint32_t hi = count; end < hi;) {
        const uint32_t mid = (end + hi) / 2;
        if (lanes[index(mid)] < limit)
          end = mid + 1;
        else
          hi = mid;
      }
    } else {
      while (end < count && uint32_t(lanes[index(end)]) >> passShift == pass) ++end;
    }
    uint64_t used = 0;
    bool conflict = false;
    for (uint32_t i = begin; i < end; ++i) {
      const uint32_t k = index(i);
      const uint32_t a = uint32_t(addr[k]);
      if ((a & offsetMask) + bytes[k] > bankBytes) return false;
      const uint32_t w = a >> shift, b = w & bankMask;
      const uint64_t bit = uint64_t(1) << b;
      if (used & bit) {
        conflict |= first[b] != w;
      } else {
        used |= bit;
        first[b] = w;
      }
    }
    if (conflict) extra += conflictDegree(acc, index, begin, end) - 1;
    begin = end;
  }
  p.extra += extra;
  return true;
}

// Accesses of one slot (entries index(0..count-1): the first, or the second,
// address of every lane), served 32 / D lanes per pass (D: dwords per lane),
// whatever the banks: the pass's lanes are the instruction width's (AMD APP
// OpenCL guide 6.2: "Threads 0 through 31 are checked for conflicts as are
// threads 32 through 63"; ROCm CK "LDS bank conflicts": the lanes of a phase
// depend "on the width of the instruction"), the banks only decide which of
// them conflict. Per bank word: one look at its bank's entry of the pass --
// free, the same word (broadcast), or a conflict, which conflictDegree then
// counts exactly. So banks x bank_bytes below the 128 bytes a pass that
// GcnTimings' DS costs were measured with makes even a unit-stride pass a
// conflict (16 banks: 2 words a bank; 1 bank: every distinct word), and a
// pass never gets cheaper as the banks shrink (lds_timing.hpp).
template <class Index>
void LdsBankModel::serve(const LdsAccesses& acc, Index index, uint32_t count, bool ascending, Passes& p) {
  if (count == 0) return;
  const uint32_t bytes = acc.bytes[index(0)];
  // Dwords per lane, b96 served like b128 (GcnTimings gives both 1/8).
  const uint32_t d = std::bit_ceil(std::max(1u, (bytes + 3) / 4));
  const uint32_t lanesPerPass = std::max(1u, kPassDwords / d);
  p.base += (64 + lanesPerPass - 1) / lanesPerPass;
  const uint32_t passShift = uint32_t(std::countr_zero(lanesPerPass));  // kPassDwords and d are powers of two
  if (bytes <= 4 && cfg_.banks == 32 && cfg_.bankBytes == 4 &&
      serveSingleWords<true>(acc, index, count, passShift, ascending, p))
    return;
  if (bytes <= cfg_.bankBytes && cfg_.banks <= 64 &&
      serveSingleWords<false>(acc, index, count, passShift, ascending, p))
    return;
  const uint32_t bankMask = cfg_.banks - 1;
  uint32_t* const first = first_.data();
  uint32_t* const stamp = stamp_.data();
  for (uint32_t i = 0; i < count;) {
    const uint32_t pass = uint32_t(acc.lane[index(i)]) >> passShift;
    const uint32_t begin = i;
    if (++pass_ == 0) {  // the stamps wrapped: start them again
      std::fill(stamp_.begin(), stamp_.end(), 0);
      pass_ = 1;
    }
    bool conflict = false;
    for (; i < count; ++i) {
      const uint32_t k = index(i);
      if (uint32_t(acc.lane[k]) >> passShift != pass) break;
      const uint32_t a = uint32_t(acc.addr[k]);
      const uint32_t firstWord = a >> bankShift_;
      const uint32_t lastWord = (a + std::max(acc.bytes[k], 1u) - 1) >> bankShift_;
      for (uint32_t w = firstWord;; ++w) {
        const uint32_t b = w & bankMask;
        if (stamp[b] != pass_) {
          stamp[b] = pass_;
          first[b] = w;
        } else {
          conflict |= first[b] != w;
        }
        if (w >= lastWord) break;
      }
    }
    if (conflict) p.extra += conflictDegree(acc, index, begin, i) - 1;
  }
}

namespace {
// lane[2k] == lane[2k + 1] for every k, and the pairs' lanes strictly
// ascending (so no lane has a third entry): a two-address op's log. Eight
// entries at a time (four 16-bit fields: the pairs), the rest one by one.
bool ascendingPairs(const uint8_t* lane, uint32_t n) {
  constexpr uint64_t kLow = 0x00ff00ff00ff00ffull, kCarry = 0x0000010001000100ull,
                     kOne = 0x0000000100010001ull;
  int previous = -1;  // the last pair's lane
  uint32_t k = 0;
  for (; std::endian::native == std::endian::little && k + 8 <= n; k += 8) {
    uint64_t x;
    std::memcpy(&x, lane + k, 8);
    const uint64_t y = x & kLow;  // the pairs' first lanes, p0..p3
    // Equal halves; p0 above the last pair; p1 > p0, p2 > p1, p3 > p2: field
    // j (< 3) of steps is p(j+1) + 255 - p(j), bit 8 set iff p(j+1) > p(j).
    const uint64_t steps = ((y >> 16) | kCarry) - (y & 0x0000ffffffffffffull) - kOne;
    if (((x >> 8) & kLow) != y || int(y & 0xff) <= previous || (steps & kCarry) != kCarry) return false;
    previous = int(y >> 48);
  }
  for (; k < n; k += 2) {
    if (lane[k] != lane[k + 1] || int(lane[k]) <= previous) return false;
    previous = lane[k];
  }
  return true;
}
}  // namespace

namespace {
// 1 or 2 if `acc` is a whole wave's log with that many addresses a lane, else 0.
uint32_t wholeWaveAddresses(const LdsAccesses& acc) {
  if (acc.count == 64 && std::memcmp(acc.lane, kOneAccessLanes.data(), 64) == 0) return 1;
  if (acc.count == 128 && std::memcmp(acc.lane, kTwoAccessLanes.data(), 128) == 0) return 2;
  return 0;
}

// Accesses of `b` bytes whose addresses OR to `offsets` stay within their 4-byte words.
bool withinOneWord(uint32_t offsets, uint32_t b) { return b <= 4 && (offsets & 3) + b <= 4; }

// The words of a whole wave's accesses, perLane a lane (entry l * perLane +
// s is lane l's s-th), slot-major: word[s * 64 + l] = its address / 4; or
// false if some access may leave its 4-byte word: they must all have the
// same size b <= 4 and, if b > 1, offsets in the word that leave room for
// it. The offsets are OR-ed, so an odd mix (b = 2 at offsets 1 and 2) says
// false and the caller takes the exact path. Branch-free loops that
// vectorize.
bool wordsWithinOneWord(const LdsAccesses& acc, uint32_t perLane, uint32_t* word) {
  const uint32_t b = acc.bytes[0];
  uint32_t otherSize = 0, offsets = 0;
  for (uint32_t i = 0; i < acc.count; ++i) otherSize |= acc.bytes[i] ^ b;
  for (uint32_t i = 0; i < acc.count; ++i) offsets |= uint32_t(acc.addr[i]);
  for (uint32_t s = 0; s < perLane; ++s)
    for (uint32_t l = 0; l < 64; ++l) word[s * 64 + l] = uint32_t(acc.addr[l * perLane + s]) >> 2;
  return otherSize == 0 && withinOneWord(offsets, b);
}

// True if one pass of 32 words asks some bank (of 32) for two different
// words. After each word is written into its bank's entry of a table (the
// last write wins), every word finds itself there iff no bank is asked for two.
bool passConflicts(const uint32_t* word) {
  uint32_t bank[32];
  for (uint32_t j = 0; j < 32; ++j) bank[word[j] % 32] = word[j];
  uint32_t differ = 0;
  for (uint32_t j = 0; j < 32; ++j) differ |= bank[word[j] % 32] ^ word[j];
  return differ != 0;
}
}  // namespace

// The extra passes of one pass of 32 lanes, first to first + 31, of access
// slot `slot` (entries lane * kStride + slot), whose words are `src[j] >>
// shift` (lane by lane, contiguous: words, or byte addresses within their
// words). They depend only on the words relative to the pass's first (adding
// c to every word renames the banks, a rotation), and a kernel repeats a few
// such shapes (one or two per DS instruction of its loop): the answers of
// recent ones are kept, each in the entry its words hash to, so that a
// lookup compares with one entry in a loop that vectorizes (a cache: the
// answers never depend on it).
template <uint32_t kStride, class Acc>
uint32_t LdsBankModel::passExtra(const Acc& acc, const uint32_t* src, uint32_t shift, uint32_t first,
                                 uint32_t slot) {
  const uint32_t w0 = src[0] >> shift;
  PassShape& s = shapes_[shapeSlot((src[1] >> shift) - w0, (src[16] >> shift) - w0, (src[31] >> shift) - w0)];
  uint32_t differ = 0;
  for (uint32_t j = 0; j < 32; ++j) differ |= s.relative[j] ^ ((src[j] >> shift) - w0);
  if (differ == 0) return s.extra;
  uint32_t word[32];
  for (uint32_t j = 0; j < 32; ++j) word[j] = src[j] >> shift;
  const uint32_t extra =
      passConflicts(word) ? conflictDegree(
                                acc(), [slot](uint32_t i) { return i * kStride + slot; }, first, first + 32) -
                                1
                          : 0;
  for (uint32_t j = 0; j < 32; ++j) s.relative[j] = word[j] - w0;
  s.extra = extra;
  return extra;
}

// passes' most common case: every lane active, one or two addresses a lane,
// every access within one word, and the GCN geometry (32 banks of 4 bytes):
// each slot takes two passes of 32 lanes (what serve finds for this shape,
// in fewer host instructions). Slot s's words are src[s][lane] >> shift.
template <uint32_t kPerLane, class Acc>
LdsBankModel::Passes LdsBankModel::wholeWavePasses(const Acc& acc, const uint32_t* const* src,
                                                   uint32_t shift) {
  Passes p;
  for (uint32_t slot = 0; slot < kPerLane; ++slot) {
    const uint32_t* w = src[slot];
    p.base += 2;
    p.extra +=
        passExtra<kPerLane>(acc, w, shift, 0, slot) + passExtra<kPerLane>(acc, w + 32, shift, 32, slot);
  }
  return p;
}

LdsBankModel::Passes LdsBankModel::passes(const LdsAccesses& acc) {
  Passes p;
  if (acc.count == 0) return p;
  if (cfg_.banks == 32 && cfg_.bankBytes == 4) {
    const uint32_t perLane = wholeWaveAddresses(acc);
    uint32_t words[128];
    if (perLane && wordsWithinOneWord(acc, perLane, words)) {
      const auto entries = [&acc]() -> const LdsAccesses& { return acc; };
      const uint32_t* slots[2] = {words, words + 64};
      return perLane == 1 ? wholeWavePasses<1>(entries, slots, 0) : wholeWavePasses<2>(entries, slots, 0);
    }
  }
  // The slots: an entry whose lane is the previous entry's is a later
  // address of that lane. Single-address ops have none; two-address ops
  // alternate first, second -- both read in place (their lanes ascending).
  const uint8_t* lane = acc.lane;
  const uint32_t n = acc.count;
  uint32_t rising = 1;
  while (rising < n && lane[rising] > lane[rising - 1]) ++rising;
  if (rising == n) {
    serve(
        acc, [](uint32_t i) { return i; }, n, true, p);
  } else if (n % 2 == 0 && ascendingPairs(lane, n)) {
    serve(
        acc, [](uint32_t i) { return 2 * i; }, n / 2, true, p);
    serve(
        acc, [](uint32_t i) { return 2 * i + 1; }, n / 2, true, p);
  } else {  // any other shape: every lane's first entry, then all later ones
    slot_.clear();
    for (uint32_t i = 0; i < acc.count; ++i)
      if (i == 0 || acc.lane[i] != acc.lane[i - 1]) slot_.push_back(i);
    const uint32_t firsts = uint32_t(slot_.size());
    for (uint32_t i = 1; i < acc.count; ++i)
      if (acc.lane[i] == acc.lane[i - 1]) slot_.push_back(i);
    const uint32_t* s = slot_.data();
    serve(
        acc, [s](uint32_t i) { return s[i]; }, firsts, false, p);
    serve(
        acc, [s, firsts](uint32_t i) { return s[firsts + i]; }, acc.count - firsts, false, p);
  }
  return p;
}

// Rows with every access within one word (wordsWithinOneWord's rule) go the
// whole-wave way straight from the rows; any other rows as their entries.
LdsBankModel::Passes LdsBankModel::passes(const LdsRows& r) {
  const uint32_t perLane = r.rows[1] ? 2 : 1;
  if (cfg_.banks == 32 && cfg_.bankBytes == 4 && r.bytes <= 4) {  // (wider accesses: not within one word)
    uint32_t offsets = 0;
    for (uint32_t s = 0; s < perLane; ++s)
      for (uint32_t l = 0; l < 64; ++l) offsets |= r.rows[s][l];
    if (withinOneWord(offsets, r.bytes)) {  // the words: the rows' addresses >> 2, read in place
      LdsAccesses entries;
      const auto acc = [&]() -> const LdsAccesses& {
        if (!entries.addr) entries = entriesOf(r);
        return entries;
      };
      return perLane == 1 ? wholeWavePasses<1>(acc, r.rows, 2) : wholeWavePasses<2>(acc, r.rows, 2);
    }
  }
  return passes(entriesOf(r));
}

LdsAccesses LdsBankModel::entriesOf(const LdsRows& r) {
  const uint32_t perLane = r.rows[1] ? 2 : 1;
  addr_.resize(64 * perLane);
  bytes_.assign(64 * perLane, r.bytes);
  lane_.resize(64 * perLane);
  for (uint32_t l = 0; l < 64; ++l)
    for (uint32_t s = 0; s < perLane; ++s) {
      addr_[l * perLane + s] = r.rows[s][l];
      lane_[l * perLane + s] = uint8_t(l);
    }
  return LdsAccesses{addr_.data(), bytes_.data(), lane_.data(), 64 * perLane};
}

LdsBankModel::Passes LdsBankModel::passes(std::span<const LdsLaneAccess> acc) {
  addr_.clear();
  bytes_.clear();
  lane_.clear();
  for (const LdsLaneAccess& a : acc) {
    addr_.push_back(a.addr);
    bytes_.push_back(a.bytes);
    lane_.push_back(a.lane);
  }
  return passes(LdsAccesses{addr_.data(), bytes_.data(), lane_.data(), uint32_t(acc.size())});
}

uint64_t LdsPipe::access(uint64_t now, uint32_t pipeCycles, uint32_t extraCycles) {
  const uint64_t start = std::max(now, free_);
  free_ = start + pipeCycles + extraCycles;
  return start + cfg_.latency + extraCycles;
}

uint64_t LdsPipe::gds(uint64_t now, uint32_t pipeCycles) {
  const uint64_t start = std::max(now, gdsFree_);
  gdsFree_ = start + pipeCycles;
  return start + cfg_.gdsLatency;
}

}  // namespace gcnsim::memory
