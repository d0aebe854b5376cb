#include "frontend/python/py_result.hpp"

#include <nlohmann/json.hpp>
#include <string>

namespace gcnsim::python {
namespace {

py::object toPython(const nlohmann::json& j) {
  switch (j.type()) {
    case nlohmann::json::value_t::null: return py::none();
    case nlohmann::json::value_t::boolean: return py::bool_(j.get<bool>());
    case nlohmann::json::value_t::number_integer: return py::int_(j.get<int64_t>());
    case nlohmann::json::value_t::number_unsigned: return py::int_(j.get<uint64_t>());
    case nlohmann::json::value_t::number_float: return py::float_(j.get<double>());
    case nlohmann::json::value_t::string: return py::str(j.get_ref<const std::string&>());
    case nlohmann::json::value_t::array: {
      py::list l;
      for (const auto& e : j) l.append(toPython(e));
      return l;
    }
    case nlohmann::json::value_t::object: {
      py::dict d;
      for (const auto& [k, v] : j.items()) d[py::str(k)] = toPython(v);
      return d;
    }
    default: return py::none();  // binary and discarded values do not occur in result documents
  }
}

py::object jsonTextToPython(const std::string& text) { return toPython(nlohmann::json::parse(text)); }

py::tuple dims(const std::array<uint32_t, 3>& d) { return py::make_tuple(d[0], d[1], d[2]); }

// The counts a dispatch result and the device totals share.
void putCounts(py::dict& d, uint64_t cycles, uint64_t instructions, uint64_t waves, uint64_t workgroups,
               double seconds) {
  d["cycles"] = cycles;
  d["instructions"] = instructions;
  d["waves"] = waves;
  d["workgroups"] = workgroups;
  d["seconds"] = seconds;
}

}  // namespace

py::dict resultDict(const DispatchResult& r) {
  const frontend::ResultDoc& doc = r.doc;
  py::dict d;
  d["status"] = doc.status;
  d["message"] = doc.message;
  d["kernel"] = doc.kernel;
  d["arch"] = doc.arch;
  d["mode"] = doc.mode;
  d["grid"] = dims(doc.grid);
  d["workgroup"] = dims(doc.workgroup);
  putCounts(d, r.cycles, r.instructions, r.waves, r.workgroups, r.seconds);
  py::dict stats;
  stats["waves"] = doc.stats.waves;
  stats["instructions"] = doc.stats.instructions;
  stats["cycles"] = doc.stats.cycles;
  for (const auto& [key, value] : doc.stats.extra) stats[py::str(key)] = value;
  for (const auto& [key, text] : doc.statsJson) stats[py::str(key)] = jsonTextToPython(text);
  d["stats"] = stats;
  for (const auto& [key, text] : doc.sections) d[py::str(key)] = jsonTextToPython(text);
  return d;
}

py::dict totalsDict(const DeviceTotals& t) {
  py::dict d;
  d["dispatches"] = t.dispatches;
  putCounts(d, t.cycles, t.instructions, t.waves, t.workgroups, t.seconds);
  return d;
}

}  // namespace gcnsim::python
