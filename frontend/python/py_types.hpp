// NumPy dtypes <-> gcnsim element types, and the job file's random generator
// for NumPy arrays (frontend/python/).
#pragma once
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <string>

#include "frontend/job/elem_type.hpp"

namespace gcnsim::python {

namespace py = pybind11;

// The element type of a dtype (int8 .. uint64, float16/32/64). TypeError
// naming `what` for any other dtype (bool, complex, structured, ...).
frontend::ElemType elemTypeOf(const py::dtype& dtype, const std::string& what);
// A dtype from what a user wrote: a NumPy dtype or type (numpy.float32,
// "float32", "f4") or a gcnsim type name ("f32"). TypeError naming `what`.
py::dtype toDtype(const py::object& spec, const std::string& what);
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

// gcnsim.random(shape, dtype, seed, min, max): the values a job buffer
// {"random": {"seed", "min", "max"}} of that type and element count holds
// (README "Job file", frontend/job/random_fill.hpp).
py::array randomArray(const py::object& shape, const py::object& dtype, uint64_t seed, const py::object& min,
                      const py::object& max);

}  // namespace gcnsim::python
