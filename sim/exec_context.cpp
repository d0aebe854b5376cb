#include "sim/exec_context.hpp"

#include <algorithm>
#include <bit>
#include <cstdio>
#include <cstring>

#include "memory/whole_wave_lanes.hpp"

namespace gcnsim::sim {

void PendingWrites::applyTo(WaveState& w) const {
  if (hasSgpr)
    for (unsigned i = 0; i < sgprCount && sgprFirst + i < kScalarFileSize; ++i)
      w.sreg[sgprFirst + i] = sgprData[i];
  if (!hasVgpr) return;
  // The registers that exist: a write past the file is dropped.
  const unsigned count = vgprFirst >= w.numVgprs ? 0u : std::min<unsigned>(vgprCount, w.numVgprs - vgprFirst);
  if (vgprLanes == ~0ull) {  // whole rows, and the rows are adjacent in the file
    std::memcpy(w.v(vgprFirst), vgprData.data(), size_t(count) * kWaveSize * sizeof(uint32_t));
    return;
  }
  // The lanes as a byte mask, so that the blend below vectorizes (every lane
  // is rewritten, the inactive ones with their own value).
  alignas(64) uint8_t on[kWaveSize];
  for (unsigned l = 0; l < kWaveSize; ++l) on[l] = uint8_t(vgprLanes >> l & 1);
  for (unsigned d = 0; d < count; ++d) {
    uint32_t* dst = w.v(vgprFirst + d);
    const uint32_t* src = &vgprData[d * kWaveSize];
    for (unsigned l = 0; l < kWaveSize; ++l) dst[l] = on[l] ? src[l] : dst[l];
  }
}

void AccessLog::appendDsLanes(const uint32_t* a0, const uint32_t* a1, uint64_t exec, uint32_t bytes) {
  const unsigned perLane = a1 ? 2 : 1;
  if (rowsOk && exec == ~0ull && count == 0) {  // the instruction's only accesses: kept as rows
    std::memcpy(dsRow[0].data(), a0, sizeof dsRow[0]);
    if (a1) std::memcpy(dsRow[1].data(), a1, sizeof dsRow[1]);
    dsRows = uint8_t(perLane);
    dsRowBytes = bytes;
    count = ldsCount = perLane * kWaveSize;
    return;
  }
  expandKept();
  if (exec != ~0ull || count + perLane * kWaveSize > kMax) {  // lane by lane, as recordAccess
    for (uint64_t rest = exec; rest; rest &= rest - 1) {
      const unsigned l = unsigned(std::countr_zero(rest));
      for (unsigned s = 0; s < perLane; ++s)
        if (!push(s ? a1[l] : a0[l], bytes, l, AccessSpace::Lds)) return;
    }
    return;
  }
  const unsigned n = perLane * kWaveSize;
  uint64_t* const out = &addr[count];
  if (a1) {
    for (unsigned l = 0; l < kWaveSize; ++l) out[2 * l] = a0[l], out[2 * l + 1] = a1[l];
    std::memcpy(&lane[count], memory::kTwoAccessLanes.data(), n);
  } else {
    for (unsigned l = 0; l < kWaveSize; ++l) out[l] = a0[l];
    std::memcpy(&lane[count], memory::kOneAccessLanes.data(), n);
  }
  std::fill_n(&this->bytes[count], n, bytes);
  std::fill_n(&space[count], n, AccessSpace::Lds);
  count += n, ldsCount += n;
}

void AccessLog::expandKept() {
  const unsigned rows = dsRows, runs = vmRuns;  // (never both: each is kept only in an empty log)
  if (!rows && !runs) return;
  dsRows = vmRuns = 0;
  count = ldsCount = 0;
  const bool ok = rowsOk;
  rowsOk = false;  // entries this time
  if (rows) appendDsLanes(dsRow[0].data(), rows == 2 ? dsRow[1].data() : nullptr, ~0ull, dsRowBytes);
  for (unsigned i = 0; i < runs; ++i)
    appendRun(run[i].start, run[i].firstLane, run[i].lanes, run[i].dwordsPerLane);
  rowsOk = ok;
}

uint32_t* Exec::deferSgprs(uint16_t first, uint8_t count) {
  pending.hasSgpr = true;
  pending.sgprFirst = first;
  pending.sgprCount = count > PendingWrites::kMaxSgprs ? PendingWrites::kMaxSgprs : count;
  return pending.sgprData.data();
}

uint32_t* Exec::deferVgprs(uint16_t first, uint8_t count, uint64_t lanes) {
  pending.hasVgpr = true;
  pending.vgprFirst = first;
  pending.vgprCount = count > PendingWrites::kMaxVgprs ? PendingWrites::kMaxVgprs : count;
  pending.vgprLanes = lanes;
  return pending.vgprData.data();
}

void AccessLog::appendRun(uint64_t start, unsigned firstLane, unsigned lanes, unsigned dwordsPerLane) {
  const unsigned n = lanes * dwordsPerLane;
  if (rowsOk && (count == 0 || vmRuns) && vmRuns < kMaxRuns && count + n <= kMax) {  // kept as a run
    run[vmRuns++] = {start, uint8_t(firstLane), uint8_t(lanes), uint8_t(dwordsPerLane)};
    count += n;
    return;
  }
  expandKept();
  if (count + n > kMax) {  // dword by dword, as recordAccess
    for (unsigned j = 0; j < n; ++j)
      if (!push(start + 4 * j, 4, firstLane + j / dwordsPerLane, AccessSpace::Global)) return;
    return;
  }
  // Through pointers: an index count + j might wrap, which keeps GCC from vectorizing.
  uint64_t* const a = &addr[count];
  uint8_t* const l = &lane[count];
  for (unsigned j = 0; j < n; ++j) a[j] = start + 4 * j;
  std::fill_n(&bytes[count], n, 4u);
  std::fill_n(&space[count], n, AccessSpace::Global);
  if (dwordsPerLane == 1) {
    for (unsigned j = 0; j < n; ++j) l[j] = uint8_t(firstLane + j);
  } else {
    for (unsigned i = 0, k = 0; i < lanes; ++i)
      for (unsigned d = 0; d < dwordsPerLane; ++d) l[k++] = uint8_t(firstLane + i);
  }
  count += n;
}

// "v_add_f32: v300 beyond the wave's 256 VGPRs", "buffer_load_dwordx2: destination v7..v8 beyond ...",
// "s_mov_b32: SDST s50 beyond the wave's 16 SGPRs".
void Exec::faultGprsMissing(char file, unsigned reg, unsigned n, const char* what, unsigned have) {
  char regs[32];
  if (n > 1)
    std::snprintf(regs, sizeof regs, "%c%u..%c%u", file, reg, file, reg + n - 1);
  else
    std::snprintf(regs, sizeof regs, "%c%u", file, reg);
  char buf[192];
  std::snprintf(buf, sizeof buf, "%s: %s%s%s beyond the wave's %u %cGPRs", in.info->name, what ? what : "",
                what ? " " : "", regs, have, file == 's' ? 'S' : 'V');
  fault(buf);
}

}  // namespace gcnsim::sim
