#include "frontend/python/py_device.hpp"

#include <pybind11/gil.h>
#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>

#include <csignal>
#include <unordered_set>

#include "frontend/cli/run_signals.hpp"
#include "frontend/common/error.hpp"
#include "frontend/job/job.hpp"
#include "frontend/python/py_args.hpp"
#include "frontend/python/py_options.hpp"
#include "frontend/python/py_result.hpp"
#include "frontend/python/py_types.hpp"

namespace gcnsim::python {
namespace {

// A file path argument: a str or an os.PathLike.
std::filesystem::path filePath(const py::handle& o, const std::string& what) {
  if (!isPath(o))
    throw py::type_error(what + ": expected a file path (str or os.PathLike), got " + typeName(o));
  return std::filesystem::path(pathText(o));
}

// A buffer's `name` argument of Device.array/empty: a str, "" (the Device's "buffer<N>") or a name of the
// job file's rule, checked before anything names it in a message (a newline or an escape sequence in a
// name had been taken, and printed raw).
std::string bufferName(const py::object& name, const char* function) {
  if (!py::isinstance<py::str>(name))
    throw py::type_error(std::string(function) + ": name: expected a str, got " + typeName(name));
  const std::string s = name.cast<std::string>();
  if (const std::string problem = frontend::bufferNameProblem(s); !s.empty() && !problem.empty())
    throw frontend::InputError(std::string(function) + ": " + problem);  // (escaped: one line)
  return s;
}

// Devices running a dispatch with the GIL released. Only read or changed with
// the GIL held, so it needs no lock of its own.
std::unordered_set<const Device*>& busyDevices() {
  static auto* busy = new std::unordered_set<const Device*>;  // never destroyed: used until exit
  return *busy;
}

// Another Python thread may call in while a dispatch runs without the GIL; the
// Device is not thread-safe, so that is refused rather than raced.
void checkIdle(const Device& device, const std::string& what) {
  if (busyDevices().count(&device))
    throw py::value_error(what + ": the Device is running a dispatch in another thread " +
                          "(use a Device from one thread at a time)");
}

// True on the interpreter's main thread, the one Python runs signal handlers on.
bool onMainThread() {
  static const unsigned long mainIdent =
      py::module_::import("threading").attr("main_thread")().attr("ident").cast<unsigned long>();
  return PyThread_get_thread_ident() == mainIdent;
}

// Device::dispatch with the GIL released (other Python threads run meanwhile).
// On the main thread, unless SIGINT is ignored, SIGINT and SIGTERM stop the
// run (frontend/cli/run_signals.hpp, as `gcnsim run`); the signal is then
// raised again for Python's own handler, so Ctrl-C gives KeyboardInterrupt.
DispatchResult dispatchReleased(Device& device, const KernelRef& kernel, const std::array<uint32_t, 3>& grid,
                                const std::array<uint32_t, 3>& workgroup, const std::vector<KernelArg>& args,
                                LaunchOptions options) {
  struct sigaction current {};
  sigaction(SIGINT, nullptr, &current);
  const bool stoppable = onMainThread() && current.sa_handler != SIG_IGN;
  sim::RunControl control;
  if (!options.control) options.control = &control;
  busyDevices().insert(&device);
  struct Idle {
    const Device* d;
    ~Idle() { busyDevices().erase(d); }  // runs with the GIL held again (declared first)
  } idle{&device};
  DispatchResult r;
  int signal = 0;
  {
    py::gil_scoped_release released;
    std::optional<frontend::StopOnSignals> stop;
    if (stoppable) stop.emplace(*options.control);
    r = device.dispatch(kernel, grid, workgroup, args, options);
    signal = stoppable ? frontend::StopOnSignals::received() : 0;
  }  // the previous handlers are back before the signal is raised again
  if (signal) {
    std::raise(signal);
    if (PyErr_CheckSignals() != 0) throw py::error_already_set();
  }
  return r;
}

}  // namespace

py::array PyBuffer::numpy(const py::object& out) const {
  // A list or other sequence would be converted to a temporary array and the
  // bytes read into that, leaving `out` as it was.
  if (!out.is_none() && !py::isinstance<py::array>(out))
    throw py::type_error("out: expected a NumPy array, got " + typeName(out));
  py::array a = out.is_none() ? py::array(dtype, shape) : out.cast<py::array>();
  if (!out.is_none()) {
    if (!a.dtype().is(dtype) && !a.dtype().equal(dtype))
      throw py::type_error("out: dtype " + dtypeName(a.dtype()) + " is not the buffer's " + dtypeName(dtype));
    if (static_cast<uint64_t>(a.nbytes()) != handle.bytes)
      throw py::value_error("out: " + std::to_string(a.nbytes()) + " bytes, the buffer \"" + handle.name +
                            "\" has " + std::to_string(handle.bytes));
    if (!(a.flags() & py::array::c_style) || !a.writeable())
      throw py::value_error("out: needs a writeable C-contiguous array");
  }
  checkIdle(*device, "numpy");
  device->read(handle, 0, a.mutable_data(), handle.bytes);
  return a;
}

void PyBuffer::write(const py::object& data, uint64_t offset) const {
  const std::string what = "write to buffer \"" + handle.name + "\"";
  // (A list or a NumPy scalar had been pybind11's multi-line "incompatible function arguments".)
  if (!py::isinstance<py::array>(data))
    throw py::type_error(what + ": array: expected a NumPy array, got " + typeName(data));
  const py::array array = data.cast<py::array>();
  if (!nativeDtype(array.dtype()).equal(dtype))  // (either byte order: converted below)
    throw py::type_error(what + ": array dtype " + dtypeName(array.dtype()) + " is not the buffer's " +
                         dtypeName(dtype));
  const uint64_t item = static_cast<uint64_t>(dtype.itemsize());
  const uint64_t count = static_cast<uint64_t>(size());
  if (offset > count || static_cast<uint64_t>(array.size()) > count - offset)
    throw py::value_error(what + ": " + std::to_string(array.size()) + " elements from offset " +
                          std::to_string(offset) + " do not fit its " + std::to_string(count));
  const py::array c = nativeArray(array);
  checkIdle(*device, what);
  device->write(handle, offset * item, c.data(), static_cast<uint64_t>(c.nbytes()));
}

py::ssize_t PyBuffer::size() const {
  py::ssize_t n = 1;
  for (const py::ssize_t e : shape) n *= e;
  return n;
}

std::string PyBuffer::repr() const {
  return "<gcnsim.Buffer \"" + handle.name + "\" " + shapeText(shape) + " " + dtypeName(dtype) + " at 0x" +
         [&] {
           char buf[32];
           std::snprintf(buf, sizeof buf, "%llx", static_cast<unsigned long long>(handle.address));
           return std::string(buf);
         }() +
         ">";
}

py::dict PyKernel::call(const py::object& grid, const py::object& workgroup, const py::args& args,
                        const LaunchOptions& options) const {
  checkIdle(*device, name + "()");
  const std::vector<KernelArg> kargs = kernelArgs(*device, kernel, args);
  // get_work_dim() is len(grid) (an int: 1), as in a job's "grid", whatever the sizes.
  LaunchOptions launch = options;
  const std::array<uint32_t, 3> dims = toDims(grid, "grid", &launch.workDims);
  const DispatchResult r =
      dispatchReleased(*device, kernel, dims, toDims(workgroup, "workgroup"), kargs, launch);
  py::dict d = resultDict(r);
  if (r.status.ok()) return d;
  // A fault, watchdog stop or interruption: gcnsim.DispatchError carrying the result.
  static const py::handle error =
      py::object(py::module_::import("gcnsim._gcnsim").attr("DispatchError")).release();
  py::object e = error(name + ": " + r.doc.status + ": " + withPythonNames(r.status.message));
  e.attr("result") = d;
  PyErr_SetObject(error.ptr(), e.ptr());
  throw py::error_already_set();
}

py::list PyKernel::arguments() const {
  py::list l;
  const frontend::KernelInfo* info = kernelMetadata(kernel);
  if (!info) return l;  // raw code has no metadata
  for (const frontend::KernelArg* a : info->explicitArgs()) {
    py::dict d;
    d["name"] = a->name;
    d["type"] = a->typeName;
    d["kind"] = a->valueKindName;
    d["size"] = a->size;
    l.append(d);
  }
  return l;
}

PyKernel PyDevice::load(const py::object& file, const py::object& kernelName) const {
  checkIdle(*device, "load");
  // (None or an int had been pybind11's multi-line "incompatible function arguments".)
  if (!py::isinstance<py::str>(kernelName))
    throw py::type_error("load: kernel_name: expected a str, got " + typeName(kernelName));
  KernelRef k = device->loadCodeObject(filePath(file, "load: code_object"), kernelName.cast<std::string>());
  const std::string name = gcnsim::kernelName(k);
  return PyKernel{device, std::move(k), name};
}

PyKernel PyDevice::loadRaw(const py::object& code, const std::string& name, uint32_t sgprs, uint32_t vgprs,
                           uint32_t ldsBytes, const py::object& setup) const {
  checkIdle(*device, "load_raw");
  RawKernelOptions o;
  o.name = name;
  o.sgprs = sgprs;
  o.vgprs = vgprs;
  o.ldsBytes = ldsBytes;
  if (!setup.is_none()) {
    if (!py::isinstance<py::dict>(setup))
      throw py::type_error(
          "load_raw: setup: expected a dict such as {\"s[0:1]\": \"kernarg_segment_ptr\"}, got " +
          typeName(setup));
    o.setupJson = py::module_::import("json").attr("dumps")(setup).cast<std::string>();
  }
  KernelRef k;
  if (isPath(code)) {
    k = device->loadRaw(filePath(code, "load_raw: code"), std::move(o));
  } else if (py::isinstance<py::array>(code)) {
    const py::array a = nativeArray(code.cast<py::array>());  // (code words of a '>u4' array: their values)
    const auto* p = static_cast<const uint8_t*>(a.data());
    k = device->loadRaw(std::vector<uint8_t>(p, p + a.nbytes()), std::move(o));
  } else if (py::isinstance<py::bytes>(code) || py::isinstance<py::bytearray>(code)) {
    const std::string s = py::module_::import("builtins").attr("bytes")(code).cast<std::string>();
    k = device->loadRaw(std::vector<uint8_t>(s.begin(), s.end()), std::move(o));
  } else {
    throw py::type_error("load_raw: code: expected a file path, bytes or a NumPy array, got " +
                         typeName(code));
  }
  const std::string kname = kernelName(k);
  return PyKernel{device, std::move(k), kname};
}

PyBuffer PyDevice::array(const py::object& data, const py::object& nameArg) const {
  const std::string name = bufferName(nameArg, "array");
  if (!py::isinstance<py::array>(data))
    throw py::type_error("array: expected a NumPy array, got " + typeName(data));
  elemTypeOf(data.cast<py::array>().dtype(), "array" + (name.empty() ? std::string() : " \"" + name + "\""));
  // A big-endian array is stored as its values in the device's (little-endian) order, the buffer's dtype
  // the native one: its bytes as they were had given kernels byte-swapped values.
  const py::array a = nativeArray(data.cast<py::array>());
  const std::vector<py::ssize_t> shape(a.shape(), a.shape() + a.ndim());
  checkIdle(*device, "array");
  const BufferHandle h = device->allocate(static_cast<uint64_t>(a.nbytes()), name);
  device->write(h, 0, a.data(), static_cast<uint64_t>(a.nbytes()));
  return PyBuffer{device, h, shape, a.dtype()};
}

PyBuffer PyDevice::empty(const py::object& shape, const py::object& dtype, const py::object& nameArg) const {
  const std::string name = bufferName(nameArg, "empty");
  const py::dtype d = toDtype(dtype, "empty: dtype");
  const std::vector<py::ssize_t> s = toShape(shape, d, "empty: shape");
  checkIdle(*device, "empty");
  PyBuffer b{device, {}, s, d};
  b.handle = device->allocate(static_cast<uint64_t>(b.size()) * static_cast<uint64_t>(d.itemsize()), name);
  return b;
}

py::dict PyDevice::totals() const {
  checkIdle(*device, "totals");
  return totalsDict(device->totals());
}

void PyDevice::resetCaches() const {
  checkIdle(*device, "reset_caches");
  device->resetCaches();
}

void PyBuffer::free() const {
  checkIdle(*device, "free");
  device->free(handle);
}

}  // namespace gcnsim::python
