// Declarations of the per-format opcode tables. Each is defined in its own
// file in this folder; see isa/opinfo.hpp for the row layout.
#pragma once
#include <span>

#include "isa/opinfo.hpp"

namespace gcnsim::isa::tables {
std::span<const OpInfo> sop2();
std::span<const OpInfo> sopk();
std::span<const OpInfo> sop1();
std::span<const OpInfo> sopc();
std::span<const OpInfo> sopp();
std::span<const OpInfo> smrd();
std::span<const OpInfo> smem();
std::span<const OpInfo> vop2();
std::span<const OpInfo> vop1();
std::span<const OpInfo> vopc();
std::span<const OpInfo> vop3();  // VOP3-only operations (VOP1/VOP2/VOPC rows map into VOP3 too)
std::span<const OpInfo> vop3p();
std::span<const OpInfo> vintrp();
std::span<const OpInfo> ds();
std::span<const OpInfo> mubuf();
std::span<const OpInfo> mtbuf();
std::span<const OpInfo> mimg();
std::span<const OpInfo> exp();
std::span<const OpInfo> flat();
std::span<const OpInfo> global();
std::span<const OpInfo> scratch();
}  // namespace gcnsim::isa::tables
