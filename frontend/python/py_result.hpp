// A dispatch result as a Python dict (frontend/python/).
#pragma once
#include <pybind11/pybind11.h>

#include "frontend/device/device.hpp"

namespace gcnsim::python {

namespace py = pybind11;

// {"status", "message", "kernel", "arch", "mode", "grid", "workgroup", "cycles",
//  "instructions", "waves", "workgroups", "seconds", "stats": {counter: value,
//  ...}, and each report/check section of the result document under its key
//  ("stalls", "listing", "lgkm", "checks", ...)}: the result document of
// `gcnsim run` (README "Result document") without buffers and config.
py::dict resultDict(const DispatchResult& r);

// The totals of a Device: {"dispatches", "cycles", "instructions", "waves", "workgroups", "seconds"}.
py::dict totalsDict(const DeviceTotals& t);

}  // namespace gcnsim::python
