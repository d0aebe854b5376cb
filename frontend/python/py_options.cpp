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
