// The Device API (frontend/device/device.hpp): buffers, kernels, dispatches
// in both modes against CPU results; warm caches across timing dispatches;
// one-line errors.
#include "frontend/device/device.hpp"

#include <catch2/catch.hpp>
#include <filesystem>
#include <numeric>

#include "frontend/cli/run_cmd.hpp"
#include "frontend/common/error.hpp"
#include "tests/common/test_files.hpp"

using namespace gcnsim;
using frontend::InputError;

namespace {

const std::string kVadd = std::string(GCNSIM_SOURCE_DIR) + "/examples/vector_add/vector_add.gfx900.hsaco";
const std::string kIterate = std::string(GCNSIM_SOURCE_DIR) + "/examples/device/iterate.gfx900.hsaco";

DeviceOptions opts(const char* arch, unsigned threads) {
  DeviceOptions o;
  o.arch = arch;
  o.threads = threads;
  return o;
}

uint64_t stat(const DispatchResult& r, const std::string& key) {
  for (const auto& [k, v] : r.doc.stats.extra)
    if (k == key) return v;
  FAIL("no statistic " << key);
  return 0;
}

std::string errorOf(const std::function<void()>& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return "(no error)";
}

// vector_add on n floats: a = i, b = 2i.
struct Vadd {
  Device& dev;
  uint32_t n;
  KernelRef k = dev.loadCodeObject(kVadd, "vector_add");
  BufferHandle a = dev.allocate(n * 4, "a"), b = dev.allocate(n * 4, "b"), c = dev.allocate(n * 4, "c");
  Vadd(Device& d, uint32_t count) : dev(d), n(count) {
    std::vector<float> x(n), y(n);
    for (uint32_t i = 0; i < n; ++i) x[i] = float(i), y[i] = float(2 * i);
    dev.write(a, 0, x.data(), n * 4);
    dev.write(b, 0, y.data(), n * 4);
  }
  DispatchResult run(const std::string& mode = "timing") {
    LaunchOptions o;
    o.mode = mode;
    return dev.dispatch(k, {n, 1, 1}, {64, 1, 1},
                        {KernelArg::of(a), KernelArg::of(b), KernelArg::of(c), KernelArg::value<uint32_t>(n)},
                        o);
  }
};

}  // namespace

TEST_CASE("device: buffers in, a dispatch in each mode, buffers out: the CPU's sums", "[device]") {
  for (const char* mode : {"functional", "timing"}) {
    INFO(mode);
    Device dev(opts("gfx900", 2));
    Vadd v(dev, 1000);
    const DispatchResult r = v.run(mode);
    REQUIRE(r.status.ok());
    std::vector<float> c(v.n);
    dev.read(v.c, 0, c.data(), v.n * 4);
    for (uint32_t i = 0; i < v.n; ++i) REQUIRE(c[i] == float(3 * i));
    CHECK(r.workgroups == 16);  // ceil(1000 / 64)
    CHECK(r.waves == 16);
    CHECK((r.cycles > 0) == (std::string(mode) == "timing"));
    CHECK(r.doc.kernel == "vector_add");
    CHECK(dev.totals().dispatches == 1);
    CHECK(dev.totals().instructions == r.instructions);
  }
}

TEST_CASE("device: the second dispatch hits in the warm L2, resetCaches restores the cold figure",
          "[device]") {
  Device dev(opts("gfx900", 2));
  Vadd v(dev, 4096);
  const DispatchResult cold = v.run();
  const DispatchResult warm = v.run();
  REQUIRE(cold.status.ok());
  REQUIRE(warm.status.ok());
  // The same instructions; the kernarg segment and the buffers' lines are in
  // the L2 from the first dispatch, so fewer DRAM reads and fewer cycles. The
  // CP empties the K$es and vector L1s at every dispatch (AMDGPUUsage.rst,
  // memory model GFX6-GFX9): their misses are the cold run's.
  CHECK(warm.instructions == cold.instructions);
  CHECK(warm.cycles < cold.cycles);
  CHECK(stat(warm, "kcache_misses") == stat(cold, "kcache_misses"));
  CHECK(stat(warm, "l1_misses") == stat(cold, "l1_misses"));
  CHECK(stat(warm, "l2_hits") > stat(cold, "l2_hits"));
  CHECK(stat(warm, "dram_reads") < stat(cold, "dram_reads"));
  dev.resetCaches();
  const DispatchResult again = v.run();
  CHECK(again.cycles == cold.cycles);
  CHECK(again.doc.stats.extra == cold.doc.stats.extra);
  CHECK(dev.totals().dispatches == 3);
  CHECK(dev.totals().cycles == cold.cycles + warm.cycles + again.cycles);
}

TEST_CASE("device: warm-cache cycles are the same on 1 and 2 threads", "[device][threads]") {
  std::vector<uint64_t> cycles[2];
  for (unsigned t : {1u, 2u}) {
    Device dev(opts("gfx900", t));
    Vadd v(dev, 64 * 256);  // 256 work-groups: every CU group has work
    for (int i = 0; i < 3; ++i) cycles[t - 1].push_back(v.run().cycles);
  }
  CHECK(cycles[0] == cycles[1]);
  CHECK(cycles[0][1] < cycles[0][0]);
}

TEST_CASE("device: a single dispatch gives the document gcnsim run gives", "[device]") {
  // The same kernel, buffers and arguments as Vadd, as a job file run by
  // runJob (what `gcnsim run` calls): the documents agree but for the buffers,
  // which a dispatch's document leaves out.
  const auto job = gcnsim::test::writeText(gcnsim::test::scratchDir("device_test") / "vadd.json",
                                           R"({"kernel": {"file": ")" + kVadd + R"(", "name": "vector_add"},
        "grid": [1000], "workgroup": [64],
        "buffers": {"a": {"type": "f32", "count": 1000, "iota": {"start": 0, "step": 1}},
                    "b": {"type": "f32", "count": 1000, "iota": {"start": 0, "step": 2}},
                    "c": {"type": "f32", "count": 1000}},
        "args": [{"buffer": "a"}, {"buffer": "b"}, {"buffer": "c"}, {"value": 1000, "type": "u32"}]})");
  for (const char* mode : {"functional", "timing"}) {
    INFO(mode);
    frontend::RunOptions ro;
    ro.mode = mode;
    ro.threads = 1;
    frontend::RunOutcome run = frontend::runJob(frontend::loadJob(job), ro);
    REQUIRE(run.status.ok());
    REQUIRE(run.doc.buffers.size() == 3);
    run.doc.buffers.clear();
    Device dev(opts("gfx900", 1));
    Vadd v(dev, 1000);
    const DispatchResult r = v.run(mode);
    CHECK(frontend::resultJsonText(r.doc) == frontend::resultJsonText(run.doc));
    CHECK(r.cycles == run.cycles);
  }
}

TEST_CASE("device: bad input gets one line naming the buffer, argument or kernel", "[device]") {
  Device dev(opts("gfx900", 1));
  Vadd v(dev, 64);
  float x[2] = {};
  CHECK(errorOf([&] { dev.read(v.a, 255, x, 2); }) ==
        "read: buffer \"a\": bytes [255, 257) are outside its 256 bytes");
  CHECK(errorOf([&] { dev.allocate(16, "a"); }) == "buffer \"a\": the name is taken by another buffer");
  CHECK(errorOf([&] {
          dev.dispatch(v.k, {64, 1, 1}, {64, 1, 1}, {KernelArg::of(v.a)});
        }) == kVadd +
                  ": args: kernel vector_add takes 4 arguments [(float*, global_buffer, 8 bytes), (float*, "
                  "global_buffer, 8 bytes), (float*, global_buffer, 8 bytes), (uint, by_value, 4 bytes)], "
                  "the dispatch gives 1");
  CHECK(errorOf([&] {
          dev.dispatch(
              v.k, {64, 1, 1}, {64, 1, 1},
              {KernelArg::of(v.a), KernelArg::of(v.b), KernelArg::of(v.c), KernelArg::value<uint64_t>(64)});
        }) == kVadd + ": args[3]: value is 8 bytes but kernel argument (uint, by_value, 4 bytes) is 4 bytes");
  CHECK(errorOf([&] {
          dev.dispatch(v.k, {64, 1, 1}, {2048, 1, 1}, {});
        }) == kVadd + ": workgroup: 2048 work-items per work-group exceed the limit of 1024");
  // 2^64 + 64 work-items: the product had wrapped to 64 in 64 bits and the dispatch ran.
  CHECK(errorOf([&] {
          dev.dispatch(v.k, {64, 1, 1}, {536903681, 536838145, 64}, {});
        }) == kVadd + ": workgroup: 18446744073709551680 work-items per work-group exceed the limit of 1024");
  CHECK(errorOf([&] { dev.loadCodeObject(kIterate, "nope"); }) ==
        kIterate + ": no kernel \"nope\" (kernels: add_step, any_below, smooth)");
  CHECK(errorOf([&] { Device(opts("gfx1030", 1)); }).starts_with("arch: unknown architecture \"gfx1030\""));
  // Like gcnsim run --threads (at most 1024); 0 is all cores.
  CHECK(errorOf([&] { Device(opts("gfx900", 1025)); }) ==
        "threads: 1025 is not a thread count (expected 1 to 1024, or 0 for all cores)");
  Device other(opts("gfx803", 1));
  CHECK(errorOf([&] { other.loadCodeObject(kVadd, "vector_add"); }) ==
        kVadd + ": the kernel is for gfx900, the device is gfx803");
  CHECK(errorOf([&] {
          other.dispatch(v.k, {64, 1, 1}, {64, 1, 1}, {});
        }) == "dispatch: the kernel was not loaded by this device");
  dev.free(v.c);
  CHECK(errorOf([&] { dev.read(v.c, 0, x, 4); }) ==
        "read: buffer \"c\" is not a live buffer of this device (freed?)");
  CHECK(errorOf([&] { v.run(); }) ==
        kVadd + ": args[2]: buffer \"c\" is not a live buffer of this device (freed?)");
  const BufferHandle c2 = dev.allocate(64 * 4, "c");  // the name is free again, at a new address
  CHECK(c2.address != v.c.address);
}

TEST_CASE("device: buffer names follow the job file's rule, the trace must not overwrite an input",
          "[device]") {
  Device dev(opts("gfx900", 1));
  // 1-64 letters, digits, '_', '-' or '.', not starting with '.' (README "Job file"); these had been taken.
  const std::string rule = " must be 1-64 letters, digits, '_', '-' or '.' and not start with '.'";
  CHECK(errorOf([&] { dev.allocate(4, "bad\nname"); }) == "buffer name \"bad\\nname\"" + rule);
  CHECK(errorOf([&] { dev.allocate(4, "x\x1b[31m"); }) == "buffer name \"x\\x1b[31m\"" + rule);
  CHECK(errorOf([&] { dev.allocate(4, ".bad"); }) == "buffer name \".bad\"" + rule);
  CHECK(errorOf([&] { dev.allocate(4, std::string(65, 'a')); }) ==
        "buffer name \"" + std::string(65, 'a') + "\"" + rule);
  CHECK(errorOf([&] { dev.allocate(4, std::string("a\0b", 3)); }) == "buffer name \"a\\0b\"" + rule);
  CHECK(dev.allocate(4, std::string(64, 'a')).name == std::string(64, 'a'));
  CHECK(dev.allocate(4, "x.y-z_0").name == "x.y-z_0");
  CHECK(dev.allocate(4).name.starts_with("buffer"));

  // A trace that is the kernel's file (here through a link) is refused before anything runs, as gcnsim run
  // --trace is; it had been overwritten.
  const auto dir = test::scratchDir("device_trace");
  std::filesystem::copy_file(kVadd, dir / "k.hsaco");
  std::filesystem::create_symlink(dir / "k.hsaco", dir / "link.hsaco");
  const auto size = std::filesystem::file_size(dir / "k.hsaco");
  Vadd v(dev, 64);
  const KernelRef k = dev.loadCodeObject(dir / "k.hsaco", "vector_add");
  LaunchOptions o;
  o.trace = (dir / "link.hsaco").string();
  CHECK(errorOf([&] {
          dev.dispatch(
              k, {64, 1, 1}, {64, 1, 1},
              {KernelArg::of(v.a), KernelArg::of(v.b), KernelArg::of(v.c), KernelArg::value<uint32_t>(64)},
              o);
        }) == "trace " + o.trace + ": the same file as the kernel's code object file (" +
                  (dir / "k.hsaco").string() + "); writing it would overwrite that input");
  CHECK(std::filesystem::file_size(dir / "k.hsaco") == size);
  std::filesystem::remove_all(dir);
}

TEST_CASE("device: iteration on the host: a += 1 ten times, one kernel loaded once", "[device]") {
  Device dev(opts("gfx900", 2));
  const KernelRef add = dev.loadCodeObject(kIterate, "add_step");
  const BufferHandle a = dev.allocate(100 * 4, "a");
  std::vector<int32_t> host(100);
  std::iota(host.begin(), host.end(), 0);
  dev.write(a, 0, host.data(), 400);
  for (int i = 0; i < 10; ++i) {
    const DispatchResult r =
        dev.dispatch(add, {128, 1, 1}, {64, 1, 1},
                     {KernelArg::of(a), KernelArg::value<int32_t>(i), KernelArg::value<uint32_t>(100)});
    REQUIRE(r.status.ok());
  }
  std::vector<int32_t> out(100);
  dev.read(a, 0, out.data(), 400);
  for (int i = 0; i < 100; ++i) CHECK(out[i] == i + 45);  // 0 + 1 + ... + 9
  CHECK(dev.totals().dispatches == 10);
}

TEST_CASE("device: another device's handle is refused, though its name, address and size match", "[device]") {
  Device dev(opts("gfx900", 1)), other(opts("gfx900", 1));
  Vadd v(dev, 64);
  // The second Device allocates alike: the same name gets the same address and size.
  const BufferHandle foreign = other.allocate(64 * 4, "a");
  REQUIRE(foreign.address == v.a.address);
  REQUIRE(foreign.bytes == v.a.bytes);
  float x[4] = {};
  CHECK(errorOf([&] { dev.read(foreign, 0, x, 4); }) == "read: buffer \"a\" belongs to another device");
  CHECK(errorOf([&] { dev.write(foreign, 0, x, 4); }) == "write: buffer \"a\" belongs to another device");
  CHECK(errorOf([&] { dev.free(foreign); }) == "free: buffer \"a\" belongs to another device");
  CHECK(errorOf([&] {
          dev.dispatch(
              v.k, {64, 1, 1}, {64, 1, 1},
              {KernelArg::of(foreign), KernelArg::of(v.b), KernelArg::of(v.c), KernelArg::value(64u)});
        }) == kVadd + ": args[0]: buffer \"a\" belongs to another device");
  // Its own handle still works.
  dev.read(v.a, 0, x, sizeof x);
  CHECK(x[1] == 1.0f);
}

TEST_CASE("device: a range past 2^64 names its true end", "[device]") {
  Device dev(opts("gfx900", 1));
  const BufferHandle a = dev.allocate(104, "a");
  uint8_t x[8] = {};
  // 2^64 - 3 + 8 = 2^64 + 5: the end had wrapped to 5 ("bytes [18446744073709551613, 5)").
  CHECK(errorOf([&] { dev.read(a, UINT64_MAX - 2, x, 8); }) ==
        "read: buffer \"a\": bytes [18446744073709551613, 18446744073709551621) are outside its 104 bytes");
  CHECK(errorOf([&] { dev.write(a, 100, x, 8); }) ==
        "write: buffer \"a\": bytes [100, 108) are outside its 104 bytes");
}

TEST_CASE("device: a code object file rebuilt since it was loaded is loaded anew", "[device]") {
  const auto file = test::scratchDir("device_reload") / "swap.hsaco";
  std::filesystem::copy_file(kIterate, file, std::filesystem::copy_options::overwrite_existing);
  Device dev(opts("gfx900", 1));
  const KernelRef add = dev.loadCodeObject(file, "add_step");
  // The same contents again: the same loaded program (one image, one set of program-scope variables).
  CHECK(kernelMetadata(dev.loadCodeObject(file, "add_step")) == kernelMetadata(add));
  std::filesystem::copy_file(kVadd, file, std::filesystem::copy_options::overwrite_existing);
  // (The path alone had found the old image: "no kernel "vector_add" (kernels: add_step, any_below,
  // smooth)".)
  const KernelRef vadd = dev.loadCodeObject(file, "vector_add");
  CHECK(kernelMetadata(vadd)->name == "vector_add");
  CHECK(errorOf([&] { dev.loadCodeObject(file, "add_step"); }) ==
        file.string() + ": no kernel \"add_step\" (kernels: vector_add)");
  // Both run: the kernel loaded before the rebuild keeps its program.
  const BufferHandle a = dev.allocate(64 * 4, "a"), b = dev.allocate(64 * 4, "b"),
                     c = dev.allocate(64 * 4, "c");
  std::vector<int32_t> host(64, 7);
  dev.write(a, 0, host.data(), 256);
  REQUIRE(dev.dispatch(add, {64, 1, 1}, {64, 1, 1},
                       {KernelArg::of(a), KernelArg::value<int32_t>(3), KernelArg::value<uint32_t>(64)})
              .status.ok());
  dev.read(a, 0, host.data(), 256);
  CHECK(host[63] == 10);
  const std::vector<float> x(64, 1.5f), y(64, 2.25f);
  dev.write(a, 0, x.data(), 256);
  dev.write(b, 0, y.data(), 256);
  REQUIRE(dev.dispatch(vadd, {64, 1, 1}, {64, 1, 1},
                       {KernelArg::of(a), KernelArg::of(b), KernelArg::of(c), KernelArg::value<uint32_t>(64)})
              .status.ok());
  std::vector<float> sum(64);
  dev.read(c, 0, sum.data(), 256);
  CHECK(sum[63] == 3.75f);
}

namespace {

// examples/asm/smem_lds_buffer.gfx900.bin with its parameters in the kernarg segment: out[wg*64 + t] =
// (63 - t) * a + b + c through the buffer resource in s[4:7], which names buffer "out".
const std::string kRaw = std::string(GCNSIM_SOURCE_DIR) + "/examples/asm/smem_lds_buffer.gfx900.bin";
RawKernelOptions rawOptions(const std::string& resource) {
  RawKernelOptions o;
  o.name = "smem";
  o.sgprs = 24;
  o.vgprs = 8;
  o.ldsBytes = 256;
  o.setupJson = R"({"s[0:1]": "kernarg_segment_ptr", "s9": "workgroup_id_x", "v0": "workitem_id_x",
                    "m0": 4294967295, "s[4:7]": )" +
                resource + "}";
  return o;
}

DispatchResult runRaw(Device& dev, const KernelRef& k) {
  std::vector<KernelArg> args;
  for (uint32_t v : {5u, 1000u, 20u, 0u, 0u, 0u, 0u}) args.push_back(KernelArg::value(v));
  LaunchOptions o;
  o.mode = "functional";
  return dev.dispatch(k, {128, 1, 1}, {64, 1, 1}, args, o);
}

}  // namespace

TEST_CASE("device: a raw kernel's setup takes the named buffer's address and size at each dispatch",
          "[device]") {
  const std::string resource = R"({"resource": {"buffer": "out"}})";
  auto expected = [](uint32_t i) { return (63 - i % 64) * 5 + 1000 + 20; };
  // Loads the kernel while "out" has `loaded` elements, runs it after "out" is made anew with `run`.
  auto resizedRun = [&](uint32_t loaded, uint32_t run) {
    Device dev(opts("gfx900", 1));
    dev.allocate(loaded * 4, "out");
    const KernelRef k = dev.loadRaw(kRaw, rawOptions(resource));
    dev.free(*dev.findBuffer("out"));
    const BufferHandle out = dev.allocate(run * 4, "out");
    REQUIRE(runRaw(dev, k).status.ok());
    std::vector<uint32_t> host(run);
    dev.read(out, 0, host.data(), run * 4);
    for (uint32_t i = 0; i < run; ++i) CHECK(host[i] == expected(i));
  };
  // (num_records had stayed 256 bytes: out[64..127] were clipped to 0.)
  SECTION("loaded with 64 elements, run on 128: every element written") { resizedRun(64, 128); }
  // (It had faulted: a store 0 bytes past the end of "out".)
  SECTION("loaded with 128 elements, run on 64: the stores past them are clipped, nothing faults") {
    resizedRun(128, 64);
  }
  SECTION("an offset beyond the buffer it names now is refused at the dispatch") {
    Device dev(opts("gfx900", 1));
    dev.allocate(128 * 4, "out");
    const KernelRef k = dev.loadRaw(kRaw, rawOptions(R"({"resource": {"buffer": "out", "offset": 400}})"));
    dev.free(*dev.findBuffer("out"));
    dev.allocate(64 * 4, "out");
    CHECK(errorOf([&] { runRaw(dev, k); }) ==
          "smem: setup s[4:7]: offset 400 is beyond buffer \"out\" (256 bytes)");
  }
}

TEST_CASE("device: a kernel without atomics runs on every thread beside one with them in its code object",
          "[device][threads]") {
  // reach.cl: histogram has an atomic, scale none, calls_bump calls bump (an atomic), calls_twice calls twice
  // (none). The order-dependence scan had decoded the whole .text, so all four ran on one thread.
  Device dev(opts("gfx900", 2));
  const std::string file = std::string(GCNSIM_TEST_DATA) + "/frontend/data/loader/reach.gfx900.hsaco";
  constexpr uint32_t n = 512;  // 8 work-groups of 64
  BufferHandle in = dev.allocate(n * 4, "in"), bins = dev.allocate(16 * 4, "bins");
  BufferHandle a = dev.allocate(n * 4, "a"), c = dev.allocate(4, "c");
  std::vector<uint32_t> keys(n);
  std::vector<float> x(n);
  for (uint32_t i = 0; i < n; ++i) keys[i] = i * 7, x[i] = float(i) - 100.0f;
  for (const std::string mode : {"functional", "timing"}) {
    INFO(mode);
    dev.write(in, 0, keys.data(), n * 4);
    dev.write(a, 0, x.data(), n * 4);
    const std::vector<uint32_t> zeros(16);
    dev.write(bins, 0, zeros.data(), 16 * 4);
    dev.write(c, 0, zeros.data(), 4);
    LaunchOptions o;
    o.mode = mode;
    auto run = [&](const char* kernel, const std::vector<KernelArg>& args) {
      const DispatchResult r = dev.dispatch(dev.loadCodeObject(file, kernel), {n, 1, 1}, {64, 1, 1}, args, o);
      REQUIRE(r.status.ok());
      return r;
    };
    const DispatchResult hist =
        run("histogram", {KernelArg::of(in), KernelArg::of(bins), KernelArg::value<uint32_t>(n)});
    // (Timing mode gives the threads, functional mode also the instruction that keeps it on one.)
    const bool functional = mode == "functional";
    CHECK(hist.threads == 1);
    if (functional) CHECK_THAT(hist.singleThreadReason, Catch::Contains("global_atomic_add v0, v1, s[2:3]"));
    const DispatchResult scale =
        run("scale", {KernelArg::of(a), KernelArg::value<float>(0.5f), KernelArg::value<uint32_t>(n)});
    CHECK(scale.threads == 2);
    CHECK(scale.singleThreadReason == "");
    const DispatchResult bump = run("calls_bump", {KernelArg::of(c), KernelArg::value<uint32_t>(n)});
    CHECK(bump.threads == 1);  // the atomic is in the helper it calls
    if (functional) CHECK_THAT(bump.singleThreadReason, Catch::Contains("global_atomic_add v[0:1], v2, off"));
    const DispatchResult twice = run("calls_twice", {KernelArg::of(a), KernelArg::value<uint32_t>(n)});
    CHECK(twice.threads == 2);
    CHECK(twice.singleThreadReason == "");
    // The results: bins[k] counts the i with 7i mod 16 = k (7 is odd: 32 of each); c = n; a = 2 (x / 2) + 1.
    std::vector<uint32_t> gotBins(16), gotC(1);
    std::vector<float> gotA(n);
    dev.read(bins, 0, gotBins.data(), 16 * 4);
    dev.read(c, 0, gotC.data(), 4);
    dev.read(a, 0, gotA.data(), n * 4);
    CHECK(gotBins == std::vector<uint32_t>(16, n / 16));
    CHECK(gotC[0] == n);
    for (uint32_t i = 0; i < n; ++i) CHECK(gotA[i] == x[i] + 1.0f);
  }
}

TEST_CASE("device: free gives the buffer's pages back to the host", "[device]") {
  DeviceOptions o = opts("gfx900", 1);
  o.limits.maxBufferBytes = 1 << 20;
  Device dev(o);
  const uint64_t before = dev.residentBytes();
  const std::vector<uint8_t> bytes(512 * 1024, 0x5a);
  // 400 rounds of 512 KiB had kept 200 MiB: every round's pages stayed.
  for (int round = 0; round < 400; ++round) {
    const BufferHandle b = dev.allocate(bytes.size(), "tmp");
    dev.write(b, 0, bytes.data(), bytes.size());
    REQUIRE(dev.residentBytes() == before + bytes.size());  // 8 pages of 64 KiB
    dev.free(b);
    REQUIRE(dev.residentBytes() == before);
  }
}
