// Every vector ALU row of the ISA tables (VOP1/VOP2/VOPC/VOP3/VOP3P, except
// graphics-only interpolation) has a semantic function in every generation
// where it exists.
#include <catch2/catch.hpp>
#include <string>

#include "isa/table.hpp"
#include "sim/semantics.hpp"

using namespace gcnsim;

TEST_CASE("every VALU row has semantics", "[sim][valu]") {
  const auto fns = sim::semanticsByOpIndex();
  const auto ops = isa::allOps();
  std::string missing;
  int rows = 0, covered = 0;
  for (size_t i = 0; i < ops.size(); ++i) {
    const isa::OpInfo& op = *ops[i];
    const bool valu = op.format == isa::Format::VOP1 || op.format == isa::Format::VOP2 ||
                      op.format == isa::Format::VOPC || op.format == isa::Format::VOP3 ||
                      op.format == isa::Format::VOP3P;
    if (!valu || op.has(isa::kGraphicsOnly)) continue;
    ++rows;
    if (fns[i])
      ++covered;
    else
      missing += std::string(op.name) + " (" + op.semKey() + ") ";
  }
  INFO("missing: " << missing);
  CHECK(rows > 500);
  CHECK(covered == rows);
}
