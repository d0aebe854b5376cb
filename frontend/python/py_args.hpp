// Python kernel arguments -> gcnsim::KernelArg (frontend/python/).
#pragma once
#include <pybind11/pybind11.h>

#include <vector>

#include "frontend/device/device.hpp"

namespace gcnsim::python {

namespace py = pybind11;

// Converts the positional arguments of a kernel call, in order: a
// gcnsim.Buffer of `device`, a NumPy scalar (its dtype gives the bytes), a
// Python int or float (its size and kind from the kernel's metadata), or
// gcnsim.local(bytes). TypeError naming "args[I] (NAME)" for a wrong count or
// an object that cannot be such an argument; ValueError for an int out of range
// or another Device's buffer. Sizes against the metadata are checked by
// Device::dispatch ("args[I]: ..." ValueError).
std::vector<KernelArg> kernelArgs(const Device& device, const KernelRef& kernel, const py::args& args);

// The grid or work-group of a call: an int or a sequence of 1 to 3 ints
// (missing dimensions 1). TypeError/ValueError naming `what`. `count`: the
// number of dimensions given (an int: 1), for get_work_dim().
std::array<uint32_t, 3> toDims(const py::object& dims, const char* what, unsigned* count = nullptr);

}  // namespace gcnsim::python
