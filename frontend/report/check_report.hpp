// The frontend's side of --check (README "Checks"): a checker set up for a
// dispatch and its memory, and its findings as stderr text and as the result
// document's "checks" section.
#pragma once
#include <memory>
#include <string>

#include "memory/global_memory.hpp"
#include "sim/check/checker.hpp"
#include "sim/dispatch.hpp"

namespace gcnsim::frontend {

// A checker for the dispatch, with every region of `mem` (job buffers,
// kernel arguments, code, scratch) as the places global accesses may go;
// set as env.observer.
std::shared_ptr<sim::check::Checker> makeChecker(const sim::check::CheckOptions& opt,
                                                 const sim::DispatchSpec& spec,
                                                 const memory::GlobalMemory& mem, sim::ExecEnv& env);

// At most this many findings are printed; the counts stay exact.
inline constexpr size_t kMaxPrintedFindings = 100;
// "gcnsim: check: <finding>" lines (kMaxPrintedFindings at most, then how
// many more) and a summary line with the counts per kind.
std::string checkReportText(const sim::check::Checker& c);
// {"counts": {"hazard": n, "race": n, "uninit": n, "bounds": n, "total": n},
//  "findings": [{"kind", "rule", "wave", "pc", "inst", "other_pc", "other_inst", "detail"}, ...]}
// (every finding; PCs as entry offsets when the entry is known).
std::string checksSectionJson(const sim::check::Checker& c);

}  // namespace gcnsim::frontend
