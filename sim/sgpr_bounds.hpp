// SGPR operands against the wave's SGPR allocation.
//
// The hardware (AMD "Vega" ISA reference guide, 3.6.1 "Out-of-Range behavior"):
// an SGPR is out of range when sgpr >= sgpr_size, the SGPRs allocated to the
// wave; a source out of range reads SGPR0, a destination out of range is not
// written. 3.6.2 "SGPR Allocation and storage": a wave is allocated 16 to 102
// SGPRs in units of 16, logically SGPRs 0-101 (0-103 on GCN 1.0/1.1, CLRX
// GcnOperands.md), and the hardware does not stop a shader from using all of
// them. gcnsim stops the dispatch instead, as it does for VGPRs: such code is
// wrong, and its hardware result is not the one the programmer meant.
//
// Counted: the operand codes of SGPRs (s0..s101, s0..s103 on GCN 1.0/1.1),
// every register of a multi-dword operand (s[4:11] of s_load_dwordx8 is
// s4..s11). Not counted: VCC, FLAT_SCRATCH, XNACK_MASK, TBA/TMA, TTMP, M0,
// EXEC and the constants, which are operand codes of their own (the hardware
// keeps VCC and friends in the allocation's top SGPRs, but reaches them only
// through those codes; AMDGPUUsage.rst counts them in GRANULATED_WAVEFRONT_SGPR_COUNT).
//
// The SGPRs an instruction names are fixed in its encoding, so each decoded
// instruction is checked once per dispatch, when the code cache decodes it
// (sim/code_cache.hpp), and runs as a fault only if it names one out of range:
// the execution of every other instruction costs nothing more. M0-relative
// moves (s_movrel*) check their index when they run (scalar_bits.cpp).
#pragma once
#include "isa/decoded.hpp"
#include "isa/gen.hpp"
#include "sim/semantics.hpp"

namespace gcnsim::sim {

// The semantic `in` runs with in waves of `sgprs` SGPRs: `fn`, or, when one of its SGPR operands lies at
// or past s(sgprs), a semantic that faults naming the instruction, the operand and its registers
// ("s_mov_b32: SDST s50 beyond the wave's 16 SGPRs").
SemFn guardSgprs(const isa::DecodedInst& in, isa::Gen g, unsigned sgprs, SemFn fn);

}  // namespace gcnsim::sim
