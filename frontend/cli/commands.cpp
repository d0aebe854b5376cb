#include "frontend/cli/commands.hpp"

#include <boost/program_options.hpp>
#include <cstring>
#include <iostream>

#include "frontend/cli/disasm_cmd.hpp"
#include "frontend/cli/info_cmd.hpp"
#include "frontend/cli/limit_options.hpp"
#include "frontend/code_object/code_object.hpp"
#include "frontend/common/error.hpp"
#include "frontend/common/input_file.hpp"
#include "frontend/common/printf_string.hpp"
#include "frontend/job/job.hpp"

namespace po = boost::program_options;

namespace gcnsim::frontend {
namespace {

// Parses `args` with one positional FILE; returns false (after printing help) for --help.
bool parseArgs(const std::vector<std::string>& args, po::options_description& opts, const char* positional,
               po::variables_map& vm) {
  opts.add_options()("help,h", "show this help");
  // The positional FILE is plumbing, not an option: parsed but not in --help.
  po::options_description all;
  all.add(opts).add_options()(positional, po::value<std::string>(), "input file");
  po::positional_options_description pos;
  pos.add(positional, 1);
  po::store(po::command_line_parser(args).options(all).positional(pos).run(), vm);
  po::notify(vm);
  if (vm.count("help")) {
    std::cout << opts;
    return false;
  }
  if (!vm.count(positional)) throw InputError(std::string("missing ") + positional + " (see --help)");
  return true;
}

}  // namespace

int disasmCommand(const std::vector<std::string>& args) {
  po::options_description opts(
      "gcnsim disasm FILE [options]\n  FILE: an AMDGPU code object, or raw machine code with --arch");
  opts.add_options()("arch", po::value<std::string>(),
                     "architecture of raw code (gfx600, gfx803, gcn1.4, ...)")(
      "kernel", po::value<std::string>(), "code objects: only this kernel")(
      "line-numbers,l", "code objects: show source file:line from DWARF line tables (built with -g)");
  Limits limits;
  addFileLimitOption(opts, limits, "limit on the size of FILE (at most 4 GiB)");
  po::variables_map vm;
  if (!parseArgs(args, opts, "file", vm)) return kExitOk;
  checkLimits(limits);
  const std::string path = vm["file"].as<std::string>();
  std::optional<isa::Arch> arch;
  if (vm.count("arch")) {
    arch = isa::parseArch(vm["arch"].as<std::string>());
    if (!arch) throw InputError("--arch: unknown architecture \"" + vm["arch"].as<std::string>() + "\"");
  }
  std::vector<uint8_t> bytes = readInputFile(path, limits.maxFileBytes);
  if (bytes.empty()) throw InputError(path + ": empty file; nothing to disassemble");
  if (looksLikeElf(bytes)) {
    const CodeObject co = loadCodeObject(std::move(bytes), path);
    if (arch && arch->gen != co.arch.gen)
      throw InputError("--arch " + arch->llvmName + " does not match the code object's " + co.arch.llvmName);
    std::optional<std::string_view> kernel;
    if (vm.count("kernel")) kernel = vm["kernel"].as<std::string>();
    printCodeObjectListing(std::cout, co, kernel, vm.count("line-numbers") > 0);
    return kExitOk;
  }
  if (vm.count("kernel"))
    throw InputError(path + ": --kernel applies to code objects; this is raw machine code");
  if (vm.count("line-numbers"))
    throw InputError(path + ": --line-numbers applies to code objects; raw machine code has no line tables");
  if (!arch) throw InputError(path + ": not a code object, so --arch is required for raw machine code");
  if (bytes.size() % 4 != 0)
    throw InputError(path + ": size " + std::to_string(bytes.size()) + " is not a multiple of 4");
  std::vector<uint32_t> words(bytes.size() / 4);
  if (!words.empty()) std::memcpy(words.data(), bytes.data(), bytes.size());
  try {
    printListing(std::cout, arch->gen, words, 0);
  } catch (const InputError& e) {  // (a truncated instruction: the message had not named the file)
    throw InputError(path + ": " + e.what());
  }
  return kExitOk;
}

int infoCommand(const std::vector<std::string>& args) {
  po::options_description opts("gcnsim info FILE\n  FILE: an AMDGPU code object (.hsaco)");
  Limits limits;
  addFileLimitOption(opts, limits, "limit on the size of FILE (at most 4 GiB)");
  po::variables_map vm;
  if (!parseArgs(args, opts, "file", vm)) return kExitOk;
  checkLimits(limits);
  printCodeObjectInfo(std::cout, loadCodeObject(vm["file"].as<std::string>(), limits.maxFileBytes));
  return kExitOk;
}

int checkCommand(const std::vector<std::string>& args) {
  po::options_description opts("gcnsim check JOB\n  validates a job file and prints what it describes");
  Limits limits;
  addLimitOptions(opts, limits, false);
  po::variables_map vm;
  if (!parseArgs(args, opts, "job", vm)) return kExitOk;
  checkLimits(limits);
  const Job job = loadJob(vm["job"].as<std::string>(), limits);
  std::cout << escapeText(job.path.string()) << ": ok\n";
  auto kernelLine = [](const std::string& key, const KernelSpec& k) {
    std::cout << "  kernel    " << (key.empty() ? "" : escapeText(key) + ": ") << escapeText(k.name)
              << " from " << escapeText(k.file.string()) << " ("
              << (k.format == KernelFormat::Elf ? "code object" : "raw code") << ", " << k.arch.llvmName
              << ")\n";
  };
  if (!job.hasSteps()) kernelLine("", job.kernel);
  for (const JobKernel& k : job.kernels) kernelLine(k.key, k.kernel);
  if (job.hasSteps())
    std::cout << "  steps     " << job.steps.size() << " (README \"Steps\"); the first dispatch:\n";
  auto dims = [](const std::array<uint32_t, 3>& d) {
    return std::to_string(d[0]) + " x " + std::to_string(d[1]) + " x " + std::to_string(d[2]);
  };
  std::cout << "  grid      " << dims(job.grid) << " work-items, work-groups of " << dims(job.workgroup)
            << '\n';
  for (const auto& b : job.buffers)
    std::cout << "  buffer    " << b.name << ": " << b.count() << " x " << elemTypeName(b.type) << " ("
              << b.size << " bytes)\n";
  for (size_t i = 0; i < job.args.size(); ++i) {
    const ArgSpec& a = job.args[i];
    std::cout << "  args[" << i << "]   kernarg offset " << a.kernargOffset << ": ";
    if (a.kind == ArgSpec::Kind::Buffer)
      std::cout << "address of " << a.buffer << '\n';
    else if (a.kind == ArgSpec::Kind::Local)
      std::cout << a.localBytes << " bytes of LDS\n";
    else if (a.bytes.empty())
      std::cout << elemTypeName(a.type) << " bits 0x" << std::hex << a.bits << std::dec << '\n';
    else {  // several elements or raw bytes: the bytes in memory order
      std::cout << a.valueDescription() << ", bytes";
      for (uint8_t b : a.bytes) std::cout << printfString(" %02x", b);
      std::cout << '\n';
    }
  }
  for (const auto& s : job.kernel.setup.inits) std::cout << "  setup     " << s.key << '\n';
  std::cout << "  output    ";
  for (size_t i = 0; i < job.output.size(); ++i) std::cout << (i ? ", " : "") << job.output[i];
  std::cout << '\n';
  return kExitOk;
}

}  // namespace gcnsim::frontend
