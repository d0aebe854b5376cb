// The semantic registry against the ISA tables (issue 17): every registered
// key is the semantic key of some row -- no code that never runs behind a
// mnemonic a reader may grep for -- every row has a semantic function, and a
// key cannot be registered twice.
#include <catch2/catch.hpp>
#include <set>
#include <string>

#include "isa/table.hpp"
#include "sim/semantics.hpp"

using namespace gcnsim;

TEST_CASE("semantics: every registered key is a row's semantic key, every row has one", "[semantics]") {
  const sim::SemRegistry& reg = sim::semanticRegistry();
  std::set<std::string> keys;
  for (const isa::OpInfo* op : isa::allOps()) {
    keys.insert(op->semKey());
    INFO(op->name << " (key " << op->semKey() << ")");
    CHECK(reg.find(op->semKey()) != nullptr);
  }
  for (const auto& [key, fn] : reg.all()) {
    INFO(key);
    CHECK(keys.count(key) == 1);
  }
}

TEST_CASE("semantics: registering a key twice is refused", "[semantics]") {
  sim::SemRegistry reg;
  reg.add("s_nop", nullptr);
  CHECK_THROWS_WITH(reg.add("s_nop", nullptr), "semantics registered twice for \"s_nop\"");
}
