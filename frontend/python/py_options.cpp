#include "frontend/python/py_options.hpp"

#include <array>
#include <utility>

#include "frontend/python/py_types.hpp"

namespace gcnsim::python {

std::optional<uint64_t> countOption(const py::object& value, const char* name) {
  if (value.is_none()) return std::nullopt;
  if (!py::isinstance<py::int_>(value) || py::isinstance<py::bool_>(value))
    throw py::type_error(std::string(name) + ": expected an int or None, got " + typeName(value));
  const auto out = [&] {
    return py::value_error(std::string(name) + ": " + py::repr(value).cast<std::string>() +
                           " is out of range (0 to 2^64 - 1, or None)");
  };
  if (PyObject_RichCompareBool(value.ptr(), py::int_(0).ptr(), Py_LT) == 1) throw out();
  const unsigned long long v = PyLong_AsUnsignedLongLong(value.ptr());
  if (PyErr_Occurred()) {  // above 2^64 - 1
    PyErr_Clear();
    throw out();
  }
  return uint64_t{v};
}

std::vector<py::object> bindArguments(const char* function, const py::args& args, const py::kwargs& kwargs,
                                      const std::vector<const char*>& names, size_t positional) {
  const std::string fn = std::string(function) + "()";
  if (args.size() > positional)
    throw py::type_error(fn + ": takes at most " + std::to_string(positional) + " positional argument" +
                         (positional == 1 ? "" : "s") + " (" + std::to_string(args.size()) + " given)");
  std::vector<py::object> out(names.size());
  for (size_t i = 0; i < args.size(); ++i) out[i] = py::object(args[i]);
  for (const auto& [key, value] : kwargs) {
    const std::string k = py::str(key).cast<std::string>();
    size_t i = 0;
    while (i < names.size() && k != names[i]) ++i;
    if (i == names.size()) {
      std::string known;
      for (const char* n : names) known += (known.empty() ? "" : ", ") + std::string(n);
      throw py::type_error(fn + ": unexpected keyword argument '" + k + "' (expected " + known + ")");
    }
    if (out[i]) throw py::type_error(fn + ": got multiple values for argument '" + k + "'");
    out[i] = py::reinterpret_borrow<py::object>(value);
  }
  return out;
}

std::optional<uint64_t> intArgument(const py::object& value, const std::string& name, uint64_t min,
                                    uint64_t max, bool noneAllowed) {
  if (noneAllowed && value.is_none()) return std::nullopt;
  const std::optional<py::int_> n = indexOf(value);
  if (!n)
    throw py::type_error(name + ": expected an int" + (noneAllowed ? " or None" : "") + ", got " +
                         typeName(value));
  if (*n < py::int_(min) || *n > py::int_(max)) {
    const auto text = [](uint64_t v) {
      return v == UINT64_MAX ? std::string("2^64 - 1") : std::to_string(v);
    };
    throw py::value_error(name + ": " + py::repr(*n).cast<std::string>() + " is out of range (" + text(min) +
                          " to " + text(max) + (noneAllowed ? ", or None)" : ")"));
  }
  return n->cast<uint64_t>();
}

namespace {
// The command line's options that a Python call takes as keyword arguments (Device() or a kernel call).
constexpr std::array<std::pair<std::string_view, std::string_view>, 17> kPythonNames{{
    {"--max-buffer-bytes", "max_buffer_bytes"},
    {"--max-workgroups", "max_workgroups"},
    {"--max-scratch-bytes", "max_scratch_bytes"},
    {"--max-file-bytes", "max_file_bytes"},
    {"--max-instructions", "max_instructions"},
    {"--max-cycles", "max_cycles"},
    {"--trace-format", "trace_format"},
    {"--trace-waves", "trace_waves"},
    {"--trace-cycles", "trace_cycles"},
    {"--trace-cu", "trace_cu"},
    {"--trace", "trace"},
    {"--report", "reports"},
    {"--check-fatal", "check_fatal"},
    {"--check", "checks"},
    {"--config", "config"},
    {"--set", "sets"},
    {"--threads", "threads"},
}};

bool optionChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
}
}  // namespace

std::string withPythonNames(std::string_view message) {
  std::string out;
  out.reserve(message.size());
  for (size_t i = 0; i < message.size();) {
    bool replaced = false;
    if (message[i] == '-' && (i == 0 || !optionChar(message[i - 1]))) {
      for (const auto& [cli, py] : kPythonNames) {
        const size_t end = i + cli.size();
        if (message.substr(i, cli.size()) == cli && (end == message.size() || !optionChar(message[end]))) {
          out += py;
          i = end;
          replaced = true;
          break;
        }
      }
    }
    if (!replaced) out += message[i++];
  }
  return out;
}

}  // namespace gcnsim::python
