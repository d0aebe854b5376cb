#include "frontend/python/py_types.hpp"

#include <cmath>

#include "frontend/job/random_fill.hpp"

namespace gcnsim::python {

using frontend::ElemType;

namespace {

// A Python int as a 128-bit integer (any value from -2^63 to 2^64 - 1).
__int128 int128Of(const py::object& o, const std::string& what) {
  if (!py::isinstance<py::int_>(o)) throw py::type_error(what + ": expected an int, got " + typeName(o));
  try {
    if (o.cast<py::int_>() < py::int_(0)) return o.cast<long long>();
    return o.cast<unsigned long long>();
  } catch (const py::cast_error&) {
    throw py::value_error(what + ": " + py::repr(o).cast<std::string>() +
                          " is out of range (-2**63 to 2**64 - 1)");
  }
}

// A Python int or float as a double.
double numberOf(const py::object& o, const std::string& what) {
  if (!py::isinstance<py::int_>(o) && !py::isinstance<py::float_>(o) &&
      !py::isinstance(o, py::module_::import("numpy").attr("number")))
    throw py::type_error(what + ": expected a number, got " + typeName(o));
  return toDouble(o, what + ": " + py::repr(o).cast<std::string>() + " is out of range for a double");
}

}  // namespace

double toDouble(const py::handle& o, const std::string& outOfRange) {
  try {
    return o.cast<double>();
  } catch (const py::cast_error&) {  // (an int whose conversion overflows; callers check the type first)
    throw py::value_error(outOfRange);
  }
}

std::optional<py::int_> indexOf(const py::handle& o) {
  static const py::handle numpyBool = py::object(py::module_::import("numpy").attr("bool_")).release();
  if (py::isinstance<py::bool_>(o) || py::isinstance(o, numpyBool) || !PyIndex_Check(o.ptr()))
    return std::nullopt;
  PyObject* i = PyNumber_Index(o.ptr());
  if (!i) {  // (a NumPy array has __index__, which refuses all but an integer 0-d array)
    PyErr_Clear();
    return std::nullopt;
  }
  return py::reinterpret_steal<py::int_>(i);
}

py::dtype nativeDtype(const py::dtype& dtype) { return dtype.attr("newbyteorder")("=").cast<py::dtype>(); }

py::array nativeArray(const py::array& array) {
  return array.attr("astype")(nativeDtype(array.dtype()), py::arg("order") = "C", py::arg("copy") = false)
      .cast<py::array>();
}

std::string dtypeName(const py::dtype& d) { return py::str(py::handle(d)).cast<std::string>(); }

std::string typeName(const py::handle& o) {
  return py::str(o.get_type().attr("__name__")).cast<std::string>();
}

bool isPath(const py::handle& o) {
  return py::isinstance<py::str>(o) || py::isinstance(o, py::module_::import("os").attr("PathLike"));
}

std::string pathText(const py::handle& o) {
  return py::str(py::module_::import("os").attr("fspath")(o)).cast<std::string>();
}

frontend::ElemType elemTypeOf(const py::dtype& dtype, const std::string& what) {
  const char kind = dtype.kind();
  const py::ssize_t size = dtype.itemsize();
  if (kind == 'f' && size == 2) return ElemType::F16;
  if (kind == 'f' && size == 4) return ElemType::F32;
  if (kind == 'f' && size == 8) return ElemType::F64;
  if (kind == 'i' || kind == 'u') {
    const bool u = kind == 'u';
    switch (size) {
      case 1: return u ? ElemType::U8 : ElemType::I8;
      case 2: return u ? ElemType::U16 : ElemType::I16;
      case 4: return u ? ElemType::U32 : ElemType::I32;
      case 8: return u ? ElemType::U64 : ElemType::I64;
      default: break;
    }
  }
  throw py::type_error(
      what + ": dtype " + dtypeName(dtype) +
      " is not a gcnsim element type (int8 .. int64, uint8 .. uint64, float16, float32, float64)");
}

py::dtype dtypeOf(frontend::ElemType t) {
  static const char* const names[] = {"uint8",  "int8",  "uint16",  "int16",   "uint32", "int32",
                                      "uint64", "int64", "float16", "float32", "float64"};
  return py::dtype(names[static_cast<size_t>(t)]);
}

py::dtype toDtype(const py::object& spec, const std::string& what) {
  if (py::isinstance<py::str>(spec))
    if (const auto t = frontend::parseElemType(spec.cast<std::string>())) return dtypeOf(*t);
  py::dtype d;
  try {
    d = py::dtype::from_args(spec);
  } catch (const py::error_already_set&) {
    throw py::type_error(what + ": " + py::repr(spec).cast<std::string>() + " is not a dtype");
  }
  elemTypeOf(d, what);  // a supported one
  return nativeDtype(d);
}

std::vector<py::ssize_t> toShape(const py::object& shape, const py::dtype& dtype, const std::string& what) {
  std::vector<py::ssize_t> out;
  const std::string expected = what + ": expected an int or a sequence of ints, got ";
  const bool sequence = py::isinstance<py::sequence>(shape) && !py::isinstance<py::str>(shape);
  // (a bool is an int to Python, but no extent: refused as grid and counts are)
  if ((!py::isinstance<py::int_>(shape) || py::isinstance<py::bool_>(shape)) && !sequence)
    throw py::type_error(expected + typeName(shape));
  try {
    if (!sequence)
      out.push_back(shape.cast<py::ssize_t>());
    else
      for (const py::handle h : shape) {
        if (!py::isinstance<py::int_>(h) || py::isinstance<py::bool_>(h))
          throw py::type_error(expected + "a sequence holding " + typeName(h));
        out.push_back(h.cast<py::ssize_t>());
      }
  } catch (const py::cast_error&) {
    throw py::value_error(what + ": " + py::repr(shape).cast<std::string>() + " has an extent beyond 2**63");
  }
  for (const py::ssize_t n : out)
    if (n < 0) throw py::value_error(what + ": negative extent " + std::to_string(n));
  // The bytes in 63 bits: a product that wraps would make a buffer of 0 bytes.
  py::ssize_t bytes = dtype.itemsize();
  for (const py::ssize_t n : out)
    if (__builtin_mul_overflow(bytes, n, &bytes)) {
      throw py::value_error(what + ": " + shapeText(out) + " of " + dtypeName(dtype) +
                            " is more than 2**63 bytes");
    }
  return out;
}

std::string shapeText(const std::vector<py::ssize_t>& shape) {
  std::string s = "(";
  for (size_t i = 0; i < shape.size(); ++i) {
    if (i) s += ", ";
    s += std::to_string(shape[i]);
  }
  s += shape.size() == 1 ? ",)" : ")";
  return s;
}

py::array randomArray(const py::object& shape, const py::object& dtype, uint64_t seed, const py::object& min,
                      const py::object& max) {
  const py::dtype d = toDtype(dtype, "random: dtype");
  const ElemType t = elemTypeOf(d, "random: dtype");
  py::array out(d, toShape(shape, d, "random: shape"));
  const std::span<uint8_t> bytes(static_cast<uint8_t*>(out.mutable_data()),
                                 static_cast<size_t>(out.nbytes()));
  frontend::SplitMix64 rng(seed);
  if (frontend::isFloatType(t)) {
    const double lo = min.is_none() ? 0.0 : numberOf(min, "random: min");
    const double hi = max.is_none() ? 1.0 : numberOf(max, "random: max");
    // The job file's check (an f16 range to 1e6 had given infinities).
    if (const std::string problem = frontend::randomFloatRangeProblem(t, lo, hi); !problem.empty())
      throw py::value_error("random: " + problem);
    frontend::fillRandomFloats(bytes, t, rng, lo, hi);
    return out;
  }
  const __int128 lo = min.is_none() ? frontend::elemTypeMin(t) : int128Of(min, "random: min");
  const __int128 hi = max.is_none() ? frontend::elemTypeMax(t) : int128Of(max, "random: max");
  if (lo < frontend::elemTypeMin(t) || hi > frontend::elemTypeMax(t) || lo > hi)
    throw py::value_error("random: min and max must lie in the range of " +
                          std::string(frontend::elemTypeName(t)) + " with min <= max");
  frontend::fillRandomInts(bytes, t, rng, lo, hi);
  return out;
}

}  // namespace gcnsim::python
