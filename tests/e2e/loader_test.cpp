// Loading code objects as the ROCm runtime does, end to end through jobs and
// the Device API (tests/frontend/data/loader/, rebuilt by its build.sh):
// hidden arguments of code object v5 on partial work-groups against the
// device library's formulas, dynamic relocations, one image per program
// shared by its kernels, .reqd_workgroup_size, and by-value arguments larger
// than 8 bytes (vectors, structs).
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>

#include "frontend/cli/run_cmd.hpp"
#include "frontend/code_object/code_object.hpp"
#include "frontend/code_object/elf_reader.hpp"
#include "frontend/common/error.hpp"
#include "frontend/common/input_file.hpp"
#include "frontend/device/device.hpp"
#include "frontend/job/job.hpp"
#include "isa/hex_text.hpp"
#include "tests/common/gcnsim_process.hpp"

using namespace gcnsim;
namespace fs = std::filesystem;

namespace {

const fs::path kLoader = fs::path(GCNSIM_TEST_DATA) / "frontend/data/loader";

std::string fixture(const std::string& name) { return (kLoader / name).string(); }

// A scratch folder for job files and patched code objects, removed at the end.
struct TempDir {
  fs::path path;
  TempDir() {
    path = fs::temp_directory_path() / ("gcnsim_loader_" + std::to_string(::getpid()) + "_" +
                                        std::to_string(reinterpret_cast<uintptr_t>(this)));
    fs::create_directories(path);
  }
  ~TempDir() { fs::remove_all(path); }
  fs::path write(const std::string& name, const std::string& text) const {
    std::ofstream(path / name) << text;
    return path / name;
  }
  fs::path write(const std::string& name, const std::vector<uint8_t>& bytes) const {
    std::ofstream(path / name, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    return path / name;
  }
};

std::string quoted(const std::string& s) { return "\"" + s + "\""; }

// Runs the job in `mode`; REQUIREs status ok; returns the buffer's bytes.
std::vector<uint8_t> runBuffer(const fs::path& job, const std::string& mode, const std::string& buffer) {
  frontend::RunOptions o;
  o.mode = mode;
  const frontend::RunOutcome r = frontend::runJob(frontend::loadJob(job), o);
  INFO(r.status.message);
  REQUIRE(r.status.ok());
  for (const auto& b : r.doc.buffers)
    if (b.name == buffer) return b.bytes;
  FAIL("no buffer " << buffer);
  return {};
}

template <class T>
std::vector<T> as(const std::vector<uint8_t>& bytes) {
  std::vector<T> out(bytes.size() / sizeof(T));
  std::memcpy(out.data(), bytes.data(), out.size() * sizeof(T));
  return out;
}

// The one-line message of what f throws.
std::string errorOf(const std::function<void()>& f) {
  try {
    f();
  } catch (const frontend::InputError& e) {
    return e.what();
  }
  return "(no error)";
}

std::string loadError(const fs::path& job) {
  try {
    frontend::loadJob(job);
  } catch (const frontend::InputError& e) {
    return e.what();
  }
  return "(no error)";
}

// The 20 words geom.cl writes for every work-item, from OpenCL's definitions:
// get_num_groups = ceil(grid / wg), get_local_size of the last, partial
// group = grid mod wg, get_global_size = grid (no offset).
std::vector<uint32_t> geomReference(std::array<uint32_t, 3> grid, std::array<uint32_t, 3> wg, uint32_t dims) {
  const uint64_t n = uint64_t{grid[0]} * grid[1] * grid[2];
  std::vector<uint32_t> out(n * 20);
  for (uint32_t z = 0; z < grid[2]; ++z)
    for (uint32_t y = 0; y < grid[1]; ++y)
      for (uint32_t x = 0; x < grid[0]; ++x) {
        const std::array<uint32_t, 3> id{x, y, z};
        uint32_t* p = &out[(x + uint64_t{y} * grid[0] + uint64_t{z} * grid[0] * grid[1]) * 20];
        for (int d = 0; d < 3; ++d) {
          const uint32_t groups = (grid[d] + wg[d] - 1) / wg[d], group = id[d] / wg[d];
          const bool partial = group == groups - 1 && grid[d] % wg[d];
          p[d * 6 + 0] = id[d];
          p[d * 6 + 1] = id[d] % wg[d];
          p[d * 6 + 2] = group;
          p[d * 6 + 3] = partial ? grid[d] % wg[d] : wg[d];
          p[d * 6 + 4] = groups;
          p[d * 6 + 5] = grid[d];
        }
        p[18] = dims;
        p[19] = 0;
      }
  return out;
}

std::string dimsJson(const std::vector<uint32_t>& d) {
  std::string s = "[";
  for (size_t i = 0; i < d.size(); ++i) s += (i ? ", " : "") + std::to_string(d[i]);
  return s + "]";
}

// The file's bytes with `patch` applied.
std::vector<uint8_t> patched(const std::string& file,
                             const std::function<void(std::vector<uint8_t>&)>& patch) {
  std::vector<uint8_t> bytes = frontend::readInputFile(file, uint64_t{1} << 30);
  patch(bytes);
  return bytes;
}

const frontend::elf::Section& section(const std::vector<uint8_t>& bytes, const std::string& name) {
  static std::vector<frontend::elf::Section> keep;
  const frontend::elf::Reader r(bytes, "x");
  const frontend::elf::Section* s = r.findSection(name);
  REQUIRE(s);
  keep.push_back(*s);
  return keep.back();
}

uint64_t symbolValue(const std::vector<uint8_t>& bytes, const std::string& name) {
  const frontend::elf::Reader r(bytes, "x");
  for (const auto& s : r.symbols())
    if (s.name == name) return s.value;
  FAIL("no symbol " << name);
  return 0;
}

// The index in .rela.dyn of the relocation at vaddr `offset`.
size_t relocationAt(const std::vector<uint8_t>& bytes, uint64_t offset) {
  const auto& rela = section(bytes, ".rela.dyn");
  for (size_t i = 0; i < rela.size / 24; ++i) {
    uint64_t at = 0;
    std::memcpy(&at, bytes.data() + rela.offset + i * 24, 8);
    if (at == offset) return i;
  }
  FAIL("no relocation at " << offset);
  return 0;
}

}  // namespace

TEST_CASE("loader: work-item functions on partial work-groups, code objects v4 and v5", "[e2e][loader]") {
  TempDir tmp;
  struct Geometry {
    std::vector<uint32_t> grid, wg;
  };
  // get_work_dim() is the number of grid entries, also where the last ones
  // are 1 ([64, 1] is 2-dimensional: it had been 1, [64, 2, 1] 2).
  const Geometry geometries[] = {{{3}, {8}},
                                 {{64}, {64}},
                                 {{100}, {32}},
                                 {{37, 23}, {8, 4}},
                                 {{256, 3}, {256, 1}},
                                 {{5, 7, 9}, {4, 2, 4}},
                                 {{1000}, {256}},
                                 {{64, 1}, {64, 1}},
                                 {{64, 2, 1}, {64, 1, 1}},
                                 {{8, 1, 1}, {8, 1, 1}}};
  for (const char* file : {"geom.gfx900.v4.hsaco", "geom.gfx900.v5.hsaco", "geom.gfx803.v5.hsaco"})
    for (const Geometry& g : geometries) {
      std::array<uint32_t, 3> grid{1, 1, 1}, wg{1, 1, 1};
      for (size_t i = 0; i < g.grid.size(); ++i) grid[i] = g.grid[i], wg[i] = g.wg[i];
      const uint64_t n = uint64_t{grid[0]} * grid[1] * grid[2];
      const fs::path job =
          tmp.write("geom.json",
                    "{\"kernel\": {\"file\": " + quoted(fixture(file)) + "}, \"grid\": " + dimsJson(g.grid) +
                        ", \"workgroup\": " + dimsJson(g.wg) + ", \"buffers\": {\"o\": {\"type\": \"u32\", " +
                        "\"count\": " + std::to_string(n * 20) + ", \"fill\": 3735928559}}, " +
                        "\"args\": [{\"buffer\": \"o\"}]}");
      const auto expected = geomReference(grid, wg, static_cast<uint32_t>(g.grid.size()));
      for (const char* mode : {"functional", "timing"}) {
        CAPTURE(file, dimsJson(g.grid), dimsJson(g.wg), mode);
        const auto got = as<uint32_t>(runBuffer(job, mode, "o"));
        REQUIRE(got.size() == expected.size());
        size_t bad = 0;
        for (size_t i = 0; i < got.size(); ++i)
          if (got[i] != expected[i] && bad++ < 4) CHECK(got[i] == expected[i]);
        CHECK(bad == 0);
      }
    }
}

TEST_CASE("loader: get_work_dim of each step is its grid's entries, and LaunchOptions::workDims",
          "[e2e][loader]") {
  TempDir tmp;
  // Word 18 of each work-item's 20 is get_work_dim() (geom.cl). Step 1 writes
  // work-items 0-63 with dims 2, step 2 then overwrites 0-7 with dims 3.
  for (const char* file : {"geom.gfx900.v4.hsaco", "geom.gfx900.v5.hsaco"}) {
    const fs::path job = tmp.write(
        "steps.json", "{\"kernels\": {\"g\": {\"file\": " + quoted(fixture(file)) + "}}, " +
                          "\"buffers\": {\"o\": {\"type\": \"u32\", \"count\": 1280}}, \"steps\": [" +
                          "{\"dispatch\": \"g\", \"grid\": [64, 1], \"workgroup\": [64], \"args\": "
                          "[{\"buffer\": \"o\"}]}, " +
                          "{\"dispatch\": \"g\", \"grid\": [8, 1, 1], \"workgroup\": [8], \"args\": "
                          "[{\"buffer\": \"o\"}]}]}");
    for (const char* mode : {"functional", "timing"}) {
      CAPTURE(file, mode);
      const auto o = as<uint32_t>(runBuffer(job, mode, "o"));
      REQUIRE(o.size() == 1280);
      for (uint32_t i = 0; i < 64; ++i) CHECK(o[i * 20 + 18] == (i < 8 ? 3u : 2u));
    }
  }

  // The Device API: workDims as given, or (0) from the sizes.
  DeviceOptions opt;
  opt.arch = "gfx900";
  opt.threads = 1;
  Device dev(opt);
  const BufferHandle o = dev.allocate(64 * 20 * 4, "o");
  const KernelRef k = dev.loadCodeObject(fixture("geom.gfx900.v5.hsaco"), "geom");
  auto workDim = [&](std::array<uint32_t, 3> grid, unsigned dims) {
    LaunchOptions l;
    l.mode = "functional";
    l.workDims = dims;
    const DispatchResult r = dev.dispatch(k, grid, {8, 1, 1}, {gcnsim::KernelArg::of(o)}, l);
    REQUIRE(r.status.ok());
    uint32_t v = 0;
    dev.read(o, 18 * 4, &v, 4);
    return v;
  };
  CHECK(workDim({8, 1, 1}, 0) == 1);
  CHECK(workDim({8, 2, 1}, 0) == 2);
  CHECK(workDim({8, 1, 2}, 0) == 3);
  CHECK(workDim({8, 1, 1}, 2) == 2);
  CHECK(workDim({8, 1, 1}, 3) == 3);
  CHECK(workDim({8, 2, 1}, 3) == 3);
  CHECK(errorOf([&] {
          workDim({8, 1, 1}, 4);
        }) == "work_dims: 4 is not a number of grid dimensions (1 to 3)");
  CHECK(errorOf([&] {
          workDim({8, 2, 1}, 1);
        }) == "work_dims: 1, but the grid's y size is 2 (a dimension beyond work_dims is 1)");
}

TEST_CASE("loader: hidden_block_count counts full work-groups only (code object v5)", "[e2e][loader]") {
  // grid 3, work-groups of 8: no full work-group, remainder 3. The device
  // library: get_num_groups = 0 + (3 != 0) = 1, get_global_size = 0 * 8 + 3,
  // get_local_size(group 0) = 0 < 0 ? 8 : 3.
  TempDir tmp;
  const fs::path job = tmp.write(
      "gs.json", "{\"kernel\": {\"file\": " + quoted(fixture("geom.gfx900.v5.hsaco")) +
                     "}, \"grid\": [3], \"workgroup\": [8], \"buffers\": {\"o\": {\"type\": \"u32\", "
                     "\"count\": 60}}, \"args\": [{\"buffer\": \"o\"}]}");
  const auto o = as<uint32_t>(runBuffer(job, "functional", "o"));
  for (uint32_t i = 0; i < 3; ++i) {
    CHECK(o[i * 20 + 3] == 3);  // get_local_size(0)
    CHECK(o[i * 20 + 4] == 1);  // get_num_groups(0)
    CHECK(o[i * 20 + 5] == 3);  // get_global_size(0)
  }
}

TEST_CASE("loader: dynamic relocations are applied when the image is placed", "[e2e][loader]") {
  const std::string file = fixture("program.gfx900.hsaco");
  const auto bytes = frontend::readInputFile(file, uint64_t{1} << 30);
  const frontend::CodeObject co = frontend::loadCodeObject(file);
  // Three R_AMDGPU_RELATIVE64 (B + A): gptr = &garr[2], tabs[0] = ctab, tabs[1] = ctab2.
  REQUIRE(co.relocations.size() == 3);
  std::map<uint64_t, int64_t> want{{symbolValue(bytes, "gptr"), symbolValue(bytes, "garr") + 8},
                                   {symbolValue(bytes, "tabs"), symbolValue(bytes, "ctab")},
                                   {symbolValue(bytes, "tabs") + 8, symbolValue(bytes, "ctab2")}};
  for (const auto& r : co.relocations) {
    CHECK(r.type == frontend::Relocation::Relative64);
    REQUIRE(want.count(r.offset));
    CHECK(r.addend == want[r.offset]);
    CHECK(r.value(0x100000) == 0x100000 + uint64_t(want[r.offset]));
  }

  TempDir tmp;
  const fs::path rel = tmp.write("rel.json", "{\"kernel\": {\"file\": " + quoted(file) +
                                                 ", \"name\": \"rel\"}, \"grid\": [1], \"workgroup\": [1], "
                                                 "\"buffers\": {\"o\": {\"type\": \"i32\", \"count\": 2}}, "
                                                 "\"args\": [{\"buffer\": \"o\"}]}");
  const fs::path crel =
      tmp.write("crel.json", "{\"kernel\": {\"file\": " + quoted(file) +
                                 ", \"name\": \"crel\"}, \"grid\": [8], \"workgroup\": [8], "
                                 "\"buffers\": {\"o\": {\"type\": \"i32\", \"count\": 8}}, "
                                 "\"args\": [{\"buffer\": \"o\"}]}");
  for (const char* mode : {"functional", "timing"}) {
    CAPTURE(mode);
    CHECK(as<int32_t>(runBuffer(rel, mode, "o")) == std::vector<int32_t>{30, 40});  // garr[2], garr[3]
    CHECK(as<int32_t>(runBuffer(crel, mode, "o")) ==
          std::vector<int32_t>{10, 60, 30, 80, 10, 60, 30, 80});  // tabs[i & 1][i & 3]
  }

  // gptr's relocation as R_AMDGPU_ABS64 against rel.kd (a .dynsym symbol) with
  // the addend moved: S + A is the same address, garr + 8.
  const size_t gptr = relocationAt(bytes, symbolValue(bytes, "gptr"));
  const auto abs64 = patched(file, [&](std::vector<uint8_t>& b) {
    const auto& rela = section(b, ".rela.dyn");
    const frontend::elf::Reader r(b, "x");
    const auto dyn = r.dynamicSymbols();
    uint64_t sym = 0;
    for (size_t i = 0; i < dyn.size(); ++i)
      if (dyn[i].name == "rel.kd") sym = i;
    REQUIRE(sym);
    const uint64_t info = sym << 32 | frontend::Relocation::Abs64;
    const int64_t addend = symbolValue(b, "garr") + 8 - int64_t(dyn[sym].value);
    std::memcpy(b.data() + rela.offset + gptr * 24 + 8, &info, 8);
    std::memcpy(b.data() + rela.offset + gptr * 24 + 16, &addend, 8);
  });
  const fs::path absFile = tmp.write("abs64.hsaco", abs64);
  const fs::path absJob = tmp.write("abs.json",
                                    "{\"kernel\": {\"file\": \"abs64.hsaco\", \"name\": \"rel\"}, "
                                    "\"grid\": [1], \"workgroup\": [1], \"buffers\": {\"o\": "
                                    "{\"type\": \"i32\", \"count\": 2}}, \"args\": [{\"buffer\": \"o\"}]}");
  CHECK(*frontend::loadCodeObject(absFile.string()).relocations.at(gptr).symbol == "rel.kd");
  CHECK(as<int32_t>(runBuffer(absJob, "functional", "o")) == std::vector<int32_t>{30, 40});
}

TEST_CASE("loader: a dynamic relocation gcnsim cannot apply is refused before the run", "[e2e][loader]") {
  const std::string file = fixture("program.gfx900.hsaco");
  const auto bytes = frontend::readInputFile(file, uint64_t{1} << 30);
  const size_t gptr = relocationAt(bytes, symbolValue(bytes, "gptr"));
  const std::string at = hex(symbolValue(bytes, "gptr"));
  auto withEntry = [&](uint64_t info, uint64_t offset) {
    return patched(file, [&](std::vector<uint8_t>& b) {
      const auto& rela = section(b, ".rela.dyn");
      std::memcpy(b.data() + rela.offset + gptr * 24, &offset, 8);
      std::memcpy(b.data() + rela.offset + gptr * 24 + 8, &info, 8);
    });
  };
  auto error = [](const std::vector<uint8_t>& b) -> std::string {
    try {
      frontend::loadCodeObject(b, "p.hsaco");
    } catch (const frontend::InputError& e) {
      return e.what();
    }
    return "(no error)";
  };
  const std::string entry = "p.hsaco: .rela.dyn[" + std::to_string(gptr) + "]: ";
  // R_AMDGPU_REL32 (4) is a static relocation: the linker resolves it.
  CHECK(error(withEntry(4, symbolValue(bytes, "gptr"))) ==
        entry + "R_AMDGPU_REL32 at offset " + at +
            ": not a dynamic relocation gcnsim can apply (it applies R_AMDGPU_RELATIVE64, R_AMDGPU_ABS64, "
            "R_AMDGPU_ABS32, R_AMDGPU_ABS32_LO and R_AMDGPU_ABS32_HI)");
  CHECK(error(withEntry(99, symbolValue(bytes, "gptr"))).find("relocation type 99 at offset") !=
        std::string::npos);
  CHECK(error(withEntry(13, 0x7ffffff0)) ==
        entry + "R_AMDGPU_RELATIVE64 at offset 0x7ffffff0: the 8-byte field " +
            "lies outside the image [0, " + hex(frontend::loadCodeObject(file).imageSize()) + ")");
  CHECK(error(withEntry(3, symbolValue(bytes, "gptr"))) ==
        entry + "R_AMDGPU_ABS64 at offset " + at + ": needs a symbol (S + A), has none");
  CHECK(error(withEntry(uint64_t{1000} << 32 | 3, symbolValue(bytes, "gptr"))) ==
        entry + "R_AMDGPU_ABS64 at offset " + at + ": symbol index 1000 is not in .dynsym (9 symbols)");
  // Against an undefined symbol (st_shndx SHN_UNDEF): nothing defines it.
  const auto undefined = patched(file, [&](std::vector<uint8_t>& b) {
    const auto& rela = section(b, ".rela.dyn");
    const auto& dynsym = section(b, ".dynsym");
    const uint64_t info = uint64_t{1} << 32 | 3;
    std::memcpy(b.data() + rela.offset + gptr * 24 + 8, &info, 8);
    const uint16_t undef = 0;
    std::memcpy(b.data() + dynsym.offset + 24 + 6, &undef, 2);
  });
  CHECK(error(undefined) ==
        entry + "R_AMDGPU_ABS64 at offset " + at +
            " against symbol \"rel\": the symbol is not defined in the code object (gcnsim "
            "links nothing else)");

  // Through the CLI: one line, exit status 2, nothing run.
  TempDir tmp;
  tmp.write("bad.hsaco", withEntry(4, symbolValue(bytes, "gptr")));
  const fs::path job = tmp.write("bad.json",
                                 "{\"kernel\": {\"file\": \"bad.hsaco\", \"name\": \"rel\"}, "
                                 "\"grid\": [1], \"workgroup\": [1], \"buffers\": {\"o\": "
                                 "{\"type\": \"i32\", \"count\": 2}}, \"args\": [{\"buffer\": \"o\"}]}");
  for (const char* cmd : {"run", "check"}) {
    const auto r = test::runGcnsim(std::string(cmd) + " " + job.string());
    CHECK(r.status == 2);
    CHECK(r.err.find("kernel.file: ") != std::string::npos);
    CHECK(r.err.find("R_AMDGPU_REL32 at offset " + at) != std::string::npos);
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  }
  const auto info = test::runGcnsim("info " + fixture("program.gfx900.hsaco"));
  CHECK(info.status == 0);
  CHECK(info.out.find("  dynamic relocations 3 ") != std::string::npos);
}

TEST_CASE("loader: the kernels of one file share its program-scope variables", "[e2e][loader]") {
  TempDir tmp;
  fs::create_directories(tmp.path / "sub");
  const std::string file = fixture("program.gfx900.hsaco");
  // inc twice (gcount 100 -> 101 -> 102), then rd: gcount as inc left it, and
  // garr[3] (40) + 1 through gptr. The second entry names the same file by
  // another path.
  const std::string other = (tmp.path / "sub" / ".." / fs::relative(file, tmp.path)).string();
  const fs::path job = tmp.write(
      "steps.json",
      "{\"kernels\": {\"inc\": {\"file\": " + quoted(file) + ", \"name\": \"inc\"}, " +
          "\"rd\": {\"file\": " + quoted(other) + ", \"name\": \"rd\"}}, " +
          "\"buffers\": {\"o\": {\"type\": \"i32\", \"count\": 3}}, \"steps\": [" +
          "{\"dispatch\": \"inc\", \"grid\": [1], \"workgroup\": [1], \"args\": [{\"buffer\": \"o\"}]}, " +
          "{\"dispatch\": \"inc\", \"grid\": [1], \"workgroup\": [1], \"args\": [{\"buffer\": \"o\"}]}, " +
          "{\"dispatch\": \"rd\", \"grid\": [1], \"workgroup\": [1], \"args\": [{\"buffer\": \"o\"}]}]}");
  for (const char* mode : {"functional", "timing"}) {
    CAPTURE(mode);
    CHECK(as<int32_t>(runBuffer(job, mode, "o")) == std::vector<int32_t>{102, 102, 41});
  }

  // The Device API: one image per file, however it is named; another file
  // (a copy) is another program with its own variables, as is another Device.
  fs::copy_file(file, tmp.path / "copy.hsaco");
  DeviceOptions opt;
  opt.arch = "gfx900";
  opt.threads = 1;
  Device dev(opt);
  const BufferHandle o = dev.allocate(12, "o");
  auto run = [&](const KernelRef& k) {
    const DispatchResult r = dev.dispatch(k, {1, 1, 1}, {1, 1, 1}, {gcnsim::KernelArg::of(o)}, {});
    REQUIRE(r.status.ok());
    std::array<int32_t, 3> v{};
    dev.read(o, 0, v.data(), 12);
    return v;
  };
  const KernelRef inc = dev.loadCodeObject(file, "inc");
  const KernelRef rd = dev.loadCodeObject(other, "rd");
  const KernelRef rdCopy = dev.loadCodeObject(tmp.path / "copy.hsaco", "rd");
  CHECK(run(inc)[0] == 101);
  CHECK(run(dev.loadCodeObject(file, "inc"))[0] == 102);
  CHECK(run(rd) == std::array<int32_t, 3>{102, 102, 41});
  CHECK(run(rdCopy) == std::array<int32_t, 3>{102, 100, 41});  // o[0] is left from before
  Device dev2(opt);
  const BufferHandle o2 = dev2.allocate(12, "o");
  REQUIRE(
      dev2.dispatch(dev2.loadCodeObject(file, "rd"), {1, 1, 1}, {1, 1, 1}, {gcnsim::KernelArg::of(o2)}, {})
          .status.ok());
  std::array<int32_t, 3> v{};
  dev2.read(o2, 0, v.data(), 12);
  CHECK(v == std::array<int32_t, 3>{0, 100, 41});
}

TEST_CASE("loader: .reqd_workgroup_size is enforced", "[e2e][loader]") {
  const std::string file = fixture("reqd.gfx900.hsaco");
  const frontend::CodeObject co = frontend::loadCodeObject(file);
  CHECK(co.kernels.at(0).reqdWorkgroupSize == std::array<uint32_t, 3>{8, 4, 1});
  TempDir tmp;
  auto job = [&](const std::string& wg, const std::string& name = "reqd.json") {
    return tmp.write(name, "{\"kernel\": {\"file\": " + quoted(file) + "}, \"grid\": [32, 8], " +
                               "\"workgroup\": " + wg + ", \"buffers\": {\"o\": {\"type\": \"u32\", " +
                               "\"count\": 512}}, \"args\": [{\"buffer\": \"o\"}]}");
  };
  for (const char* mode : {"functional", "timing"}) {
    const auto o = as<uint32_t>(runBuffer(job("[8, 4]"), mode, "o"));
    for (size_t i = 0; i < 256; ++i) {
      CHECK(o[2 * i] == 8);
      CHECK(o[2 * i + 1] == 4);
    }
  }
  const std::string tail =
      " does not match the kernel's .reqd_workgroup_size 8 x 4 x 1 (OpenCL "
      "reqd_work_group_size: the compiled code may rely on it)";
  const fs::path bad = job("[4, 8]");
  CHECK(loadError(bad) == bad.string() + ": workgroup: 4 x 8 x 1" + tail);
  const fs::path bad1 = job("[32]", "reqd1.json");
  CHECK(loadError(bad1) == bad1.string() + ": workgroup: 32 x 1 x 1" + tail);
  for (const char* cmd : {"run", "check"}) {
    const auto r = test::runGcnsim(std::string(cmd) + " " + bad.string());
    CHECK(r.status == 2);
    CHECK(r.err == "gcnsim: " + bad.string() + ": workgroup: 4 x 8 x 1" + tail + "\n");
  }
  // A step names itself.
  const fs::path steps =
      tmp.write("steps.json",
                "{\"kernels\": {\"k\": {\"file\": " + quoted(file) + "}}, \"buffers\": {\"o\": {\"type\": " +
                    "\"u32\", \"count\": 512}}, \"steps\": [{\"dispatch\": \"k\", \"grid\": [32, 8], " +
                    "\"workgroup\": [16, 2], \"args\": [{\"buffer\": \"o\"}]}]}");
  CHECK(loadError(steps) == steps.string() + ": steps[0].workgroup: 16 x 2 x 1" + tail);
  // The Device API.
  DeviceOptions opt;
  opt.arch = "gfx900";
  Device dev(opt);
  const KernelRef k = dev.loadCodeObject(file);
  const BufferHandle o = dev.allocate(512 * 4, "o");
  CHECK_THROWS_WITH(dev.dispatch(k, {32, 8, 1}, {16, 2, 1}, {gcnsim::KernelArg::of(o)}, {}),
                    file + ": workgroup: 16 x 2 x 1" + tail);
  CHECK(dev.dispatch(k, {32, 8, 1}, {8, 4, 1}, {gcnsim::KernelArg::of(o)}, {}).status.ok());
}

TEST_CASE("loader: vector and struct arguments by value", "[e2e][loader]") {
  const std::string file = fixture("vecargs.gfx900.hsaco");
  TempDir tmp;
  // S {int a = -5; float b = 2.5f; short c = 300; char d = -2;} and its tail
  // padding: fbffffff 00002040 2c01 fe 00.
  const std::string args =
      "[{\"buffer\": \"o\"}, {\"value\": [1.5, -2, 3.25, 4], \"type\": \"f32\"}, {\"value\": [-7, 8, 9]}, "
      "{\"value\": [1099511627776, -3], \"type\": \"i64\"}, {\"value\": [0.1, -1e300]}, "
      "{\"bytes\": \"fbffffff 00002040 2c01fe00\"}, "
      "{\"value\": [0,1,2,3,4,5,6,77,8,9,10,11,12,13,14,255], \"type\": \"u8\"}, {\"value\": -3}, "
      "{\"value\": [1, -2, 3], \"type\": \"i16\"}]";
  auto job = [&](const std::string& a) {
    return tmp.write("vec.json",
                     "{\"kernel\": {\"file\": " + quoted(file) + "}, \"grid\": [1], \"workgroup\": " +
                         "[1], \"buffers\": {\"o\": {\"type\": \"f64\", \"count\": 22}}, \"args\": " + a +
                         "}");
  };
  const std::vector<double> expected{1.5, -2,  3.25,   4,  -7,  8,   9,  1099511627776.0,
                                     -3,  0.1, -1e300, -5, 2.5, 300, -2, 0,
                                     77,  255, -3,     1,  -2,  3};
  for (const char* mode : {"functional", "timing"}) {
    CAPTURE(mode);
    CHECK(as<double>(runBuffer(job(args), mode, "o")) == expected);
  }
  // `gcnsim check` shows the packed bytes.
  const auto check = test::runGcnsim("check " + job(args).string());
  CHECK(check.status == 0);
  CHECK(
      check.out.find("args[2]   kernarg offset 32: i32 x 3, bytes f9 ff ff ff 08 00 00 00 09 00 00 00 00 00 "
                     "00 00\n") != std::string::npos);
  CHECK(check.out.find("args[5]   kernarg offset 80: 12 raw bytes, bytes fb ff ff ff 00 00 20 40 2c 01 fe "
                       "00\n") != std::string::npos);

  // Errors name the field.
  auto replaceArg = [&](size_t i, const std::string& text) {
    nlohmann::json a = nlohmann::json::parse(args);
    a[i] = nlohmann::json::parse(text);
    return loadError(job(a.dump()));
  };
  const std::string f = job(args).string() + ": ";
  CHECK(replaceArg(1, "{\"value\": [1, 2, 3], \"type\": \"f32\"}") ==
        f + "args[1].value: 3 elements, but the kernel argument is a float4 (4 elements)");
  CHECK(replaceArg(1, "{\"value\": [1, 2, 3, 4], \"type\": \"f64\"}") ==
        f + "args[1].type: f64 elements are 8 bytes, but the kernel argument's float4 has 4-byte elements");
  CHECK(replaceArg(1, "{\"value\": [1, 2, \"x\", 4]}") ==
        f + "args[1].value[2]: expected a number (or \"nan\", \"inf\", \"-inf\"), got a string (\"x\")");
  CHECK(replaceArg(1, "{\"value\": 1.5, \"type\": \"f32\"}") ==
        f + "args[1]: value of type f32 is 4 bytes but kernel argument (float4, by_value, 16 bytes) is 16 "
            "bytes "
            "(give its elements, {\"value\": [...], \"type\": T}, or {\"bytes\": HEX})");
  CHECK(replaceArg(1, "{\"value\": []}") ==
        f + "args[1].value: an empty list (give the argument's elements)");
  CHECK(replaceArg(2, "{\"value\": [1, 2, 4294967296]}") ==
        f + "args[2].value[2]: 4294967296 is out of range for i32 (-2147483648 to 2147483647)");
  CHECK(replaceArg(5, "{\"bytes\": \"fbffffff\"}") ==
        f + "args[5]: value is 4 bytes but kernel argument (S, by_value, 12 bytes) is 12 bytes");
  CHECK(replaceArg(5, "{\"bytes\": \"fbffffff 0000204\"}") ==
        f + "args[5].bytes: 15 hex digits: not whole bytes");
  CHECK(replaceArg(5, "{\"bytes\": \"0x01\"}") ==
        f + "args[5].bytes: character 1 (\"x\") is not a hex digit (expected two hex digits per byte, e.g. "
            "\"0a000000 0000803f\")");
  CHECK(replaceArg(5, "{\"bytes\": \"00\", \"type\": \"u8\"}") ==
        f + "args[5]: unknown key \"type\" (allowed: bytes)");
  CHECK(replaceArg(5, "{\"value\": [1, 2]}") ==
        f + "args[5]: missing required key \"type\" (cannot infer it from the kernel's type name \"S\")");
  // A 12-byte struct as three i32 elements is fine: the sizes agree.
  CHECK(replaceArg(5, "{\"value\": [-5, 1075838976, 16646444], \"type\": \"i32\"}") == "(no error)");

  // The Device API takes a value's bytes of any size for a code object.
  DeviceOptions opt;
  opt.arch = "gfx900";
  Device dev(opt);
  const KernelRef k = dev.loadCodeObject(file);
  const BufferHandle o = dev.allocate(22 * 8, "o");
  auto bytesOf = [](std::initializer_list<float> v) {
    gcnsim::KernelArg a;
    a.kind = gcnsim::KernelArg::Value;
    a.bytes.resize(v.size() * 4);
    std::memcpy(a.bytes.data(), std::data(v), a.bytes.size());
    return a;
  };
  std::vector<gcnsim::KernelArg> dargs{gcnsim::KernelArg::of(o), bytesOf({1, 2, 3, 4}),
                                       bytesOf({0, 0, 0, 0}),    bytesOf({0, 0, 0, 0}),
                                       bytesOf({0, 0, 0, 0}),    bytesOf({0, 0, 0}),
                                       bytesOf({0, 0, 0, 0}),    gcnsim::KernelArg::value(int8_t{5}),
                                       bytesOf({0, 0})};
  REQUIRE(dev.dispatch(k, {1, 1, 1}, {1, 1, 1}, dargs, {}).status.ok());
  std::vector<double> got(22);
  dev.read(o, 0, got.data(), 22 * 8);
  CHECK(std::vector<double>(got.begin(), got.begin() + 4) == std::vector<double>{1, 2, 3, 4});
  CHECK(got[18] == 5);
  dargs[1] = bytesOf({1, 2, 3});
  CHECK_THROWS_WITH(
      dev.dispatch(k, {1, 1, 1}, {1, 1, 1}, dargs, {}),
      Catch::Contains("args[1]: value is 12 bytes but kernel argument (float4, by_value, 16 bytes)"));
}

TEST_CASE("loader: raw code takes scalar values only", "[e2e][loader]") {
  TempDir tmp;
  const std::string bin = (fs::path(GCNSIM_TEST_DATA) / "frontend/data/spin.gfx900.bin").string();
  const fs::path job = tmp.write(
      "raw.json",
      "{\"kernel\": {\"file\": " + quoted(bin) + ", \"arch\": \"gfx900\", \"setup\": {\"s[0:1]\": " +
          "\"kernarg_segment_ptr\"}}, \"grid\": [1], \"workgroup\": [1], \"args\": [{\"value\": [1, 2], " +
          "\"type\": \"u32\"}]}");
  CHECK(loadError(job) ==
        job.string() +
            ": args[0]: a value of several elements or \"bytes\" needs the kernel's metadata (a "
            "code object); raw code takes scalar values");
}
