// The issue stage's per-SIMD state (SimdCtx): its resident waves and, in
// dense arrays by the wave's position in the arbitration order, the fields
// every issue turn reads for every wave.
//
// Why dense arrays: a SIMD holds up to 16 waves, and each turn looks at
// every one to find the few that need a look (pollAt <= now) and to pass
// over those whose issue port is taken. Reading those two facts from the
// waves' own contexts touched a scattered cache line per wave per turn; here
// they are a few contiguous lines, and a wave's WaveCtx is read only when it
// is actually looked at (issue.cpp).
#pragma once
#include <array>
#include <bit>
#include <cstdint>

#include "sim/timing/wave_ctx.hpp"

namespace gcnsim::sim::timing {

struct SimdCtx {
  static constexpr uint32_t kMaxWaves = 16;  // GpuConfig: cu.wave_slots_per_simd <= 16

  SimdCtx() { pollAt.fill(kNever); }

  // Its waves, oldest first (positions [0, count)); WaveCtx::pos is a wave's position.
  std::array<WaveCtx*, kMaxWaves> wave{};
  // Event-driven waiting, per position: the first cycle at which the issue
  // stage needs to look at the wave again (a look before it would find it
  // blocked and change nothing); kNever while it is parked until an event
  // wakes it (a return for s_waitcnt or a full counter, the barrier's
  // release, a GDS instruction for a GWS wait), and beyond count.
  // CuGroup::wake() lowers it; every other write is the wave's own turn's.
  // A wave parked on the busy VALU (parkedOnValu) needs its look when the
  // VALU is free (valuFree): its pollAt is kNever meanwhile, and its due-ness
  // follows valuFree, which a VALU issue moves.
  // Written only through setPollAt.
  std::array<uint64_t, kMaxWaves> pollAt;
  // Positions whose pollAt is not kNever: the only ones a turn's scan reads.
  uint32_t timed = 0;
  // Per position: the issue port of the wave's fetched next instruction
  // (WaveCtx::next) if a turn whose port is taken may pass it over without a
  // look, 0 if it must be looked at (no instruction fetched, at a barrier /
  // GWS wait, or an instruction-buffer one: s_waitcnt, s_nop and the like
  // take no issue slot and run even in a turn whose slots are all taken,
  // where a traced run sees them). Set after each look at the wave
  // (passPortOf): only its own turn changes those fields.
  std::array<uint32_t, kMaxWaves> passPort{};
  // Positions whose wave's next instruction is a queued one (run_ahead.hpp) that touches nothing
  // outside the SIMD at its issue (localIssueOf): set with passPort.
  uint32_t localNext = 0;
  uint32_t count = 0;
  // Positions of the waves parked on the busy VALU (WaveCtx::busySince != kNever).
  uint32_t parkedOnValu = 0;
  // Per position, of a wave parked on the busy VALU: the turns since it was
  // parked that count no VALU-busy stall (WaveCtx::busySince) are
  // busyUncounted[p] + allParkedUncounted (mod 2^32): a turn that counts
  // none for every parked wave adds one to allParkedUncounted, not to each.
  std::array<uint32_t, kMaxWaves> busyUncounted{};
  uint32_t allParkedUncounted = 0;
  // Positions whose wave retired during the current turn: the turn's order
  // stays as it began; they are closed up when it ends (closeVacancies).
  uint32_t vacant = 0;
  bool inTurn = false;
  uint32_t rrStart = 0;  // round-robin arbitration: where the next turn starts
  uint64_t valuFree = 0;
  // The smallest pollAt of its waves (and valuFree if one is parked on the
  // VALU): the SIMD's turn is skipped before it. Kept by wake() and by the
  // turns (issue.cpp).
  uint64_t nextPoll = 0;
  bool anyPrio = false;
  uint64_t instructions = 0;  // wave-instructions its waves executed (TimingStats::cuInstructions)
  // Returns of its waves' memory instructions not yet applied (CuGroup::reserve counts them,
  // applyEvent takes them off): turns ahead (turns_ahead.cpp) wait for none.
  uint32_t inFlight = 0;
  // Whether every wave's next instruction is local (localNext) -- so none waits at a barrier or for
  // GWS: its next instruction would be null (s_barrier executed) or the GWS one -- and no return is
  // in flight (turns_ahead.cpp).
  bool mayTurnAhead() const { return localNext == (uint32_t{1} << count) - 1 && inFlight == 0 && count != 0; }

  bool empty() const { return count == 0; }
  // The wave at p is parked on the VALU from now: no uncounted turn yet.
  void startUncounted(uint32_t p) { busyUncounted[p] = 0u - allParkedUncounted; }
  uint32_t uncounted(uint32_t p) const { return busyUncounted[p] + allParkedUncounted; }
  void setPollAt(uint32_t p, uint64_t t) {
    pollAt[p] = t;
    timed = t != kNever ? timed | 1u << p : timed & ~(1u << p);
  }
  // setPollAt with a cycle (not kNever).
  void setPollAtCycle(uint32_t p, uint64_t t) {
    pollAt[p] = t;
    timed |= 1u << p;
  }
  // An arriving wave: the youngest. Its pollAt is kNever until woken.
  void add(WaveCtx& wc) {
    const uint32_t p = count++;
    wave[p] = &wc;
    pollAt[p] = kNever;
    passPort[p] = 0;
    localNext &= ~(1u << p);
    wc.home = this;
    wc.pos = uint8_t(p);
  }
  // A turn's start at cycle `now`: the positions whose wave needs a look
  // (due), and the smallest pollAt of the others (rest; not counting the
  // waves parked on the VALU).
  struct Scan {
    uint32_t due = 0;
    uint64_t rest = kNever;
  };
  Scan scan(uint64_t now) const {
    Scan s;
    for (uint32_t m = timed; m; m &= m - 1) {
      const uint32_t p = uint32_t(__builtin_ctz(m));
      const uint64_t t = pollAt[p];
      if (t <= now)
        s.due |= 1u << p;
      else
        s.rest = t < s.rest ? t : s.rest;
    }
    if (valuFree <= now) s.due |= parkedOnValu;
    return s;
  }
  // Whether the wave at `p` waits for an event to wake it (pollAt kNever, not parked on the VALU).
  bool waitsForEvent(uint32_t p) const { return pollAt[p] == kNever && !(parkedOnValu >> p & 1); }
  // A retiring wave leaves (its pollAt does not lower nextPoll any more, but
  // nextPoll is recomputed only at the next turn, as before).
  void remove(const WaveCtx& wc) {
    const uint32_t p = wc.pos;
    if (inTurn) {
      vacant |= 1u << p;
      setPollAt(p, kNever);
      passPort[p] = 0;
      localNext &= ~(1u << p);
      parkedOnValu &= ~(1u << p);
      return;
    }
    erase(p);
  }
  void closeVacancies() {
    while (vacant) {
      const uint32_t p = 31 - uint32_t(std::countl_zero(vacant));  // the last first: the others stay put
      vacant &= ~(1u << p);
      erase(p);
    }
  }

 private:
  void erase(uint32_t p) {
    for (uint32_t q = p + 1; q < count; ++q) {
      wave[q - 1] = wave[q];
      pollAt[q - 1] = pollAt[q];
      passPort[q - 1] = passPort[q];
      busyUncounted[q - 1] = busyUncounted[q];
      wave[q - 1]->pos = uint8_t(q - 1);
    }
    parkedOnValu = closeUp(parkedOnValu, p);
    localNext = closeUp(localNext, p);
    timed = closeUp(timed, p);
    --count;
    wave[count] = nullptr;
    pollAt[count] = kNever;
    passPort[count] = 0;
  }
  // A mask by position without position p (the ones above it moved down).
  static uint32_t closeUp(uint32_t m, uint32_t p) {
    const uint32_t below = (1u << p) - 1;
    return (m & below) | ((m >> 1) & ~below);
  }
};

// The wave's pollAt (SimdCtx::pollAt).
inline uint64_t pollAt(const WaveCtx& wc) { return wc.home->pollAt[wc.pos]; }
inline void setPollAt(const WaveCtx& wc, uint64_t t) { wc.home->setPollAt(wc.pos, t); }

// Whether the wave's next instruction is queued ahead and its issue touches nothing outside its
// SIMD: a VALU, SALU or branch instruction (run ahead: no clock, hardware register, message or
// LDS_DIRECT) that does not stop the wave (turns_ahead.cpp).
inline bool localIssueOf(const WaveCtx& wc) {
  return wc.next && wc.next->localIssue && !wc.ahead.empty() && !wc.ahead.frontStops();
}

// SimdCtx::passPort of a wave after a look at it.
inline uint32_t passPortOf(const WaveCtx& wc) { return !wc.next || wc.atBarrier ? 0 : wc.next->portBit; }

}  // namespace gcnsim::sim::timing
