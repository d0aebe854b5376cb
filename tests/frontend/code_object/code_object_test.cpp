// Code-object loading. Expected values come from the LLVM tools run on the
// same committed files (examples/build.sh output):
//   llvm-readelf-15 -h -s --notes FILE   (e_flags, ABI version, symbols, metadata)
//   llvm-objdump-15 -s -j .rodata FILE   (the 64 descriptor bytes at NAME.kd)
#include "frontend/code_object/code_object.hpp"

#include <catch2/catch.hpp>
#include <fstream>
#include <iterator>
#include <random>

#include "frontend/common/error.hpp"
#include "isa/hex_text.hpp"
#include "tests/common/test_files.hpp"

using namespace gcnsim;
using namespace gcnsim::frontend;

namespace {

std::string example(const std::string& rel) { return std::string(GCNSIM_SOURCE_DIR) + "/examples/" + rel; }
std::string data(const std::string& rel) { return std::string(GCNSIM_TEST_DATA) + "/frontend/data/" + rel; }

}  // namespace

TEST_CASE("arch comes from e_flags EF_AMDGPU_MACH", "[frontend][code_object]") {
  // llvm-readelf-15 -h: Flags 0x20, 0x22, 0x2A, 0x12C.
  struct Row {
    const char* cpu;
    isa::Gen gen;
    uint32_t flags;
  };
  for (Row r : {Row{"gfx600", isa::Gen::GCN10, 0x20}, Row{"gfx700", isa::Gen::GCN11, 0x22},
                Row{"gfx803", isa::Gen::GCN12, 0x2a}, Row{"gfx900", isa::Gen::GCN14, 0x12c}}) {
    for (const char* prog : {"vector_add/vector_add", "reduction/reduction"}) {
      const CodeObject co = loadCodeObject(example(std::string(prog) + "." + r.cpu + ".hsaco"));
      INFO(prog << " " << r.cpu);
      CHECK(co.arch.llvmName == r.cpu);
      CHECK(co.arch.gen == r.gen);
      CHECK(co.eFlags == r.flags);
      CHECK(co.codeObjectVersion == 4);  // ABI Version: 2
      CHECK(co.target == std::string("amdgcn-amd-amdhsa--") + r.cpu);
      REQUIRE(co.kernels.size() == 1);
    }
  }
  CHECK(loadCodeObject(example("vector_add/vector_add.gfx900.hsaco")).xnack == "any");  // 0x100
  CHECK(loadCodeObject(example("vector_add/vector_add.gfx600.hsaco")).xnack == "unsupported");
  CHECK(archFromMach(0x2f)->llvmName == "gfx906");
  CHECK_FALSE(archFromMach(0x36));  // gfx1030: not GCN
  CHECK_FALSE(archFromMach(0x30));  // gfx908: CDNA
  CHECK_FALSE(archFromMach(0x3f));  // gfx90a: CDNA
}

TEST_CASE("vector_add gfx900: metadata, symbols and kernel descriptor", "[frontend][code_object]") {
  const CodeObject co = loadCodeObject(example("vector_add/vector_add.gfx900.hsaco"));
  const KernelInfo* k = co.findKernel("vector_add");
  REQUIRE(k);
  CHECK(co.findKernel("nope") == nullptr);
  CHECK(co.kernelNames() == "vector_add");
  // Symbols: vector_add FUNC 0x1800 size 172; vector_add.kd OBJECT 0x740 size 64.
  CHECK(k->symbol == "vector_add.kd");
  CHECK(k->kdVaddr == 0x740);
  CHECK(k->entryVaddr == 0x1800);
  CHECK(k->codeSize == 172);
  CHECK(co.textVaddr == 0x1800);
  CHECK(co.textSize == 0xac);
  // Program headers: LOAD 0x0 0x780, LOAD 0x1800 0xac R E, LOAD 0x28b0 0x70 RW.
  REQUIRE(co.loadSegments.size() == 3);
  CHECK(co.loadSegments[1].vaddr == 0x1800);
  CHECK(co.loadSegments[1].memsz == 0xac);
  CHECK(co.loadSegments[1].flags == 5);
  CHECK(co.imageSize() == 0x28b0 + 0x70);
  // The first instruction word (llvm-objdump -d: s_load_dword s2, s[4:5], 0x4 = C0020082 00000004).
  auto first = co.textBytes(0x1800, 8);
  REQUIRE(first.size() == 8);
  CHECK(first[0] == 0x82);
  CHECK(first[3] == 0xc0);
  CHECK(co.textBytes(0x1800 + 0xa8, 8).empty());  // past the end of .text

  // Metadata (llvm-readelf --notes).
  CHECK(k->kernargSize == 88);
  CHECK(k->kernargAlign == 8);
  CHECK(k->groupSegmentSize == 0);
  CHECK(k->privateSegmentSize == 0);
  CHECK(k->sgprCount == 11);
  CHECK(k->vgprCount == 8);
  CHECK(k->wavefrontSize == 64);
  CHECK(k->maxFlatWorkgroupSize == 256);
  CHECK_FALSE(k->usesDynamicStack);
  CHECK(k->language == "OpenCL C");
  REQUIRE(k->args.size() == 11);
  const KernelArg& a0 = k->args[0];
  CHECK(a0.offset == 0);
  CHECK(a0.size == 8);
  CHECK(a0.valueKind == ArgValueKind::GlobalBuffer);
  CHECK(a0.typeName == "float*");
  CHECK(a0.addressSpace == "global");
  CHECK(a0.isConst);
  CHECK_FALSE(k->args[2].isConst);
  CHECK(k->args[3].offset == 24);
  CHECK(k->args[3].size == 4);
  CHECK(k->args[3].valueKind == ArgValueKind::ByValue);
  CHECK(k->args[3].typeName == "uint");
  CHECK(k->args[4].valueKind == ArgValueKind::HiddenGlobalOffsetX);
  CHECK(k->args[4].offset == 32);
  CHECK(k->args[6].valueKind == ArgValueKind::HiddenGlobalOffsetZ);
  CHECK(k->args[10].valueKind == ArgValueKind::HiddenNone);
  CHECK(k->args[10].offset == 80);
  CHECK(k->explicitArgs().size() == 4);

  // Descriptor bytes (llvm-objdump -s -j .rodata):
  //  0740 00000000 00000000 58000000 00000000
  //  0750 c0100000 00000000 00000000 00000000
  //  0770 4100af00 90000000 0b000000 00000000
  const KernelDescriptor& kd = k->kd;
  CHECK(kd.groupSegmentFixedSize == 0);
  CHECK(kd.privateSegmentFixedSize == 0);
  CHECK(kd.kernargSize == 88);
  CHECK(kd.kernelCodeEntryByteOffset == 0x10c0);
  CHECK(kd.computePgmRsrc3 == 0);
  CHECK(kd.computePgmRsrc1 == 0x00af0041);
  CHECK(kd.computePgmRsrc2 == 0x90);
  CHECK(kd.kernelCodeProperties == 0x0b);
  // rsrc1 0x00af0041: vgpr blocks 1, sgpr blocks 1, denorm modes 3/3, dx10 clamp, ieee.
  CHECK(kd.granulatedWorkitemVgprCount == 1);
  CHECK(kd.granulatedWavefrontSgprCount == 1);
  CHECK(kd.floatRoundMode32 == 0);
  CHECK(kd.floatDenormMode32 == 3);
  CHECK(kd.floatDenormMode16_64 == 3);
  CHECK(kd.enableDx10Clamp);
  CHECK(kd.enableIeeeMode);
  CHECK_FALSE(kd.priv);
  CHECK_FALSE(kd.fp16Overflow);
  // rsrc2 0x90: user_sgpr_count 8, workgroup id x only, workitem id X only.
  CHECK(kd.userSgprCount == 8);
  CHECK(kd.enableSgprWorkgroupIdX);
  CHECK_FALSE(kd.enableSgprWorkgroupIdY);
  CHECK_FALSE(kd.enableSgprWorkgroupInfo);
  CHECK(kd.enableVgprWorkitemId == 0);
  CHECK_FALSE(kd.enableSgprPrivateSegmentWaveByteOffset);
  CHECK_FALSE(kd.enableTrapHandler);
  // kernel_code_properties 0x0b: private segment buffer, dispatch ptr, kernarg ptr.
  CHECK(kd.enableSgprPrivateSegmentBuffer);
  CHECK(kd.enableSgprDispatchPtr);
  CHECK_FALSE(kd.enableSgprQueuePtr);
  CHECK(kd.enableSgprKernargSegmentPtr);
  CHECK_FALSE(kd.enableSgprDispatchId);
  CHECK_FALSE(kd.enableSgprFlatScratchInit);
  CHECK_FALSE(kd.enableWavefrontSize32);
  CHECK(kd.enabledUserSgprs() == kd.userSgprCount);
}

TEST_CASE("descriptor differences across arches and programs", "[frontend][code_object]") {
  // llvm-objdump -s -j .rodata, word at 0x770: gfx600 vector_add 0x00ac0040, gfx700 0x00ac0041;
  // reduction gfx900 0x00af0080 (sgpr_count 18 -> 2 blocks), kernarg 0x50.
  CHECK(loadCodeObject(example("vector_add/vector_add.gfx600.hsaco")).kernels[0].kd.computePgmRsrc1 ==
        0x00ac0040);
  CHECK(loadCodeObject(example("vector_add/vector_add.gfx700.hsaco")).kernels[0].kd.computePgmRsrc1 ==
        0x00ac0041);
  const CodeObject red = loadCodeObject(example("reduction/reduction.gfx900.hsaco"));
  const KernelInfo& k = red.kernels[0];
  CHECK(k.name == "reduce_sum");
  CHECK(k.kd.computePgmRsrc1 == 0x00af0080);
  CHECK(k.kd.granulatedWavefrontSgprCount == 2);
  CHECK(k.kd.kernargSize == 80);
  CHECK(k.sgprCount == 18);
  CHECK(k.codeSize == 312);
  REQUIRE(k.explicitArgs().size() == 4);
  const KernelArg& local = *k.explicitArgs()[2];
  CHECK(local.valueKind == ArgValueKind::DynamicSharedPointer);
  CHECK(local.addressSpace == "local");
  CHECK(local.offset == 16);
  CHECK(local.size == 4);
  CHECK(local.pointeeAlign == 4);
}

TEST_CASE("code object v3 and v5", "[frontend][code_object]") {
  // v3: ABI Version 1, kd at 0x700, entry offset 0x1100; no amdhsa.target.
  const CodeObject v3 = loadCodeObject(data("vector_add.gfx900.v3.hsaco"));
  CHECK(v3.codeObjectVersion == 3);
  CHECK(v3.arch.llvmName == "gfx900");
  CHECK(v3.target.empty());
  CHECK(v3.xnack == "on");  // v3 flag 0x100 = EF_AMDGPU_FEATURE_XNACK_V3
  CHECK(v3.kernels[0].kdVaddr == 0x700);
  CHECK(v3.kernels[0].entryVaddr == 0x1800);
  CHECK(v3.kernels[0].kernargSize == 88);

  // v5: ABI Version 3, kd at 0x840, .text at 0x1900, kernarg 288 (0x120),
  // rsrc2 0x8c (user SGPRs 6), kernel_code_properties 0x09 (no dispatch ptr), 17 args.
  const CodeObject v5 = loadCodeObject(data("vector_add.gfx900.v5.hsaco"));
  CHECK(v5.codeObjectVersion == 5);
  const KernelInfo& k = v5.kernels[0];
  CHECK(k.kdVaddr == 0x840);
  CHECK(k.entryVaddr == 0x1900);
  CHECK(k.kernargSize == 288);
  CHECK(k.kd.kernargSize == 288);
  CHECK(k.kd.computePgmRsrc2 == 0x8c);
  CHECK(k.kd.userSgprCount == 6);
  CHECK(k.kd.kernelCodeProperties == 0x09);
  CHECK_FALSE(k.kd.enableSgprDispatchPtr);
  REQUIRE(k.args.size() == 17);
  CHECK(k.args[4].valueKind == ArgValueKind::HiddenBlockCountX);
  CHECK(k.args[4].offset == 32);
  CHECK(k.args[7].valueKind == ArgValueKind::HiddenGroupSizeX);
  CHECK(k.args[7].offset == 44);
  CHECK(k.args[7].size == 2);
  CHECK(k.args[10].valueKind == ArgValueKind::HiddenRemainderX);
  CHECK(k.args[10].offset == 50);
  CHECK(k.args[13].valueKind == ArgValueKind::HiddenGlobalOffsetX);
  CHECK(k.args[13].offset == 72);
  CHECK(k.args[16].valueKind == ArgValueKind::HiddenGridDims);
  CHECK(k.args[16].offset == 96);
  CHECK(k.explicitArgs().size() == 4);
}

TEST_CASE("value kind names round-trip", "[frontend][code_object]") {
  for (const char* s :
       {"by_value", "global_buffer", "dynamic_shared_pointer", "hidden_global_offset_y",
        "hidden_printf_buffer", "hidden_hostcall_buffer", "hidden_default_queue", "hidden_completion_action",
        "hidden_multigrid_sync_arg", "hidden_block_count_z", "hidden_group_size_y", "hidden_remainder_z",
        "hidden_grid_dims", "hidden_heap_v1", "hidden_dynamic_lds_size", "hidden_private_base",
        "hidden_shared_base", "hidden_queue_ptr"}) {
    CHECK(argValueKindName(parseArgValueKind(s)) == s);
  }
  CHECK(parseArgValueKind("hidden_future_thing") == ArgValueKind::Unknown);
  CHECK(isHiddenArg(ArgValueKind::HiddenQueuePtr));
  CHECK_FALSE(isHiddenArg(ArgValueKind::GlobalBuffer));
}

namespace {

// Loads `bytes` and returns the InputError text ("" if it loaded).
std::string loadError(std::vector<uint8_t> bytes) {
  try {
    loadCodeObject(std::move(bytes), "bad.hsaco");
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("corrupt code objects are one-line InputErrors", "[frontend][code_object]") {
  const std::vector<uint8_t> good = gcnsim::test::readBytes(example("vector_add/vector_add.gfx900.hsaco"));
  REQUIRE(loadError(good).empty());

  CHECK_THAT(loadError({}), Catch::Contains("bad.hsaco: not an ELF file"));
  auto bad = good;
  bad[1] = 'X';
  CHECK_THAT(loadError(bad), Catch::Contains("bad magic"));
  bad = good;
  bad[18] = 62;  // e_machine EM_X86_64
  CHECK_THAT(loadError(bad), Catch::Contains("not EM_AMDGPU"));
  bad = good;
  bad[48] = 0x36;  // EF_AMDGPU_MACH gfx1030
  CHECK_THAT(loadError(bad), Catch::Contains("EF_AMDGPU_MACH 0x36"));
  // CDNA (AMDGPUUsage.rst EF_AMDGPU_MACH table: gfx908 0x030, gfx90a 0x03f, gfx940 0x040 in LLVM 15):
  // gfx9 names, but not GCN 1.4 code (MFMA, AGPRs, gfx90a's VGPR granule); refused when loaded.
  for (const auto& [mach, name] :
       {std::pair{0x30, "gfx908"}, std::pair{0x3f, "gfx90a"}, std::pair{0x40, "gfx940"}}) {
    bad = good;
    bad[48] = static_cast<uint8_t>(mach);
    CHECK(loadError(bad) == "bad.hsaco: EF_AMDGPU_MACH " + gcnsim::hex(static_cast<uint64_t>(mach)) + " (" +
                                name +
                                ", CDNA) is not a GCN 1.0-1.4 processor (gcnsim simulates gfx6 to gfx9)");
  }
  bad = good;
  bad[48] = 0x2f;  // gfx906: GCN 1.4
  CHECK(loadError(bad).empty());
  bad = good;
  bad[8] = 4;  // code object v6
  CHECK_THAT(loadError(bad), Catch::Contains("code object version 6"));
  bad = good;
  bad[4] = 1;  // ELFCLASS32
  CHECK_THAT(loadError(bad), Catch::Contains("not a 64-bit ELF"));
  bad = good;
  bad[40] = 0xff;  // e_shoff far past the end
  bad[44] = 0x7f;
  CHECK_THAT(loadError(bad), Catch::Contains("section header table"));

  // The metadata note: corrupt the msgpack map header byte right after "AMDGPU\0\0"
  // (note at file offset 0x200: 12-byte header + 8-byte name).
  bad = good;
  REQUIRE(std::string(reinterpret_cast<const char*>(&bad[0x200 + 12])) == "AMDGPU");
  bad[0x200 + 20] = 0xc1;  // never used in msgpack
  CHECK_THAT(loadError(bad), Catch::Contains("NT_AMDGPU_METADATA"));
  bad = good;
  bad[0x200 + 8] = 31;  // note type no longer NT_AMDGPU_METADATA
  CHECK_THAT(loadError(bad), Catch::Contains("no NT_AMDGPU_METADATA note"));

  // Every truncation of the file is rejected cleanly.
  for (size_t len = 0; len < good.size(); len += (len < 128 ? 1 : 37)) {
    INFO("truncated to " << len);
    std::vector<uint8_t> t(good.begin(), good.begin() + static_cast<long>(len));
    const std::string err = loadError(t);
    CHECK_THAT(err, Catch::StartsWith("bad.hsaco: "));
    CHECK(err.find('\n') == std::string::npos);
  }
}

TEST_CASE("random bytes and random corruption never crash the loader", "[frontend][code_object]") {
  const std::vector<uint8_t> good = gcnsim::test::readBytes(example("reduction/reduction.gfx803.hsaco"));
  std::mt19937_64 rng(12345);
  for (int trial = 0; trial < 300; ++trial) {
    std::vector<uint8_t> bytes;
    if (trial % 3 == 0) {
      bytes.resize(rng() % 4096);
      for (auto& b : bytes) b = static_cast<uint8_t>(rng());
      if (bytes.size() >= 4 && trial % 2)
        std::copy_n(
            "\x7f"
            "ELF",
            4, bytes.begin());
    } else {
      bytes = good;
      for (int i = 0; i < 1 + trial % 8; ++i) bytes[rng() % bytes.size()] = static_cast<uint8_t>(rng());
    }
    try {
      loadCodeObject(std::move(bytes), "fuzz.hsaco");
    } catch (const InputError& e) {
      CHECK_THAT(e.what(), Catch::StartsWith("fuzz.hsaco: "));
    }
  }
}

TEST_CASE("a missing file names the file", "[frontend][code_object]") {
  CHECK_THROWS_WITH(loadCodeObject("/nonexistent/x.hsaco"),
                    Catch::Contains("/nonexistent/x.hsaco: cannot open: No such file or directory"));
}
