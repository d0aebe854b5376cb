#include "frontend/code_object/code_object.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <functional>
#include <memory>
#include <string_view>
#include <unordered_map>

#include "frontend/code_object/code_object_metadata.hpp"
#include "frontend/code_object/elf_reader.hpp"
#include "frontend/code_object/kernel_reach.hpp"
#include "frontend/common/error.hpp"
#include "frontend/common/input_file.hpp"
#include "frontend/common/limits.hpp"
#include "isa/hex_text.hpp"

namespace gcnsim::frontend {
namespace {

constexpr uint8_t kOsAbiAmdgpuHsa = 64;     // ELFOSABI_AMDGPU_HSA
constexpr uint16_t kEtRel = 1, kEtDyn = 3;  // e_type
constexpr uint32_t kNtAmdgpuMetadata = 32;  // NT_AMDGPU_METADATA
constexpr uint32_t kEfAmdgpuMach = 0x0ff;   // EF_AMDGPU_MACH mask
constexpr uint8_t kSttFunc = 2;

struct KindName {
  ArgValueKind kind;
  std::string_view name;
};
constexpr std::array kKindNames = {
    KindName{ArgValueKind::ByValue, "by_value"},
    KindName{ArgValueKind::GlobalBuffer, "global_buffer"},
    KindName{ArgValueKind::DynamicSharedPointer, "dynamic_shared_pointer"},
    KindName{ArgValueKind::Sampler, "sampler"},
    KindName{ArgValueKind::Image, "image"},
    KindName{ArgValueKind::Pipe, "pipe"},
    KindName{ArgValueKind::Queue, "queue"},
    KindName{ArgValueKind::HiddenGlobalOffsetX, "hidden_global_offset_x"},
    KindName{ArgValueKind::HiddenGlobalOffsetY, "hidden_global_offset_y"},
    KindName{ArgValueKind::HiddenGlobalOffsetZ, "hidden_global_offset_z"},
    KindName{ArgValueKind::HiddenNone, "hidden_none"},
    KindName{ArgValueKind::HiddenPrintfBuffer, "hidden_printf_buffer"},
    KindName{ArgValueKind::HiddenHostcallBuffer, "hidden_hostcall_buffer"},
    KindName{ArgValueKind::HiddenDefaultQueue, "hidden_default_queue"},
    KindName{ArgValueKind::HiddenCompletionAction, "hidden_completion_action"},
    KindName{ArgValueKind::HiddenMultigridSyncArg, "hidden_multigrid_sync_arg"},
    KindName{ArgValueKind::HiddenBlockCountX, "hidden_block_count_x"},
    KindName{ArgValueKind::HiddenBlockCountY, "hidden_block_count_y"},
    KindName{ArgValueKind::HiddenBlockCountZ, "hidden_block_count_z"},
    KindName{ArgValueKind::HiddenGroupSizeX, "hidden_group_size_x"},
    KindName{ArgValueKind::HiddenGroupSizeY, "hidden_group_size_y"},
    KindName{ArgValueKind::HiddenGroupSizeZ, "hidden_group_size_z"},
    KindName{ArgValueKind::HiddenRemainderX, "hidden_remainder_x"},
    KindName{ArgValueKind::HiddenRemainderY, "hidden_remainder_y"},
    KindName{ArgValueKind::HiddenRemainderZ, "hidden_remainder_z"},
    KindName{ArgValueKind::HiddenGridDims, "hidden_grid_dims"},
    KindName{ArgValueKind::HiddenHeapV1, "hidden_heap_v1"},
    KindName{ArgValueKind::HiddenDynamicLdsSize, "hidden_dynamic_lds_size"},
    KindName{ArgValueKind::HiddenPrivateBase, "hidden_private_base"},
    KindName{ArgValueKind::HiddenSharedBase, "hidden_shared_base"},
    KindName{ArgValueKind::HiddenQueuePtr, "hidden_queue_ptr"},
};

// The file bytes behind [vaddr, vaddr + size), through the PT_LOAD segments.
std::span<const uint8_t> bytesAtVaddr(const elf::Reader& r, uint64_t vaddr, uint64_t size) {
  for (const auto& p : r.programHeaders()) {
    if (p.type != elf::kPtLoad || vaddr < p.vaddr || vaddr - p.vaddr > p.filesz ||
        size > p.filesz - (vaddr - p.vaddr))
      continue;
    return r.range(p.offset + (vaddr - p.vaddr), size, "segment data");
  }
  return {};
}

// The CDNA processors of AMDGPUUsage.rst table amdgpu-ef-amdgpu-mach-table, named in the refusal: their
// names look like gfx9 but their code is not GCN 1.4 code.
const char* cdnaName(uint32_t mach) {
  switch (mach) {
    case 0x030: return "gfx908";
    case 0x03f: return "gfx90a";
    case 0x040: return "gfx940";  // (LLVM 15; a reserved value in later tables)
    case 0x04c: return "gfx942";
    case 0x04f: return "gfx950";
    default: return nullptr;
  }
}

// The dynamic relocations: DT_RELA / DT_RELASZ / DT_RELAENT of PT_DYNAMIC, symbols from .dynsym.
std::vector<Relocation> readRelocations(const elf::Reader& r, const CodeObject& co,
                                        const std::function<void(const std::string&)>& fail) {
  constexpr int64_t kDtRela = 7, kDtRelaSz = 8, kDtRelaEnt = 9, kDtRelSz = 18, kDtRelrSz = 35;
  constexpr uint16_t kShnUndef = 0, kShnAbs = 0xfff1;
  uint64_t rela = 0, relaSize = 0, relaEnt = 24;
  bool haveRela = false;
  for (const auto& [tag, val] : r.dynamicEntries()) {
    if (tag == kDtRela) rela = val, haveRela = true;
    if (tag == kDtRelaSz) relaSize = val;
    if (tag == kDtRelaEnt) relaEnt = val;
    if ((tag == kDtRelSz || tag == kDtRelrSz) && val)
      fail(std::string(tag == kDtRelSz ? "DT_REL" : "DT_RELR") +
           " relocations: gcnsim applies RELA relocations (.rela.dyn) only");
  }
  std::vector<Relocation> out;
  if (!haveRela || !relaSize) return out;
  if (relaEnt != 24) fail("DT_RELAENT " + std::to_string(relaEnt) + " is not 24 (Elf64_Rela)");
  if (relaSize % 24) fail("DT_RELASZ " + std::to_string(relaSize) + " is not a multiple of 24");
  const auto table = bytesAtVaddr(r, rela, relaSize);
  if (table.size() != relaSize)
    fail("DT_RELA [" + hex(rela) + ", +" + hex(relaSize) + ") is not inside a PT_LOAD segment's file data");
  const std::vector<elf::Symbol> symbols = r.dynamicSymbols();
  std::vector<std::shared_ptr<const std::string>> names(symbols.size());  // rel.symbol, made once per symbol
  const uint64_t image = co.imageSize();
  for (size_t i = 0; i < relaSize / 24; ++i) {
    Relocation rel;
    uint64_t info = 0;
    std::memcpy(&rel.offset, table.data() + i * 24, 8);
    std::memcpy(&info, table.data() + i * 24 + 8, 8);
    std::memcpy(&rel.addend, table.data() + i * 24 + 16, 8);
    rel.type = static_cast<uint32_t>(info);
    const uint64_t symIndex = info >> 32;
    const std::string where = ".rela.dyn[" + std::to_string(i) + "]: " + relocationTypeName(rel.type) +
                              " at offset " + hex(rel.offset);
    if (symIndex) {
      if (symIndex >= symbols.size())
        fail(where + ": symbol index " + std::to_string(symIndex) + " is not in .dynsym (" +
             std::to_string(symbols.size()) + " symbols)");
      const elf::Symbol& sym = symbols[symIndex];
      if (!names[symIndex]) names[symIndex] = std::make_shared<const std::string>(sym.name);
      rel.symbol = names[symIndex];
      rel.symbolValue = sym.value;
      rel.symbolAbsolute = sym.shndx == kShnAbs;
      if (sym.shndx == kShnUndef)
        fail(where + " against symbol \"" + sym.name +
             "\": the symbol is not defined in the code object (gcnsim links nothing else)");
    }
    const std::string against = rel.symbol ? " against symbol \"" + *rel.symbol + "\"" : "";
    switch (rel.type) {
      case Relocation::None: continue;
      case Relocation::Relative64: break;
      case Relocation::Abs32Lo:
      case Relocation::Abs32Hi:
      case Relocation::Abs64:
      case Relocation::Abs32:
        if (!symIndex) fail(where + ": needs a symbol (S + A), has none");
        break;
      default:
        fail(where + against +
             ": not a dynamic relocation gcnsim can apply (it applies R_AMDGPU_RELATIVE64, R_AMDGPU_ABS64, "
             "R_AMDGPU_ABS32, R_AMDGPU_ABS32_LO and R_AMDGPU_ABS32_HI)");
    }
    if (rel.offset > image || rel.fieldBytes() > image - rel.offset)
      fail(where + against + ": the " + std::to_string(rel.fieldBytes()) +
           "-byte field lies outside the image [0, " + hex(image) + ")");
    out.push_back(std::move(rel));
  }
  return out;
}

void decodeFeatureFlags(CodeObject& co) {
  // AMDGPUUsage.rst tables amdgpu-elf-header-e_flags-table-v3 and -v4-v5.
  if (co.codeObjectVersion == 3) {
    co.xnack = (co.eFlags & 0x100) ? "on" : "off";
    co.sramecc = (co.eFlags & 0x200) ? "on" : "off";
    return;
  }
  static constexpr std::array<const char*, 4> names = {"unsupported", "any", "off", "on"};
  co.xnack = names[(co.eFlags >> 8) & 3];
  co.sramecc = names[(co.eFlags >> 10) & 3];
}

}  // namespace

std::string relocationTypeName(uint32_t type) {
  switch (type) {
    case 0: return "R_AMDGPU_NONE";
    case 1: return "R_AMDGPU_ABS32_LO";
    case 2: return "R_AMDGPU_ABS32_HI";
    case 3: return "R_AMDGPU_ABS64";
    case 4: return "R_AMDGPU_REL32";
    case 5: return "R_AMDGPU_REL64";
    case 6: return "R_AMDGPU_ABS32";
    case 7: return "R_AMDGPU_GOTPCREL";
    case 8: return "R_AMDGPU_GOTPCREL32_LO";
    case 9: return "R_AMDGPU_GOTPCREL32_HI";
    case 10: return "R_AMDGPU_REL32_LO";
    case 11: return "R_AMDGPU_REL32_HI";
    case 13: return "R_AMDGPU_RELATIVE64";
    case 14: return "R_AMDGPU_REL16";
    default: return "relocation type " + std::to_string(type);
  }
}

uint64_t Relocation::value(uint64_t base) const {
  const uint64_t a = static_cast<uint64_t>(addend);
  if (type == Relative64) return base + a;  // B + A
  const uint64_t s = symbolAbsolute ? symbolValue : base + symbolValue;
  const uint64_t v = s + a;
  return type == Abs32Hi ? v >> 32 : type == Abs32Lo ? v & 0xffffffffu : v;
}

std::string_view argValueKindName(ArgValueKind k) {
  for (const auto& e : kKindNames)
    if (e.kind == k) return e.name;
  return "unknown";
}

ArgValueKind parseArgValueKind(std::string_view s) {
  for (const auto& e : kKindNames)
    if (e.name == s) return e.kind;
  return ArgValueKind::Unknown;
}

bool isHiddenArg(ArgValueKind k) { return argValueKindName(k).starts_with("hidden_"); }

std::vector<const KernelArg*> KernelInfo::explicitArgs() const {
  std::vector<const KernelArg*> out;
  for (const auto& a : args)
    if (!isHiddenArg(a.valueKind) &&
        !(a.valueKind == ArgValueKind::Unknown && a.valueKindName.starts_with("hidden_")))
      out.push_back(&a);
  return out;
}

std::string KernelInfo::workgroupMismatch(const std::array<uint32_t, 3>& workgroup) const {
  if (!requiresWorkgroupSize() || workgroup == reqdWorkgroupSize) return {};
  auto dims = [](const std::array<uint32_t, 3>& d) {
    return std::to_string(d[0]) + " x " + std::to_string(d[1]) + " x " + std::to_string(d[2]);
  };
  return dims(workgroup) + " does not match the kernel's .reqd_workgroup_size " + dims(reqdWorkgroupSize) +
         " (OpenCL reqd_work_group_size: the compiled code may rely on it)";
}

const KernelInfo* CodeObject::findKernel(std::string_view name) const {
  for (const auto& k : kernels)
    if (k.name == name) return &k;
  return nullptr;
}

std::string CodeObject::kernelNames() const {
  std::string out;
  for (const auto& k : kernels) out += (out.empty() ? "" : ", ") + k.name;
  return out.empty() ? "(none)" : out;
}

uint64_t CodeObject::imageSize() const {
  uint64_t end = 0;
  for (const auto& s : loadSegments) end = std::max(end, s.vaddr + s.memsz);
  return end;
}

std::span<const uint8_t> CodeObject::textBytes(uint64_t vaddr, uint64_t size) const {
  for (const auto& s : loadSegments) {
    if (vaddr < s.vaddr || vaddr - s.vaddr > s.bytes.size() || size > s.bytes.size() - (vaddr - s.vaddr))
      continue;
    if (vaddr < textVaddr || vaddr - textVaddr > textSize || size > textSize - (vaddr - textVaddr)) return {};
    return std::span<const uint8_t>(s.bytes).subspan(vaddr - s.vaddr, size);
  }
  return {};
}

std::optional<isa::Arch> archFromMach(uint32_t mach) {
  // AMDGPUUsage.rst table amdgpu-ef-amdgpu-mach-table (GCN 1.0 - 1.4 rows).
  struct Row {
    uint32_t mach;
    const char* name;
  };
  static constexpr Row rows[] = {
      {0x020, "gfx600"}, {0x021, "gfx601"}, {0x03a, "gfx602"}, {0x022, "gfx700"}, {0x023, "gfx701"},
      {0x024, "gfx702"}, {0x025, "gfx703"}, {0x026, "gfx704"}, {0x03b, "gfx705"}, {0x028, "gfx801"},
      {0x029, "gfx802"}, {0x02a, "gfx803"}, {0x03c, "gfx805"}, {0x02b, "gfx810"}, {0x02c, "gfx900"},
      {0x02d, "gfx902"}, {0x02e, "gfx904"}, {0x02f, "gfx906"}, {0x031, "gfx909"}, {0x032, "gfx90c"},
  };
  // Not gfx908 (0x030) and gfx90a (0x03f): CDNA, with MFMA instructions, AGPRs and (gfx90a) another VGPR
  // allocation granule and alignment; refused when the code object is loaded (cdnaName).
  for (const auto& r : rows)
    if (r.mach == mach) return isa::parseArch(r.name);
  return std::nullopt;
}

bool looksLikeElf(std::span<const uint8_t> bytes) {
  return bytes.size() >= 4 && std::memcmp(bytes.data(),
                                          "\x7f"
                                          "ELF",
                                          4) == 0;
}

CodeObject loadCodeObject(const std::filesystem::path& path, uint64_t maxFileBytes) {
  return loadCodeObject(readInputFile(path, maxFileBytes), path.string());
}

CodeObject loadCodeObject(std::vector<uint8_t> bytes, const std::string& name) {
  auto fail = [&](const std::string& msg) -> void { throw InputError(name + ": " + msg); };
  CodeObject co;
  co.path = name;
  co.file = std::move(bytes);
  const elf::Reader r(co.file, name);
  const elf::Header& h = r.header();

  if (h.osAbi != kOsAbiAmdgpuHsa)
    fail("EI_OSABI is " + std::to_string(h.osAbi) +
         ", not ELFOSABI_AMDGPU_HSA (64); not an AMDHSA code object");
  if (h.abiVersion < 1 || h.abiVersion > 3)
    fail("code object version " + std::to_string(h.abiVersion + 2) + " (EI_ABIVERSION " +
         std::to_string(h.abiVersion) + ") is not supported; gcnsim reads v3, v4 and v5");
  co.codeObjectVersion = h.abiVersion + 2;
  if (h.type == kEtRel)
    fail("relocatable object (ET_REL); link it into a shared code object with ld.lld -shared");
  if (h.type != kEtDyn) fail("e_type " + std::to_string(h.type) + " is not ET_DYN (3)");
  co.eFlags = h.flags;
  auto arch = archFromMach(h.flags & kEfAmdgpuMach);
  if (!arch) {
    const char* cdna = cdnaName(h.flags & kEfAmdgpuMach);
    fail("EF_AMDGPU_MACH " + hex(h.flags & kEfAmdgpuMach) +
         (cdna ? std::string(" (") + cdna + ", CDNA)" : std::string()) +
         " is not a GCN 1.0-1.4 processor (gcnsim simulates gfx6 to gfx9)");
  }
  co.arch = *arch;
  decodeFeatureFlags(co);

  for (size_t i = 0; i < r.programHeaders().size(); ++i) {
    const elf::ProgramHeader& p = r.programHeaders()[i];
    if (p.type != elf::kPtLoad) continue;
    // The image is placed in simulated memory: every segment must lie in it.
    if (p.vaddr > kMaxCodeObjectImageBytes || p.memsz > kMaxCodeObjectImageBytes - p.vaddr)
      fail("program header " + std::to_string(i) + ": p_vaddr " + hex(p.vaddr) + " + p_memsz " +
           hex(p.memsz) + " lies beyond the " + std::to_string(kMaxCodeObjectImageBytes >> 20) +
           " MiB code object image limit");
    Segment s;
    s.vaddr = p.vaddr;
    s.memsz = p.memsz;
    s.flags = p.flags;
    auto data = r.range(p.offset, p.filesz, "PT_LOAD segment");
    s.bytes.assign(data.begin(), data.end());
    co.loadSegments.push_back(std::move(s));
  }
  if (co.loadSegments.empty()) fail("no PT_LOAD segments");
  const elf::Section* text = r.findSection(".text");
  if (!text) fail("no .text section");
  co.textVaddr = text->addr;
  co.textSize = text->size;
  {
    bool inside = false;  // .text must be file data of a PT_LOAD segment
    for (const auto& p : r.programHeaders())
      inside |= p.type == elf::kPtLoad && text->addr >= p.vaddr && text->addr - p.vaddr <= p.filesz &&
                text->size <= p.filesz - (text->addr - p.vaddr);
    if (!inside)
      fail(".text [" + hex(text->addr) + ", +" + hex(text->size) +
           ") is not inside a PT_LOAD segment's file data");
  }

  const elf::Note* metadataNote = nullptr;
  const auto notes = r.notes();
  for (const auto& n : notes)
    if (n.name == "AMDGPU" && n.type == kNtAmdgpuMetadata) metadataNote = &n;
  if (!metadataNote) fail("no NT_AMDGPU_METADATA note (code object v2, or not an AMDHSA code object)");
  CodeObjectMetadata md = parseCodeObjectMetadata(metadataNote->desc, name);
  co.target = md.target;

  const auto symbols = r.symbols();
  // The first symbol of each name, and the first function symbol (a hash lookup per kernel: a linear
  // search was kernels x symbols).
  std::unordered_map<std::string_view, const elf::Symbol*> anyByName, funcByName;
  for (const auto& s : symbols) {
    anyByName.try_emplace(s.name, &s);
    if (s.type == kSttFunc) funcByName.try_emplace(s.name, &s);
  }
  auto findSymbol = [&](const std::string& sym, bool func) -> const elf::Symbol* {
    const auto& byName = func ? funcByName : anyByName;
    const auto it = byName.find(sym);
    return it == byName.end() ? nullptr : it->second;
  };
  for (KernelInfo& k : md.kernels) {
    const elf::Symbol* kdSym = findSymbol(k.symbol, false);
    if (!kdSym) fail("kernel " + k.name + ": no symbol " + k.symbol + " for its kernel descriptor");
    k.kdVaddr = kdSym->value;
    auto kdBytes = bytesAtVaddr(r, k.kdVaddr, kKernelDescriptorSize);
    if (kdBytes.size() != kKernelDescriptorSize)
      fail("kernel " + k.name + ": descriptor " + k.symbol + " at " + hex(k.kdVaddr) +
           " is not inside a PT_LOAD segment's file data");
    k.kd = decodeKernelDescriptor(kdBytes.first<kKernelDescriptorSize>());
    // Sizes the launch allocates from, checked before anything is mapped.
    const std::string kdName = "kernel " + k.name + ": descriptor ";
    if (k.kd.privateSegmentFixedSize > kMaxPrivateSegmentBytes)
      fail(kdName + "private_segment_fixed_size " + std::to_string(k.kd.privateSegmentFixedSize) +
           " bytes per work-item exceeds the hardware limit of " + std::to_string(kMaxPrivateSegmentBytes));
    if (k.privateSegmentSize > kMaxPrivateSegmentBytes)
      fail("kernel " + k.name + ": .private_segment_fixed_size " + std::to_string(k.privateSegmentSize) +
           " bytes per work-item exceeds the hardware limit of " + std::to_string(kMaxPrivateSegmentBytes));
    if (k.kd.groupSegmentFixedSize > kMaxLdsBytesPerWorkgroup)
      fail(kdName + "group_segment_fixed_size " + std::to_string(k.kd.groupSegmentFixedSize) +
           " bytes of LDS exceed the " + std::to_string(kMaxLdsBytesPerWorkgroup) + " of a work-group");
    if (k.groupSegmentSize > kMaxLdsBytesPerWorkgroup)
      fail("kernel " + k.name + ": .group_segment_fixed_size " + std::to_string(k.groupSegmentSize) +
           " bytes of LDS exceed the " + std::to_string(kMaxLdsBytesPerWorkgroup) + " of a work-group");
    k.entryVaddr = k.kdVaddr + static_cast<uint64_t>(k.kd.kernelCodeEntryByteOffset);
    if (k.entryVaddr < co.textVaddr || k.entryVaddr - co.textVaddr >= co.textSize)
      fail("kernel " + k.name + ": entry " + hex(k.entryVaddr) +
           " (descriptor + kernel_code_entry_byte_offset) is outside .text [" + hex(co.textVaddr) + ", " +
           hex(co.textVaddr + co.textSize) + ")");
    if (const elf::Symbol* fn = findSymbol(k.name, true); fn && fn->value == k.entryVaddr)
      k.codeSize = fn->size;
    else
      k.codeSize = co.textVaddr + co.textSize - k.entryVaddr;
    if (k.codeSize > co.textVaddr + co.textSize - k.entryVaddr)
      fail("kernel " + k.name + ": function symbol size runs past the end of .text");
  }
  co.kernels = std::move(md.kernels);
  co.relocations = readRelocations(r, co, fail);
  for (const elf::Symbol& s : symbols)
    if (s.type == kSttFunc && s.size && s.value >= co.textVaddr && s.value - co.textVaddr < co.textSize &&
        s.size <= co.textVaddr + co.textSize - s.value)
      co.functions.push_back({s.name, s.value, s.size});
  std::stable_sort(co.functions.begin(), co.functions.end(),
                   [](const CodeFunction& a, const CodeFunction& b) { return a.vaddr < b.vaddr; });
  co.functions.erase(
      std::unique(co.functions.begin(), co.functions.end(),
                  [](const CodeFunction& a, const CodeFunction& b) { return a.vaddr == b.vaddr; }),
      co.functions.end());
  for (KernelInfo& k : co.kernels) k.reachableCode = kernelReachableCode(co, k);
  return co;
}

}  // namespace gcnsim::frontend
