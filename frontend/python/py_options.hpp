// Keyword options of gcnsim.Device() and kernel calls: counts taken as
// Python ints, and the option names in messages (frontend/python/).
#pragma once
#include <pybind11/pybind11.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace gcnsim::python {

namespace py = pybind11;

// A count option: None gives nullopt; an int from 0 to 2^64 - 1 its value.
// TypeError for any other type (bool included), ValueError out of range,
// each naming the option ("max_cycles: -1 is out of range (0 to 2^64 - 1, or None)").
std::optional<uint64_t> countOption(const py::object& value, const char* name);

// `message` with the command line's option names that a Python caller
// passes as keyword arguments replaced by those (--max-cycles -> max_cycles,
// --trace -> trace, --set -> sets). The messages come from the shared
// frontend, which the command line uses too; only whole option names are
// replaced (not --trace inside --trace-waves, nor inside a word).
std::string withPythonNames(std::string_view message);

}  // namespace gcnsim::python
