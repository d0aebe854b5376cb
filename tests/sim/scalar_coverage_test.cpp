// Every scalar table row (SOP1/SOP2/SOPK/SOPC/SOPP/SMRD/SMEM) that exists in a
// generation has a registered semantic function.
#include <sstream>

#include "tests/sim/scalar_test_util.hpp"

using namespace gcnsim;
using namespace gcnsim::test::scalar;

TEST_CASE("every scalar row has semantics on every generation", "[sim][scalar][coverage]") {
  const isa::Format formats[] = {isa::Format::SOP1, isa::Format::SOP2, isa::Format::SOPK, isa::Format::SOPC,
                                 isa::Format::SOPP, isa::Format::SMRD, isa::Format::SMEM};
  for (Gen g : kAllGens) {
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
    INFO(isa::genName(g) << ": " << covered << "/" << rows << " scalar rows; missing:" << missing.str());
    CHECK(rows > 0);
    CHECK(covered == rows);
  }
}
