// The code a kernel can reach, from its code object's function symbols: what
// the order-dependence scan decodes (sim/order_dependence.hpp), so that an
// atomic in another kernel of the same code object does not put this one on
// one thread (README "Threads").
#pragma once
#include <cstdint>
#include <utility>
#include <vector>

#include "frontend/code_object/code_object.hpp"

namespace gcnsim::frontend {

// [begin, end) vaddr ranges of the functions `kernel` can reach, by address;
// empty when that cannot be told statically (then the whole .text counts).
// The rule:
//  - The kernel's own function (its symbol's extent) is reached, and so,
//    repeatedly, is every function whose start the reached code names: an
//    s_call_b64 target, or the address an s_getpc_b64 followed by
//    s_add_u32 / s_addc_u32 of constants on its register pair forms (how
//    clang addresses a callee for s_swappc_b64 / s_setpc_b64, and data).
//  - An s_swappc_b64 / s_setpc_b64 through a register pair whose last write,
//    in straight-line code before it (no branch target between), was such an
//    address goes there; `s_setpc_b64 s[30:31]` is a return (the calling
//    convention's return address). Any other
//    indirect call or jump makes every function whose address some code of
//    the object forms a target; with a dynamic relocation into .text (a
//    function address in data) the whole .text counts.
//  - The whole .text counts too when the kernel has no function symbol, a
//    branch leaves its function, a named address is inside .text but not at a
//    function's start, an s_getpc_b64 is not followed by that pattern, or a
//    reached function uses another kind of jump (s_cbranch_join, fork, s_rfe).
std::vector<std::pair<uint64_t, uint64_t>> kernelReachableCode(const CodeObject& co,
                                                               const KernelInfo& kernel);

}  // namespace gcnsim::frontend
