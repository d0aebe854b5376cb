#include "frontend/cli/info_cmd.hpp"

#include <cstdio>
#include <string>

#include "frontend/common/error.hpp"
#include "frontend/common/printf_string.hpp"
#include "isa/hex_text.hpp"

namespace gcnsim::frontend {
namespace {

void printKernel(std::ostream& os, const KernelInfo& k) {
  os << "\nkernel " << escapeText(k.name) << '\n';
  os << "  descriptor          " << escapeText(k.symbol) << " at " << hex(k.kdVaddr) << '\n';
  os << "  entry               " << hex(k.entryVaddr) << " (" << k.codeSize << " bytes of code)\n";
  if (!k.language.empty()) os << "  language            " << escapeText(k.language) << '\n';
  os << "  kernarg segment     " << k.kernargSize << " bytes, align " << k.kernargAlign << '\n';
  os << "  LDS (group)         " << k.groupSegmentSize << " bytes fixed\n";
  os << "  scratch (private)   " << k.privateSegmentSize << " bytes per work-item"
     << (k.usesDynamicStack ? ", dynamic stack" : "") << '\n';
  os << "  registers           " << k.sgprCount << " SGPRs, " << k.vgprCount
     << " VGPRs (spills: " << k.sgprSpillCount << " SGPR, " << k.vgprSpillCount << " VGPR)\n";
  os << "  wavefront size      " << k.wavefrontSize << '\n';
  if (k.maxFlatWorkgroupSize) os << "  max work-group size " << k.maxFlatWorkgroupSize << '\n';
  if (k.requiresWorkgroupSize())
    os << "  reqd work-group     " << k.reqdWorkgroupSize[0] << " x " << k.reqdWorkgroupSize[1] << " x "
       << k.reqdWorkgroupSize[2] << '\n';
  os << "  arguments (" << k.args.size() << ", " << k.explicitArgs().size() << " explicit):\n";
  os << printfString("    %-3s %-6s %-4s  %-32s %-14s %s\n", "#", "offset", "size", "kind", "type", "name");
  for (size_t i = 0; i < k.args.size(); ++i) {
    const KernelArg& a = k.args[i];
    std::string kind = escapeText(a.valueKindName);
    if (!a.addressSpace.empty()) kind += " (" + escapeText(a.addressSpace) + ")";
    os << printfString("    %-3zu %-6u %-4u  %-32s %-14s %s\n", i, a.offset, a.size, kind.c_str(),
                       a.typeName.empty() ? "-" : escapeText(a.typeName).c_str(),
                       a.name.empty() ? "-" : escapeText(a.name).c_str());
  }
  os << "  kernel descriptor:\n";
  for (const auto& [name, value] : kernelDescriptorFields(k.kd)) {
    bool raw = name.find(' ') != 0 && (name.starts_with("compute_pgm") || name == "kernel_code_properties");
    os << printfString("    %-48s %s\n", name.c_str(),
                       raw ? hex(static_cast<uint64_t>(value)).c_str() : std::to_string(value).c_str());
  }
}

}  // namespace

void printCodeObjectInfo(std::ostream& os, const CodeObject& co) {
  os << escapeText(co.path) << ": AMDGPU code object v" << co.codeObjectVersion << '\n';
  os << "  arch                " << co.arch.llvmName << " (" << isa::genName(co.arch.gen) << ", "
     << isa::genFamily(co.arch.gen) << ")\n";
  os << "  e_flags             " << hex(co.eFlags) << " (xnack " << co.xnack << ", sramecc " << co.sramecc
     << ")\n";
  if (!co.target.empty()) os << "  target              " << escapeText(co.target) << '\n';
  os << "  .text               " << hex(co.textVaddr) << ", " << co.textSize << " bytes\n";
  for (const auto& s : co.loadSegments)
    os << "  PT_LOAD             " << hex(s.vaddr) << ", " << s.memsz << " bytes (" << s.bytes.size()
       << " from file) " << ((s.flags & 4) ? 'R' : '-') << ((s.flags & 2) ? 'W' : '-')
       << ((s.flags & 1) ? 'X' : '-') << '\n';
  os << "  dynamic relocations " << co.relocations.size()
     << " (.rela.dyn, applied when the image is placed)\n";
  os << "  kernels             " << co.kernels.size() << '\n';
  for (const auto& k : co.kernels) printKernel(os, k);
}

}  // namespace gcnsim::frontend
