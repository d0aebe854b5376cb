// Registration entry points of the memory-semantics files, called from
// sim/semantics/register_memory.cpp.
#pragma once
#include "sim/semantics.hpp"

namespace gcnsim::sim::mem {
void registerDsOps(SemRegistry&);            // ds_ops.cpp: reads, writes, atomics, SRC2
void registerDsSpecial(SemRegistry&);        // ds_special.cpp: swizzle, permute, append, GWS, ...
void registerBufferOps(SemRegistry&);        // buffer_ops.cpp: MUBUF (untyped), atomics
void registerBufferFormatOps(SemRegistry&);  // buffer_format_ops.cpp: *_FORMAT_*, MTBUF
void registerFlatOps(SemRegistry&);          // flat_ops.cpp: FLAT, GLOBAL, SCRATCH
}  // namespace gcnsim::sim::mem
