// The Python classes and functions of gcnsim._gcnsim and their docstrings.
#include <pybind11/stl.h>

#include <algorithm>

#include "frontend/cli/output_paths.hpp"
#include "frontend/python/py_device.hpp"
#include "frontend/python/py_options.hpp"
#include "frontend/python/py_types.hpp"
#include "sim/check/checker.hpp"

namespace gcnsim::python {
namespace {

// The keyword arguments of a kernel call (grid and workgroup may be keywords too, as in a Python function).
constexpr const char* kCallKeywords[] = {
    "grid",     "workgroup", "mode",   "trace",       "trace_format",     "trace_waves", "trace_cycles",
    "trace_cu", "reports",   "checks", "check_fatal", "max_instructions", "max_cycles"};

// A str option: `fallback` when not given.
std::string strOption(const py::kwargs& kw, const char* name, const std::string& fallback) {
  if (!kw.contains(name)) return fallback;
  const py::object v = kw[name];
  if (!py::isinstance<py::str>(v))
    throw py::type_error(std::string(name) + ": expected a str, got " + typeName(v));
  return v.cast<std::string>();
}

// The keyword options of a kernel call as LaunchOptions, each checked here so that a value of the wrong
// type is a one-line TypeError naming it (pybind11's own conversion had given its multi-line
// "incompatible function arguments").
LaunchOptions launchOptions(const py::kwargs& kw) {
  LaunchOptions o;
  o.mode = strOption(kw, "mode", "timing");
  if (kw.contains("trace") && !kw["trace"].is_none()) {
    o.trace = strOption(kw, "trace", "");
    // "" had been no trace, silently; the command line's check ("trace: empty file name", and a missing or
    // unwritable directory) before anything runs. (The Device refuses one of the run's inputs.)
    frontend::checkOutputFile("trace", o.trace);
  }
  o.traceFormat = strOption(kw, "trace_format", "text");
  o.traceWaves = strOption(kw, "trace_waves", "");
  o.traceCycles = strOption(kw, "trace_cycles", "");
  if (kw.contains("trace_cu") && !kw["trace_cu"].is_none()) {
    const py::object v = kw["trace_cu"];
    const std::optional<py::int_> cu = indexOf(v);
    if (!cu) throw py::type_error("trace_cu: expected an int or None, got " + typeName(v));
    if (*cu < py::int_(0) || *cu > py::int_(UINT32_MAX))
      throw py::value_error("trace_cu: " + py::repr(*cu).cast<std::string>() + " is not a CU number");
    o.traceCu = cu->cast<uint32_t>();
  }
  if (kw.contains("reports")) {
    const py::object v = kw["reports"];
    const std::string expected = "reports: expected a list of str, got ";
    if (!py::isinstance<py::list>(v) && !py::isinstance<py::tuple>(v))
      throw py::type_error(expected + typeName(v));
    for (const py::handle r : v) {
      if (!py::isinstance<py::str>(r)) throw py::type_error(expected + "a list holding " + typeName(r));
      o.reports.push_back(r.cast<std::string>());
    }
  }
  if (const std::string checks = strOption(kw, "checks", ""); !checks.empty()) try {
      sim::check::parseCheckList(checks, o.checks);
    } catch (const std::invalid_argument& e) {
      throw py::value_error(std::string("checks: ") + e.what());
    }
  if (kw.contains("check_fatal")) {
    const py::object v = kw["check_fatal"];
    if (!py::isinstance<py::bool_>(v))
      throw py::type_error("check_fatal: expected a bool, got " + typeName(v));
    o.checks.fatal = v.cast<bool>();
  }
  const auto count = [&kw](const char* name) {
    return countOption(kw.contains(name) ? py::object(kw[name]) : py::object(py::none()), name);
  };
  o.maxInstructions = count("max_instructions");
  o.maxCycles = count("max_cycles");
  return o;
}

// kernel(grid, workgroup, *args, **options), its arguments parsed here (see launchOptions).
py::dict callKernel(const PyKernel& k, const py::args& args, const py::kwargs& kw) {
  for (const auto& item : kw) {
    const std::string key = py::str(item.first).cast<std::string>();
    if (std::find_if(std::begin(kCallKeywords), std::end(kCallKeywords),
                     [&key](const char* name) { return key == name; }) != std::end(kCallKeywords))
      continue;
    std::string known;
    for (const char* name : kCallKeywords) known += (known.empty() ? "" : ", ") + std::string(name);
    throw py::type_error(k.name + "(): unexpected keyword argument '" + key + "' (expected " + known + ")");
  }
  // grid and workgroup: positional, or keywords when no kernel argument follows them.
  py::object dims[2];
  const char* const dimNames[2] = {"grid", "workgroup"};
  for (size_t i = 0; i < 2; ++i) {
    if (i < args.size() && kw.contains(dimNames[i]))
      throw py::type_error(k.name + "(): got multiple values for argument '" + dimNames[i] + "'");
    if (i < args.size()) {
      dims[i] = args[i];
    } else if (kw.contains(dimNames[i])) {
      dims[i] = kw[dimNames[i]];
    } else {
      throw py::type_error(k.name + "(): missing argument '" + dimNames[i] +
                           "' (kernel(grid, workgroup, *args, ...))");
    }
  }
  const size_t first = std::min<size_t>(args.size(), 2);
  PyObject* rest =
      PyTuple_GetSlice(args.ptr(), static_cast<py::ssize_t>(first), static_cast<py::ssize_t>(args.size()));
  if (!rest) throw py::error_already_set();
  return k.call(dims[0], dims[1], py::reinterpret_steal<py::args>(rest), launchOptions(kw));
}

constexpr const char* kDeviceDoc = R"doc(A simulated AMD GCN GPU that lives across dispatches.

Device(arch="gfx900", config=None, threads=None, sets=None, max_buffer_bytes=None,
       max_workgroups=None, max_scratch_bytes=None, max_file_bytes=None)

arch     "gfx600", "gfx700", "gfx803" or "gfx900" (any gcnsim arch name).
config   timing config: a chip name ("tahiti", "hawaii", "fiji", "vega10") or
         a config file; None: the arch's default chip.
threads  threads that run a dispatch, 1 to 1024; None: all cores. Results
         and cycle counts are the same for any number.
sets     config overrides, as `gcnsim run --set`: a list of "KEY=VALUE"
         strings or a dict {KEY: VALUE}.
max_buffer_bytes, max_workgroups, max_scratch_bytes, max_file_bytes:
         the limits of `gcnsim run` (README "Limits"; None: its defaults,
         1 GiB of buffers, 2^20 work-groups a grid, 1 GiB of scratch, 1 GiB
         files), within the same ranges.

The device holds the buffers, the loaded code and, in timing mode, the L2's
state: a dispatch starts with the L2 the previous one left, until
reset_caches() (the K$es and vector L1s start empty at every dispatch, as the
command processor invalidates them). Bad arguments raise ValueError naming them.
A dispatch releases the GIL, so other Python threads run meanwhile; but a
Device serves one thread at a time: a call on a Device that is running a
dispatch in another thread raises ValueError.)doc";

constexpr const char* kCallDoc =
    R"doc(kernel(grid, workgroup, *args, mode="timing", trace=None, trace_format="text",
       trace_waves="", trace_cycles="", trace_cu=None, reports=[], checks="",
       check_fatal=False, max_instructions=None, max_cycles=None) -> dict

Runs the kernel once on a grid of `grid` work-items (an int or 1 to 3 ints;
get_work_dim() is how many) in work-groups of `workgroup`. `args` are the
kernel's explicit arguments in order: a gcnsim.Buffer for a pointer, a NumPy
scalar (numpy.uint32(5): its dtype gives the size) or a Python int/float
(sized from the kernel's metadata) for a value, gcnsim.local(bytes) for a
__local pointer.

mode      "timing" (cycle-approximate) or "functional".
trace     write a per-cycle trace to this file (timing mode; not "", nor the
          kernel's code object or the config file), in trace_format
          "text", "jsonl" or "chrome"; trace_waves ("0,3,8-11"),
          trace_cycles ("FROM:TO") and trace_cu filter it.
reports   any of "stalls", "listing", "lines", "stats": their sections
          appear in the result (timing mode).
checks    "hazards,races,uninit,bounds" (any subset) or "all": findings in
          result["checks"]; check_fatal stops at the first.
max_instructions, max_cycles: the watchdog (default: scaled to the grid).

Returns a dict: status, message, kernel, arch, mode, grid, workgroup, cycles
(0 in functional mode), instructions, waves, workgroups, seconds (wall time of
the simulation), stats (every counter of the result document) and each
report section. A fault or watchdog stop raises gcnsim.DispatchError, whose
`result` attribute holds that dict. On the main thread, Ctrl-C (SIGINT) stops
the dispatch at once and raises KeyboardInterrupt (a second Ctrl-C during the
same dispatch ends the process, as with `gcnsim run`); the Device stays usable. A wrong argument count or an argument of
the wrong kind raises TypeError, a value that does not fit ValueError; both
name the argument ("args[2] (k: uint)").)doc";

constexpr const char* kLoadRawDoc =
    R"doc(load_raw(code, *, name="", sgprs=0, vgprs=0, lds_bytes=0, setup=None) -> Kernel

Raw machine code for the device's arch (README "Raw machine code"), as a job
file's raw "kernel" block: `code` is a file path, or the code itself as bytes,
a bytearray or a NumPy array (a non-empty multiple of 4 bytes).

name       a label for messages and traces (default: the file's stem, or "raw").
sgprs      SGPRs per wave (0: 104 on gfx6/gfx7, 102 on gfx8/gfx9).
vgprs      VGPRs per work-item (0: 256).
lds_bytes  LDS per work-group, before any gcnsim.local() arguments.
setup      the initial registers, a dict in the job file's "setup" syntax:
           {"s[0:1]": "kernarg_segment_ptr", "s9": "workgroup_id_x",
            "v0": "workitem_id_x", "m0": 0xFFFFFFFF,
            "s[4:7]": {"resource": {"buffer": "out", "data_format": "32"}}}.
           The buffers it names must exist when the kernel is loaded (their
           sizes are checked) and at each call (their addresses and sizes are
           taken then).

The kernel has no metadata: pass value arguments as NumPy scalars
(numpy.uint32(5)); they are laid out in the kernarg segment in order, each at
its natural alignment. ValueError naming the file or the setup key for bad
input.)doc";

// Device(arch="gfx900", config=None, threads=None, sets=None, max_buffer_bytes=None, max_workgroups=None,
// max_scratch_bytes=None, max_file_bytes=None), each argument checked here with a one-line error naming it.
PyDevice makeDevice(const py::args& args, const py::kwargs& kwargs) {
  const std::vector<py::object> a = bindArguments("Device", args, kwargs,
                                                  {"arch", "config", "threads", "sets", "max_buffer_bytes",
                                                   "max_workgroups", "max_scratch_bytes", "max_file_bytes"},
                                                  8);
  const auto given = [&a](size_t i) { return a[i] && !a[i].is_none(); };
  DeviceOptions o;
  // (the Device checks their ranges, as gcnsim run does)
  const auto limit = [&a](uint64_t& field, size_t i, const char* name) {
    if (const auto n = a[i] ? countOption(a[i], name) : std::nullopt) field = *n;
  };
  limit(o.limits.maxBufferBytes, 4, "max_buffer_bytes");
  limit(o.limits.maxWorkgroups, 5, "max_workgroups");
  limit(o.limits.maxScratchBytes, 6, "max_scratch_bytes");
  limit(o.limits.maxFileBytes, 7, "max_file_bytes");
  o.arch = "gfx900";
  if (a[0]) {
    if (!py::isinstance<py::str>(a[0])) throw py::type_error("arch: expected a str, got " + typeName(a[0]));
    o.arch = a[0].cast<std::string>();
  }
  if (given(1)) {  // a chip name or a config file
    if (!isPath(a[1]))
      throw py::type_error("config: expected a chip name or a file path (str or os.PathLike) or None, got " +
                           typeName(a[1]));
    o.config = pathText(a[1]);
  }
  if (given(2)) {
    // (0 is DeviceOptions' "all cores"; here that is None. A bool, a float or -1 had been pybind11's
    // multi-line "incompatible function arguments", True taken as 1.)
    const std::optional<py::int_> n = indexOf(a[2]);
    if (!n) throw py::type_error("threads: expected an int or None, got " + typeName(a[2]));
    if (*n < py::int_(1) || *n > py::int_(kMaxThreads))
      throw py::value_error("threads: " + py::repr(*n).cast<std::string>() +
                            " is not a thread count (expected 1 to " + std::to_string(kMaxThreads) +
                            ", or None for all cores)");
    o.threads = n->cast<unsigned>();
  }
  if (given(3)) {
    const py::object& sets = a[3];
    if (py::isinstance<py::dict>(sets)) {
      for (const auto& [k, v] : sets.cast<py::dict>())
        o.sets.push_back(py::str(k).cast<std::string>() + "=" + py::str(v).cast<std::string>());
    } else {
      const std::string expected = "sets: expected a list of \"KEY=VALUE\" strings or a dict, got ";
      if (!py::isinstance<py::sequence>(sets) || py::isinstance<py::str>(sets))
        throw py::type_error(expected + typeName(sets));
      for (const py::handle s : sets) {
        if (!py::isinstance<py::str>(s)) throw py::type_error(expected + "a list holding " + typeName(s));
        o.sets.push_back(s.cast<std::string>());
      }
    }
  }
  return PyDevice{std::make_shared<Device>(std::move(o))};
}

// dev.load_raw(code, *, name="", sgprs=0, vgprs=0, lds_bytes=0, setup=None).
PyKernel loadRawCall(const PyDevice& d, const py::args& args, const py::kwargs& kwargs) {
  const std::vector<py::object> a =
      bindArguments("load_raw", args, kwargs, {"code", "name", "sgprs", "vgprs", "lds_bytes", "setup"}, 1);
  if (!a[0]) throw py::type_error("load_raw(): missing argument 'code'");
  std::string name;
  if (a[1]) {
    if (!py::isinstance<py::str>(a[1]))
      throw py::type_error("load_raw: name: expected a str, got " + typeName(a[1]));
    name = a[1].cast<std::string>();
  }
  // (-1 had been pybind11's multi-line "incompatible function arguments"; the Device checks the ranges)
  const auto count = [&a](size_t i, const char* what) {
    return a[i] ? static_cast<uint32_t>(
                      *intArgument(a[i], std::string("load_raw: ") + what, 0, UINT32_MAX, false))
                : 0u;
  };
  const uint32_t sgprs = count(2, "sgprs"), vgprs = count(3, "vgprs"), ldsBytes = count(4, "lds_bytes");
  return d.loadRaw(a[0], name, sgprs, vgprs, ldsBytes, a[5] ? a[5] : py::object(py::none()));
}

// gcnsim.random(shape, dtype, seed=0, min=None, max=None).
py::array randomCall(const py::args& args, const py::kwargs& kwargs) {
  const std::vector<py::object> a =
      bindArguments("random", args, kwargs, {"shape", "dtype", "seed", "min", "max"}, 5);
  for (size_t i = 0; i < 2; ++i)
    if (!a[i])
      throw py::type_error(std::string("random(): missing argument '") + (i ? "dtype" : "shape") + "'");
  // (-1 and 2**64 had been pybind11's multi-line "incompatible function arguments")
  const uint64_t seed = a[2] ? *intArgument(a[2], "random: seed", 0, UINT64_MAX, false) : 0;
  return randomArray(a[0], a[1], seed, a[3] ? a[3] : py::object(py::none()),
                     a[4] ? a[4] : py::object(py::none()));
}

}  // namespace

void bindDevice(py::module_& m) {
  py::class_<PyLocal>(m, "Local", "A __local pointer kernel argument: gcnsim.local(bytes).")
      .def_readonly("bytes", &PyLocal::bytes, "Bytes of LDS per work-group.")
      .def("__repr__", [](const PyLocal& l) { return "gcnsim.local(" + std::to_string(l.bytes) + ")"; });
  m.def(
      "local",
      [](const py::object& bytes) {
        // (-1, 2**32 or 1.5 had been pybind11's multi-line "incompatible function arguments".)
        const std::optional<py::int_> n = indexOf(bytes);
        if (!n) throw py::type_error("local: bytes: expected an int, got " + typeName(bytes));
        if (*n < py::int_(0) || *n > py::int_(UINT32_MAX))
          throw py::value_error("local: bytes: " + py::repr(*n).cast<std::string>() +
                                " is out of range (0 to 4294967295)");
        return PyLocal{n->cast<uint32_t>()};
      },
      py::arg("bytes"),
      "A __local pointer argument: `bytes` bytes of LDS per work-group (dynamic shared memory).");

  m.def("random", &randomCall,
        R"doc(random(shape, dtype, seed=0, min=None, max=None) -> numpy.ndarray

A NumPy array of the values a job buffer {"random": {"seed", "min", "max"}} of
this dtype and element count holds (README "Job file": SplitMix64; integers
in [min, max], default the dtype's range; floats in [min, max), default [0, 1)).
Lets a Python program start from exactly the inputs of a job file.)doc");

  py::class_<PyBuffer>(
      m, "Buffer",
      "A buffer in device memory, made by Device.array() or Device.empty(). It keeps its Device "
      "alive; pass it to a kernel for a pointer argument.")
      .def("numpy", &PyBuffer::numpy, py::arg("out") = py::none(),
           "The buffer's contents as a NumPy array of its shape and dtype, read straight into the array's "
           "memory; "
           "with `out`, into that C-contiguous array of the same dtype and size (no allocation).")
      .def(
          "write",
          [](const PyBuffer& b, const py::object& array, const py::object& offset) {
            // (A named error for offset=-1 or 1.5, not pybind11's "incompatible function arguments".)
            if (!py::isinstance<py::int_>(offset) || py::isinstance<py::bool_>(offset))
              throw py::type_error("offset: expected an int, got " +
                                   py::str(py::type::of(offset).attr("__name__")).cast<std::string>());
            if (offset.cast<py::int_>() < py::int_(0) || offset.cast<py::int_>() > py::int_(UINT64_MAX))
              throw py::value_error("offset: " + py::repr(offset).cast<std::string>() +
                                    " is out of range (0 to the buffer's size)");
            b.write(array, offset.cast<uint64_t>());
          },
          py::arg("array"), py::arg("offset") = 0,
          "Copies NumPy array `array` (of the buffer's dtype, in either byte order) into the buffer from "
          "element `offset` on. TypeError for another dtype, ValueError if it does not fit.")
      .def("free", &PyBuffer::free,
           "Frees the buffer: using it again raises ValueError; its name can be reused.")
      .def_property_readonly(
          "name", [](const PyBuffer& b) { return b.handle.name; }, "The buffer's name on its Device.")
      .def_property_readonly(
          "address", [](const PyBuffer& b) { return b.handle.address; }, "Device address of the first byte.")
      .def_property_readonly(
          "nbytes", [](const PyBuffer& b) { return b.handle.bytes; }, "Size in bytes.")
      .def_property_readonly(
          "shape", [](const PyBuffer& b) { return py::tuple(py::cast(b.shape)); },
          "The shape it was made with.")
      .def_property_readonly(
          "dtype", [](const PyBuffer& b) { return b.dtype; }, "The NumPy dtype of its elements.")
      .def_property_readonly("size", &PyBuffer::size, "Number of elements.")
      .def("__repr__", &PyBuffer::repr);

  py::class_<PyKernel>(m, "Kernel", "A kernel loaded by Device.load(); call it to dispatch it.")
      .def("__call__", &callKernel, kCallDoc)
      .def_readonly("name", &PyKernel::name, "The kernel's name.")
      .def_property_readonly("arguments", &PyKernel::arguments,
                             "The explicit arguments from the code object's metadata: a list of dicts "
                             "{name, type, kind, size}.")
      .def("__repr__", [](const PyKernel& k) { return "<gcnsim.Kernel " + k.name + ">"; });

  py::class_<PyDevice>(m, "Device", kDeviceDoc)
      .def(py::init([](const py::args& args, const py::kwargs& kwargs) { return makeDevice(args, kwargs); }),
           kDeviceDoc)
      .def("load", &PyDevice::load, py::arg("code_object"), py::arg("kernel_name") = "",
           "Loads kernel `kernel_name` of an AMDGPU code object file (\"\": its only kernel) and returns a "
           "callable gcnsim.Kernel. A file with the same contents is placed once however many of its kernels "
           "are "
           "loaded; a rebuilt file is loaded anew. ValueError "
           "naming the file for a missing file, another generation's code object or an unknown kernel.")
      .def("load_raw", &loadRawCall, kLoadRawDoc)
      .def("array", &PyDevice::array, py::arg("array"), py::arg("name") = "",
           "A new buffer holding a copy of NumPy array `array` (its shape and dtype, in the native byte "
           "order: "
           "a big-endian array's values are converted). `name` (default \"buffer<N>\") must be unused, 1-64 "
           "letters, digits, '_', '-' or '.', not starting with '.'.")
      .def("empty", &PyDevice::empty, py::arg("shape"), py::arg("dtype"), py::arg("name") = "",
           "A new zero-filled buffer of `shape` (an int or a tuple) and `dtype` (numpy.float32, \"float32\" "
           "or "
           "\"f32\", ...).")
      .def("reset_caches", &PyDevice::resetCaches,
           "The next timing dispatch starts with a cold L2, as the first one did.")
      .def_property_readonly(
          "totals", &PyDevice::totals,
          "Sums over every dispatch so far: a dict {dispatches, cycles, instructions, waves, "
          "workgroups, seconds}.")
      .def_property_readonly(
          "arch", [](const PyDevice& d) { return d.device->options().arch; }, "The device's architecture.")
      .def("__repr__", [](const PyDevice& d) { return "<gcnsim.Device " + d.device->options().arch + ">"; });
}

}  // namespace gcnsim::python
