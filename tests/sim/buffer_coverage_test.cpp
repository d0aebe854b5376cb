// Every memory-instruction table row (DS, MUBUF, MTBUF, FLAT, GLOBAL, SCRATCH,
// MIMG, EXP, VINTRP) that exists in a generation has a registered semantic
// function, and the graphics-only ones fault with a clear message.
#include <catch2/catch.hpp>
#include <sstream>

#include "isa/table.hpp"
#include "sim/semantics.hpp"
#include "tests/sim/harness.hpp"

using namespace gcnsim;
using isa::Gen;

TEST_CASE("every memory row has semantics on every generation", "[sim][memory][coverage]") {
  const isa::Format formats[] = {isa::Format::DS,   isa::Format::MUBUF,  isa::Format::MTBUF,
                                 isa::Format::FLAT, isa::Format::GLOBAL, isa::Format::SCRATCH,
                                 isa::Format::MIMG, isa::Format::EXP,    isa::Format::VINTRP};
  for (Gen g : {Gen::GCN10, Gen::GCN11, Gen::GCN12, Gen::GCN14}) {
    unsigned rows = 0, covered = 0;
    std::ostringstream missing;
    for (isa::Format f : formats)
      for (const isa::OpInfo& op : isa::opTable(f)) {
        if (!op.existsIn(g)) continue;
        ++rows;
        if (sim::semanticRegistry().find(op.semKey()))
          ++covered;
        else
          missing << ' ' << op.name;
      }
    INFO(isa::genName(g) << ": " << covered << "/" << rows << " memory rows; missing:" << missing.str());
    CHECK(rows > 0);
    CHECK(covered == rows);
  }
}

TEST_CASE("graphics instructions fault in compute", "[sim][memory]") {
  for (Gen g : {Gen::GCN10, Gen::GCN11, Gen::GCN12, Gen::GCN14}) {
    INFO(isa::genName(g));
    test::WaveHarness h(g);
    const sim::RunStatus st = h.runProgram("buffer_graphics");
    CHECK(st.kind == sim::RunStatus::Fault);
    CHECK(st.message.find("exp: graphics instruction, unsupported in compute") != std::string::npos);
  }
}
