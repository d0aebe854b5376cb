// NumPy dtypes <-> gcnsim element types, and the job file's random generator
// for NumPy arrays (frontend/python/).
#pragma once
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <optional>
#include <string>

#include "frontend/job/elem_type.hpp"

namespace gcnsim::python {

namespace py = pybind11;

// The element type of a dtype (int8 .. uint64, float16/32/64). TypeError
// naming `what` for any other dtype (bool, complex, structured, ...).
frontend::ElemType elemTypeOf(const py::dtype& dtype, const std::string& what);
// A dtype from what a user wrote: a NumPy dtype or type (numpy.float32,
// "float32", "f4", ">f4") or a gcnsim type name ("f32"), in the host's byte
// order (">f4" gives float32). TypeError naming `what`.
py::dtype toDtype(const py::object& spec, const std::string& what);
// `dtype` in the host's (little-endian) byte order, the device memory's.
py::dtype nativeDtype(const py::dtype& dtype);
// `array` as a C-contiguous array in the host's byte order: a big-endian
// array's values byte-swapped (the device would see swapped bytes otherwise).
// A copy only when it is not that already.
py::array nativeArray(const py::array& array);
// A Python int or float (or NumPy number) as a double: ValueError
// `outOfRange` for an int beyond the double range (pybind11 had raised its
// multi-line RuntimeError "Unable to cast Python instance").
double toDouble(const py::handle& o, const std::string& outOfRange);
// operator.index(o) for an int or a NumPy integer (or integer 0-d array);
// nullopt for a bool (of Python or NumPy) and anything else operator.index
// refuses (a float, a str, an array of more than 0 dimensions).
std::optional<py::int_> indexOf(const py::handle& o);
py::dtype dtypeOf(frontend::ElemType t);
// "float32", for messages.
std::string dtypeName(const py::dtype& d);

// The shape given as an int or a sequence of ints, of elements of `dtype`:
// TypeError naming `what` for anything else, ValueError for a negative extent
// or a shape whose bytes do not fit 63 bits (they would wrap around).
std::vector<py::ssize_t> toShape(const py::object& shape, const py::dtype& dtype, const std::string& what);

// A shape as Python writes the tuple: "(3,)", "(2, 4)", "()"; for messages and reprs.
std::string shapeText(const std::vector<py::ssize_t>& shape);

// The name of `o`'s type ("str"), for messages.
std::string typeName(const py::handle& o);

// A file path argument: whether `o` is a str or an os.PathLike, and os.fspath(o) as text.
bool isPath(const py::handle& o);
std::string pathText(const py::handle& o);

// gcnsim.random(shape, dtype, seed, min, max): the values a job buffer
// {"random": {"seed", "min", "max"}} of that type and element count holds
// (README "Job file", frontend/job/random_fill.hpp).
py::array randomArray(const py::object& shape, const py::object& dtype, uint64_t seed, const py::object& min,
                      const py::object& max);

}  // namespace gcnsim::python
