// Turns ahead: a SIMD whose waves touch nothing outside it takes its next
// issue turns right after this one, before the rest of the group's cycle
// loop gets there.
//
// Why: the cycle loop visits every CU's SIMD of the cycle in turn, so
// between two turns of one SIMD the host has touched the other SIMDs'
// waves. A SIMD running its turns back to back finds its waves' state where
// its last turn left it: fma_loop at 6,400 workgroups (gfx900), where most
// turns are taken ahead, runs about 12 % faster.
//
// Why it is exact. A turn of the SIMD at cycle t reads and writes its own
// waves, its own SimdCtx and the group's statistic sums -- and, through the
// instructions it issues, whatever they touch. Nothing that another SIMD's
// turn or the loop at a cycle before t does changes what it reads, as long as
//  - every wave of the SIMD has as its next instruction one it executed
//    ahead (run_ahead.hpp: VALU, SALU or branch, of no clock, hardware
//    register, message or LDS_DIRECT) that does not stop the wave: its issue
//    takes no memory pipe, arrives at no barrier, ends no wave
//    (SimdCtx::localNext). So no wave waits at a barrier or for GWS either,
//    which another SIMD's wave could release: after s_barrier a wave's next
//    instruction is not known, and a GWS wait's is the GWS instruction;
//  - no return of its waves' memory instructions is still to come
//    (SimdCtx::inFlight);
//  - no workgroup arrives in the group before t (an arrival may add a wave
//    to the SIMD), and t is within the epoch.
// The turns taken ahead are exactly the ones the loop would have taken: the
// SIMD's next turn at or after its nextPoll, one after another. Afterwards
// its nextPoll is past the last of them, so the loop passes them over.
// Cycles, statistics and results are those of the cycle loop alone (the
// timing fingerprint; tests/sim/timing/run_ahead_test.cpp compares with
// GCNSIM_RUN_AHEAD=0, which turns this off too, and fails if the loop takes
// a turn again). Traced runs never take turns ahead.
#include "sim/timing/cu_group.hpp"

namespace gcnsim::sim::timing {

void CuGroup::runTurnsAhead(SimdCtx& simd, uint32_t s, uint64_t to) {
  const uint64_t now = now_;
  const bool progress = progress_;
  const uint64_t until = admissions_.empty() ? to : std::min(to, admissions_.front().at);
  while (simd.mayTurnAhead()) {
    if (simd.nextPoll >= until) break;
    const uint64_t t = clock_.turnAtOrAfter(std::max(simd.nextPoll, now_ + 1), s);
    if (t >= until) break;
    const SimdCtx::Scan scan = simd.scan(t);
    now_ = t;
    issueSimd<false, true>(simd, scan);
    ++stats_.turnsAhead;
  }
  // A wave passed over in the last turn (its port taken) keeps a pollAt of that turn or before: the
  // loop, which visits the SIMD only at its turns, would look again at its next turn -- the one after
  // the turns taken here.
  if (now_ != now) simd.nextPoll = std::max(simd.nextPoll, now_ + 1);
  now_ = now;
  progress_ = progress;  // (the loop's own cycle's progress)
}

}  // namespace gcnsim::sim::timing
