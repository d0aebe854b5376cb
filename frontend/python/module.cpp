// gcnsim._gcnsim: the pybind11 module behind the `gcnsim` Python package
// (README "Python"). gcnsim/__init__.py re-exports it.
#include <pybind11/pybind11.h>
#include <spdlog/spdlog.h>

#include "frontend/common/error.hpp"
#include "frontend/python/py_device.hpp"
#include "frontend/python/py_options.hpp"

PYBIND11_MODULE(_gcnsim, m) {
  namespace py = pybind11;
  m.doc() = "gcnsim: a cycle-approximate AMD GCN simulator (README \"Python\").";
  // A dispatch that faulted or was stopped by the watchdog; `result` holds its result dict.
  m.attr("DispatchError") = py::reinterpret_steal<py::object>(
      PyErr_NewExceptionWithDoc("gcnsim.DispatchError",
                                "A dispatch faulted or was stopped (watchdog, interrupt). Its `result` "
                                "attribute holds the result dict.",
                                PyExc_RuntimeError, nullptr));
  // Bad input (a one-line message naming the argument, buffer, kernel or file): ValueError, naming the
  // keyword arguments where the shared frontend names the command line's options.
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const gcnsim::frontend::InputError& e) {
      PyErr_SetString(PyExc_ValueError, gcnsim::python::withPythonNames(e.what()).c_str());
    }
  });
  // As `gcnsim run` (its --log-level default): warnings and errors only, on stderr.
  spdlog::set_level(spdlog::level::warn);
  m.def(
      "set_log_level",
      [](const std::string& level) {
        const auto l = spdlog::level::from_str(level);
        if (l == spdlog::level::off && level != "off")
          throw py::value_error("set_log_level: unknown level \"" + level +
                                "\" (trace, debug, info, warn, error, critical, off)");
        spdlog::set_level(l);
      },
      py::arg("level"),
      "Sets which of gcnsim's log messages reach stderr: \"trace\", \"debug\", \"info\", \"warn\" "
      "(the default), \"error\", \"critical\" or \"off\" (as `gcnsim run --log-level`).");
  gcnsim::python::bindDevice(m);
}
