#include "frontend/python/py_args.hpp"

#include <pybind11/numpy.h>

#include <cmath>
#include <cstring>
#include <string>

#include "frontend/job/job.hpp"
#include "frontend/python/py_device.hpp"
#include "frontend/python/py_types.hpp"

namespace gcnsim::python {
namespace {

using frontend::ElemType;

// "args[2] (k: uint)" from the metadata: its name (clang records it with
// -cl-kernel-arg-info or -g) and type, whichever it has; else "args[2]".
std::string argLabel(size_t i, const frontend::KernelArg* meta) {
  std::string s = "args[" + std::to_string(i) + "]";
  if (!meta || (meta->name.empty() && meta->typeName.empty())) return s;
  const char* sep = meta->name.empty() || meta->typeName.empty() ? "" : ": ";
  return s + " (" + meta->name + sep + meta->typeName + ")";
}

// A NumPy scalar or 0-d array: its value's bytes in the device's (little-endian) byte order.
KernelArg numpyScalar(const py::handle& o, const std::string& label) {
  const py::array a = py::array::ensure(o);
  if (a.ndim() != 0)
    throw py::type_error(label + ": a NumPy array of shape " +
                         py::str(py::tuple(o.attr("shape"))).cast<std::string>() +
                         " is not a kernel argument; copy it to the device with Device.array()");
  elemTypeOf(a.dtype(), label);
  const py::array native = nativeArray(a);  // (a big-endian 0-d array's bytes had been passed swapped)
  KernelArg k;
  k.kind = KernelArg::Value;
  k.bytes.resize(static_cast<size_t>(native.itemsize()));
  std::memcpy(k.bytes.data(), native.data(), k.bytes.size());
  return k;
}

// What was passed for an argument against the kind the metadata gives it (null: raw code, no metadata):
// TypeError naming what to pass instead, before the Device's own check (whose hints are a job file's).
void requireKind(const frontend::KernelArg* meta, KernelArg::Kind got, const std::string& label) {
  using frontend::ArgValueKind;
  if (!meta) return;
  const auto [wanted, pass] = [&]() -> std::pair<KernelArg::Kind, const char*> {
    switch (meta->valueKind) {
      case ArgValueKind::GlobalBuffer: return {KernelArg::Buffer, "a gcnsim.Buffer"};
      case ArgValueKind::DynamicSharedPointer: return {KernelArg::Local, "gcnsim.local(bytes)"};
      case ArgValueKind::ByValue: return {KernelArg::Value, "an int, a float or a NumPy scalar"};
      default: return {got, ""};  // (the Device refuses a kind it does not support)
    }
  }();
  if (got == wanted) return;
  const char* gotName = got == KernelArg::Buffer  ? "a buffer"
                        : got == KernelArg::Local ? "local memory"
                                                  : "a value";
  throw py::type_error(label + ": the kernel argument is " + meta->valueKindName + ", not " + gotName +
                       "; pass " + pass);
}

// A Python int or float for a by-value argument: the metadata's type name gives its element type, as a
// job's "value" without "type" takes it (frontend::typeFromTypeName), and its size.
KernelArg pythonNumber(const py::handle& o, const frontend::KernelArg* meta, const std::string& label) {
  const std::string pyType = py::isinstance<py::float_>(o) ? "float" : "int";
  if (!meta)
    throw py::type_error(label + ": a Python " + pyType +
                         " has no size without kernel metadata; pass a NumPy scalar such as numpy.uint32(5)");
  const uint32_t size = meta->size;
  // A vector argument takes its elements (as a job does), however few bytes it has: an int had been taken
  // as its raw bits (char2 from -1, half4 from 1), a float refused as "for an integer argument".
  if (const auto vector = frontend::vectorTypeFromTypeName(meta->typeName))
    throw py::type_error(label + ": a Python " + pyType + " for a vector argument; pass a list of its " +
                         std::to_string(vector->second) + " elements (or its bytes)");
  if (size > 8)
    throw py::type_error(label + ": a " + std::to_string(size) +
                         "-byte argument cannot be given as a Python " + pyType +
                         "; pass a list of a vector's elements or the argument's bytes");
  // A type name the job file cannot infer a type from either (a typedef "myfloat", an enum, a struct):
  // whether it is an integer or a float is unknown. An int had been sent as its raw bits (3 as
  // 0x00000003 for a typedef of float), a float refused as "for an integer argument".
  const std::optional<ElemType> type = frontend::typeFromTypeName(meta->typeName);
  if (!type)
    throw py::type_error(
        label + ": cannot infer the type of a Python " + pyType + " from the kernel's type name \"" +
        meta->typeName +
        "\"; pass a NumPy scalar of the argument's type (numpy.float32(3), numpy.uint32(3), ...)");
  if (frontend::isFloatType(*type)) {
    const std::string range =
        label + ": " + py::repr(o).cast<std::string>() + " is out of range for " + meta->typeName;
    const double v = toDouble(o, range);  // (an int beyond a double: range too)
    const uint64_t bits = frontend::encodeFloat(v, *type);
    if (std::isfinite(v) && std::isinf(frontend::floatBitsToDouble(bits, *type)))
      throw py::value_error(range);
    KernelArg k = KernelArg::value(bits);
    k.bytes.resize(size);
    return k;
  }
  if (!py::isinstance<py::int_>(o))
    throw py::type_error(label + ": a Python float for an integer argument; pass an int or a NumPy scalar");
  // In the type's range ("uint": 0 to 2^32 - 1, as `gcnsim run` takes a job's u32; "int": -2^31 to
  // 2^31 - 1).
  const std::string range =
      label + ": " + py::repr(o).cast<std::string>() + " is out of range for " + meta->typeName;
  __int128 v = 0;
  try {
    if (o.cast<py::int_>() < py::int_(0))
      v = o.cast<long long>();
    else
      v = o.cast<unsigned long long>();
  } catch (const py::cast_error&) {
    throw py::value_error(range);
  }
  if (v < frontend::elemTypeMin(*type) || v > frontend::elemTypeMax(*type)) throw py::value_error(range);
  KernelArg k = KernelArg::value(frontend::encodeInt(v, *type));
  k.bytes.resize(size);
  return k;
}

// One element of a vector argument given as a list: a Python int or float (or NumPy scalar) of `t`.
uint64_t elementBits(const py::handle& o, ElemType t, const std::string& label) {
  const std::string what = label + ": " + py::repr(o).cast<std::string>();
  if (py::isinstance<py::bool_>(o))  // (True had been taken as 1)
    throw py::type_error(what + " is a bool, not a number (the elements are " +
                         std::string(frontend::elemTypeName(t)) + ")");
  if (frontend::isFloatType(t)) {
    if (!py::isinstance<py::int_>(o) && !py::isinstance<py::float_>(o) && !py::hasattr(o, "__float__"))
      throw py::type_error(what + " is not a number");
    const std::string range = what + " is out of range for " + std::string(frontend::elemTypeName(t));
    const double v = toDouble(o, range);
    const uint64_t bits = frontend::encodeFloat(v, t);
    if (std::isfinite(v) && std::isinf(frontend::floatBitsToDouble(bits, t))) throw py::value_error(range);
    return bits;
  }
  if (!py::isinstance<py::int_>(o) && !py::hasattr(o, "__index__"))
    throw py::type_error(what + " is not an int (the elements are " + std::string(frontend::elemTypeName(t)) +
                         ")");
  const py::int_ i = py::reinterpret_steal<py::int_>(PyNumber_Index(o.ptr()));
  if (!i) throw py::error_already_set();
  const std::string range = what + " is out of range for " + std::string(frontend::elemTypeName(t));
  try {
    __int128 v = 0;
    if (i < py::int_(0))
      v = i.cast<long long>();
    else
      v = i.cast<unsigned long long>();
    if (v < frontend::elemTypeMin(t) || v > frontend::elemTypeMax(t)) throw py::value_error(range);
    return frontend::encodeInt(v, t);
  } catch (const py::cast_error&) {
    throw py::value_error(range);
  }
}

// A list or tuple for a vector argument ("float4", "int3"): its elements in the vector's element type,
// packed (a 3-element vector padded to 4). Bytes (or a bytearray) are the argument's bytes as they are.
KernelArg pythonSequence(const py::handle& o, const frontend::KernelArg* meta, const std::string& label) {
  KernelArg k;
  k.kind = KernelArg::Value;
  if (py::isinstance<py::bytes>(o) || py::isinstance<py::bytearray>(o)) {
    const std::string b = py::module_::import("builtins").attr("bytes")(o).cast<std::string>();
    k.bytes.assign(b.begin(), b.end());
    if (k.bytes.empty()) throw py::value_error(label + ": empty bytes");
    return k;
  }
  const auto vector = meta ? frontend::vectorTypeFromTypeName(meta->typeName) : std::nullopt;
  if (!vector)
    throw py::type_error(
        label + ": a " + typeName(o) +
        " is for a vector argument (float4, int3, ...); pass the argument's bytes (bytes) for "
        "other types");
  const py::sequence seq = py::reinterpret_borrow<py::sequence>(o);
  if (seq.size() != vector->second)
    throw py::value_error(label + ": " +
                          frontend::vectorCountMismatch(seq.size(), meta->typeName, vector->second));
  const unsigned size = frontend::elemTypeSize(vector->first);
  k.bytes.assign(size_t{vector->second == 3 ? 4u : vector->second} * size, 0);
  for (size_t i = 0; i < seq.size(); ++i) {
    const uint64_t bits = elementBits(seq[i], vector->first, label + "[" + std::to_string(i) + "]");
    std::memcpy(k.bytes.data() + i * size, &bits, size);
  }
  return k;
}

}  // namespace

std::array<uint32_t, 3> toDims(const py::object& dims, const char* what, unsigned* count) {
  // Each extent an int or a NumPy integer (operator.index), alone or in a sequence: a NumPy scalar alone
  // had been refused though the same in a tuple was taken. A bool or a float is refused.
  const std::string expected = std::string(what) + ": expected an int or a sequence of 1 to 3 ints, got ";
  std::vector<py::int_> v;
  if (const std::optional<py::int_> n = indexOf(dims)) {
    v.push_back(*n);
  } else if (py::isinstance<py::sequence>(dims) && !py::isinstance<py::str>(dims) &&
             !py::isinstance<py::bytes>(dims)) {
    for (const py::handle h : dims) {
      const std::optional<py::int_> e = indexOf(h);
      if (!e) throw py::type_error(expected + "a sequence holding " + typeName(h));
      v.push_back(*e);
    }
  } else {
    throw py::type_error(expected + typeName(dims));
  }
  if (v.empty() || v.size() > 3)
    throw py::value_error(std::string(what) + ": needs 1 to 3 dimensions, not " + std::to_string(v.size()));
  std::array<uint32_t, 3> out{1, 1, 1};
  for (size_t i = 0; i < v.size(); ++i) {
    if (v[i] < py::int_(1) || v[i] > py::int_(UINT32_MAX))
      throw py::value_error(std::string(what) + "[" + std::to_string(i) +
                            "]: " + py::repr(v[i]).cast<std::string>() + " is not between 1 and 4294967295");
    out[i] = v[i].cast<uint32_t>();
  }
  if (count) *count = static_cast<unsigned>(v.size());
  return out;
}

std::vector<KernelArg> kernelArgs(const Device& device, const KernelRef& kernel, const py::args& args) {
  std::vector<const frontend::KernelArg*> metas;
  if (const frontend::KernelInfo* info = kernelMetadata(kernel)) {
    metas = info->explicitArgs();
    if (metas.size() != args.size()) {
      std::string list;
      for (size_t i = 0; i < metas.size(); ++i) list += (i ? ", " : "") + argLabel(i, metas[i]);
      const std::string missing =
          metas.size() > args.size() ? "; missing " + argLabel(args.size(), metas[args.size()]) : "";
      throw py::type_error(kernelName(kernel) + "() takes " + std::to_string(metas.size()) + " argument" +
                           (metas.size() == 1 ? "" : "s") + (list.empty() ? "" : " [" + list + "]") +
                           ", got " + std::to_string(args.size()) + missing);
    }
  }
  // Looked up once and never released: a static py::object would be
  // destroyed after the interpreter has shut down.
  static const py::handle numpyGeneric = py::object(py::module_::import("numpy").attr("generic")).release();
  std::vector<KernelArg> out;
  out.reserve(args.size());
  for (size_t i = 0; i < args.size(); ++i) {
    const py::handle o = args[i];
    const frontend::KernelArg* meta = i < metas.size() ? metas[i] : nullptr;
    const std::string label = argLabel(i, meta);
    if (py::isinstance<PyBuffer>(o)) {
      const PyBuffer& b = o.cast<const PyBuffer&>();
      if (b.device.get() != &device)
        throw py::value_error(label + ": buffer \"" + b.handle.name + "\" belongs to another Device");
      requireKind(meta, KernelArg::Buffer, label);
      out.push_back(KernelArg::of(b.handle));
    } else if (py::isinstance<PyLocal>(o)) {
      requireKind(meta, KernelArg::Local, label);
      out.push_back(KernelArg::local(o.cast<const PyLocal&>().bytes));
    } else if (py::isinstance(o, numpyGeneric) || py::isinstance<py::array>(o)) {
      out.push_back(numpyScalar(o, label));  // (first: an array is refused as such)
      requireKind(meta, KernelArg::Value, label);
    } else if (py::isinstance<py::bool_>(o)) {  // (an int to Python: True had been taken as 1)
      throw py::type_error(label +
                           ": a bool is not a kernel argument; pass an int, a float or a NumPy scalar");
    } else if (py::isinstance<py::int_>(o) || py::isinstance<py::float_>(o)) {
      requireKind(meta, KernelArg::Value, label);
      out.push_back(pythonNumber(o, meta, label));
    } else if (py::isinstance<py::list>(o) || py::isinstance<py::tuple>(o) || py::isinstance<py::bytes>(o) ||
               py::isinstance<py::bytearray>(o)) {
      requireKind(meta, KernelArg::Value, label);
      out.push_back(pythonSequence(o, meta, label));
    } else {
      throw py::type_error(label + ": expected a gcnsim.Buffer, a NumPy scalar, an int or float, a list " +
                           "(vector) or bytes, or gcnsim.local(bytes); got " + typeName(o));
    }
  }
  return out;
}

}  // namespace gcnsim::python
