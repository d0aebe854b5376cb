// Keyword options of gcnsim.Device() and kernel calls: counts taken as
// Python ints, and the option names in messages (frontend/python/).
#pragma once
#include <pybind11/pybind11.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gcnsim::python {

namespace py = pybind11;

// A count option: None gives nullopt; an int from 0 to 2^64 - 1 its value.
// TypeError for any other type (bool included), ValueError out of range,
// each naming the option ("max_cycles: -1 is out of range (0 to 2^64 - 1, or None)").
std::optional<uint64_t> countOption(const py::object& value, const char* name);

// A call's arguments bound to `names` as Python binds a function's: the
// first `positional` names may be given by position, any by keyword. An
// element is a null object (not None) when its argument was not given. A
// one-line TypeError naming `function` for an unknown keyword, too many
// positional arguments or an argument given twice (pybind11's own binding
// gives its multi-line "incompatible function arguments").
std::vector<py::object> bindArguments(const char* function, const py::args& args, const py::kwargs& kwargs,
                                      const std::vector<const char*>& names, size_t positional);

// An int argument from `min` to `max`: None (allowed only if `noneAllowed`) gives nullopt. A Python int
// or NumPy integer; TypeError for anything else (a bool or a float included), ValueError out of range,
// each naming `name` ("threads: -1 is out of range (1 to 1024, or None)").
std::optional<uint64_t> intArgument(const py::object& value, const std::string& name, uint64_t min,
                                    uint64_t max, bool noneAllowed);

// `message` with the command line's option names that a Python caller
// passes as keyword arguments replaced by those (--max-cycles -> max_cycles,
// --trace -> trace, --set -> sets). The messages come from the shared
// frontend, which the command line uses too; only whole option names are
// replaced (not --trace inside --trace-waves, nor inside a word).
std::string withPythonNames(std::string_view message);

}  // namespace gcnsim::python
