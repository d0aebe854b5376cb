// Whether a kernel's results can depend on the order in which its
// workgroups run, decided from its code alone, before it runs: the
// functional engine runs such a kernel on one thread, every other kernel on
// as many as it is given, with the same results (README "Threads").
//
// Workgroups of a correctly synchronised kernel communicate only through
// atomics (and the coherent loads and cache invalidates compilers make of
// atomic loads and acquires), GDS and GWS; s_memtime/s_memrealtime read a clock the functional
// engine advances per instruction across workgroups. Every dword address of
// the code is decoded (a superset of the real instruction starts, so nothing
// is missed; a literal that happens to decode as an atomic only costs the
// parallelism). The caller passes the code the kernel can reach
// (sim/dispatch.hpp orderDependence: a code object kernel's own function and
// those it calls, frontend/code_object/kernel_reach.hpp).
#pragma once
#include <cstdint>
#include <span>
#include <string>

#include "isa/gen.hpp"

namespace gcnsim::sim {

// "" if the order cannot matter; otherwise why, naming the first such
// instruction, e.g. "`global_atomic_add v[0:1], v2, off` at 0x1040 (an atomic)".
std::string workgroupOrderDependence(isa::Gen gen, std::span<const uint32_t> code, uint64_t codeBase);

}  // namespace gcnsim::sim
