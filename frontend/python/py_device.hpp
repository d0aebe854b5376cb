// The Python-facing objects of the gcnsim package (README "Python"): a
// Device, its buffers and kernels, and local-memory arguments. Buffers and
// kernels keep their Device alive (a shared_ptr), so Python may drop the
// Device object first.
#pragma once
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <memory>
#include <string>
#include <vector>

#include "frontend/device/device.hpp"

namespace gcnsim::python {

namespace py = pybind11;

// gcnsim.local(bytes): a __local pointer argument of `bytes` bytes of LDS.
struct PyLocal {
  uint32_t bytes = 0;
};

// gcnsim.Buffer: a device buffer with the shape and dtype it was made with.
struct PyBuffer {
  std::shared_ptr<Device> device;
  BufferHandle handle;
  std::vector<py::ssize_t> shape;
  py::dtype dtype;

  // A new array of the buffer's shape and dtype, or `out` (same dtype, as
  // many bytes), filled straight from device memory.
  py::array numpy(const py::object& out) const;
  // Copies NumPy array `data` (the buffer's dtype, either byte order) into the buffer from element
  // `offset` on.
  void write(const py::object& data, uint64_t offset) const;
  void free() const;
  py::ssize_t size() const;
  std::string repr() const;
};

// gcnsim.Kernel: a loaded kernel, called like a function.
struct PyKernel {
  std::shared_ptr<Device> device;
  KernelRef kernel;
  std::string name;

  // kernel(grid, workgroup, *args, mode=..., ...): one dispatch; the result as a dict.
  py::dict call(const py::object& grid, const py::object& workgroup, const py::args& args,
                const LaunchOptions& options) const;
  // The explicit arguments from the code object's metadata: [{"name", "type", "kind", "size"}].
  py::list arguments() const;
};

// gcnsim.Device.
struct PyDevice {
  std::shared_ptr<Device> device;

  // `file` a str or os.PathLike, `kernelName` a str.
  PyKernel load(const py::object& file, const py::object& kernelName) const;
  // Raw machine code: `code` a file path or the bytes (bytes, bytearray or a
  // NumPy array); `setup` a dict in the job file's "setup" syntax, or None.
  PyKernel loadRaw(const py::object& code, const std::string& name, uint32_t sgprs, uint32_t vgprs,
                   uint32_t ldsBytes, const py::object& setup) const;
  // `name` a str: "" or a valid buffer name (frontend::bufferNameProblem).
  PyBuffer array(const py::object& data, const py::object& name) const;
  PyBuffer empty(const py::object& shape, const py::object& dtype, const py::object& name) const;
  py::dict totals() const;
  void resetCaches() const;
};

// Registers Device, Buffer, Kernel, local and random on module `m`.
void bindDevice(py::module_& m);

}  // namespace gcnsim::python
