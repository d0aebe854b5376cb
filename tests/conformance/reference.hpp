// C++ CPU references of the conformance kernels (tests/kernels/src/*.cl).
//
// A reference reads the job's materialized input buffers and value arguments
// (exactly what the kernel saw) and returns the expected contents of the
// buffers it checks, each either bit-exact or within an ulp bound.
#pragma once
#include <cmath>
#include <cstdint>
#include <cstring>
#include <map>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "frontend/job/elem_type.hpp"
#include "frontend/job/job.hpp"

namespace gcnsim::conformance {

using frontend::ElemType;

// The expected contents of one reported buffer.
struct Expect {
  std::string buffer;
  ElemType type = ElemType::U32;
  std::vector<uint64_t> bits;       // exact: expected element bits (any NaN matches any NaN)
  std::vector<long double> values;  // approximate (float types): high-precision reference values
  double ulps = 0;                  // > 0: |got - value| <= ulps units in the last place
  bool flushSubnormals = false;     // approximate: a subnormal reference value expects +-0
  std::vector<bool> skip;           // optional: true for elements whose value is unspecified
  std::string what;                 // what the buffer holds, for messages ("sin (4 ulp)")
  bool approximate() const { return ulps > 0; }
  size_t count() const { return approximate() ? values.size() : bits.size(); }
};

// Read access to a job's inputs.
class Inputs {
 public:
  explicit Inputs(const frontend::Job& job) : job_(job) {}
  const frontend::Job& job() const { return job_; }

  const frontend::BufferSpec& buffer(std::string_view name) const {
    const frontend::BufferSpec* b = job_.findBuffer(name);
    if (!b) throw std::runtime_error("reference: the job has no buffer \"" + std::string(name) + "\"");
    return *b;
  }
  // The initial contents of a buffer as elements of T (sizeof(T) must be the element size).
  template <class T>
  std::vector<T> buf(std::string_view name) const {
    const frontend::BufferSpec& b = buffer(name);
    if (frontend::elemTypeSize(b.type) != sizeof(T))
      throw std::runtime_error("reference: buffer \"" + std::string(name) + "\" has " +
                               std::to_string(frontend::elemTypeSize(b.type)) + "-byte elements");
    const std::vector<uint8_t> bytes = b.initialBytes();
    std::vector<T> v(bytes.size() / sizeof(T));
    if (!v.empty()) std::memcpy(v.data(), bytes.data(), v.size() * sizeof(T));
    return v;
  }
  // Dispatches of the kernel named `key` in a multi-step job's "kernels"
  // that its steps make: each count-repeat multiplies its steps'. An
  // until-repeat has no fixed count: runtime_error.
  uint64_t dispatches(std::string_view key) const { return dispatchesIn(job_.steps, key); }
  // Value argument `i` (position in the job's "args") as T.
  template <class T>
  T arg(size_t i) const {
    if (i >= job_.args.size() || job_.args[i].kind != frontend::ArgSpec::Kind::Value)
      throw std::runtime_error("reference: args[" + std::to_string(i) + "] is not a value");
    T v{};
    std::memcpy(&v, &job_.args[i].bits, sizeof(T));
    return v;
  }

 private:
  uint64_t dispatchesIn(const std::vector<frontend::Step>& steps, std::string_view key) const {
    uint64_t n = 0;
    for (const frontend::Step& s : steps) {
      if (s.kind == frontend::Step::Kind::Dispatch && job_.kernels.at(s.kernel).key == key) ++n;
      if (s.kind != frontend::Step::Kind::Repeat) continue;
      if (s.until) throw std::runtime_error("reference: " + s.path + " repeats until a condition");
      n += s.count * dispatchesIn(s.steps, key);
    }
    return n;
  }

  const frontend::Job& job_;
};

// Bit-exact expectation for buffer `name` from host values of matching size.
template <class T>
Expect exact(const Inputs& in, std::string name, const std::vector<T>& v, std::string what = "") {
  Expect e;
  e.type = in.buffer(name).type;
  if (frontend::elemTypeSize(e.type) != sizeof(T))
    throw std::runtime_error("reference: element size mismatch for buffer \"" + name + "\"");
  e.buffer = std::move(name);
  e.what = std::move(what);
  e.bits.resize(v.size());
  for (size_t i = 0; i < v.size(); ++i) std::memcpy(&e.bits[i], &v[i], sizeof(T));
  return e;
}

// Expectation within `ulps` of the high-precision `values` (float buffers).
inline Expect approx(const Inputs& in, std::string name, std::vector<long double> values, double ulps,
                     std::string what = "") {
  Expect e;
  e.type = in.buffer(name).type;
  e.buffer = std::move(name);
  e.values = std::move(values);
  e.ulps = ulps;
  e.what = std::move(what);
  return e;
}

// The f32 denormal handling of the kernel (its descriptor's FLOAT_DENORM_MODE_32:
// 0 flush inputs and results, 1 flush results, 2 flush inputs, 3 keep both).
struct F32Denormals {
  bool flushIn = false, flushOut = false;
  explicit F32Denormals(const Inputs& in) {
    const uint8_t mode = in.job().kernelInfo().kd.floatDenormMode32;
    flushIn = mode == 0 || mode == 2;
    flushOut = mode == 0 || mode == 1;
  }
  static float flush(float x) { return std::fpclassify(x) == FP_SUBNORMAL ? std::copysign(0.0f, x) : x; }
  float in(float x) const { return flushIn ? flush(x) : x; }
  float out(float x) const { return flushOut ? flush(x) : x; }
};

using ReferenceFn = std::vector<Expect> (*)(const Inputs&);

// Kernel name -> reference, filled by REFERENCE() at static-initialization time.
std::map<std::string, ReferenceFn>& references();

struct RegisterReference {
  RegisterReference(const char* name, ReferenceFn fn) { references()[name] = fn; }
};

#define GCNSIM_REF_CAT2(a, b) a##b
#define GCNSIM_REF_CAT(a, b) GCNSIM_REF_CAT2(a, b)
// REFERENCE(kernel_name) { ... return {expectations}; }  (parameter: const Inputs& in)
#define REFERENCE(kernel)                                                                                  \
  static std::vector<::gcnsim::conformance::Expect> ref_##kernel(const ::gcnsim::conformance::Inputs& in); \
  static const ::gcnsim::conformance::RegisterReference GCNSIM_REF_CAT(reg_, kernel){#kernel,              \
                                                                                     &ref_##kernel};       \
  static std::vector<::gcnsim::conformance::Expect> ref_##kernel(const ::gcnsim::conformance::Inputs& in)

}  // namespace gcnsim::conformance
