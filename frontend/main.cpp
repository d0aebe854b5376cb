// gcnsim command line: `gcnsim disasm|info|run ...`.
#include <boost/program_options.hpp>
#include <cstdio>
#include <cstring>
#include <exception>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>
#include <vector>

#include "frontend/disasm_cmd.hpp"
#include "frontend/error.hpp"
#include "isa/gen.hpp"

namespace po = boost::program_options;
using namespace gcnsim;
using frontend::InputError;

namespace {

const char* kUsage =
    "usage: gcnsim <command> [options]\n"
    "commands:\n"
    "  disasm FILE   disassemble raw machine code (--arch) or an AMDGPU code object\n"
    "run `gcnsim <command> --help` for the options of a command\n";

std::vector<char> readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path + ": cannot open file");
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

int cmdDisasm(const std::vector<std::string>& args) {
  po::options_description opts("gcnsim disasm FILE [options]");
  opts.add_options()("help,h", "show this help")("arch", po::value<std::string>(),
                                                  "architecture of raw code (gfx600, gfx803, gcn1.4, ...)")(
      "file", po::value<std::string>(), "input file");
  po::positional_options_description pos;
  pos.add("file", 1);
  po::variables_map vm;
  po::store(po::command_line_parser(args).options(opts).positional(pos).run(), vm);
  if (vm.count("help")) {
    std::cout << opts;
    return frontend::kExitOk;
  }
  if (!vm.count("file")) throw InputError("disasm: missing FILE");
  const std::string path = vm["file"].as<std::string>();
  if (!vm.count("arch")) throw InputError("disasm: --arch is required for raw machine code");
  auto arch = isa::parseArch(vm["arch"].as<std::string>());
  if (!arch) throw InputError("--arch: unknown architecture \"" + vm["arch"].as<std::string>() + "\"");
  std::vector<char> bytes = readFile(path);
  if (bytes.size() % 4 != 0) throw InputError(path + ": size " + std::to_string(bytes.size()) + " is not a multiple of 4");
  std::vector<uint32_t> words(bytes.size() / 4);
  std::memcpy(words.data(), bytes.data(), bytes.size());
  frontend::printListing(std::cout, arch->gen, words, 0);
  return frontend::kExitOk;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    if (argc < 2) {
      std::cerr << kUsage;
      return frontend::kExitBadInput;
    }
    std::string cmd = argv[1];
    std::vector<std::string> args(argv + 2, argv + argc);
    if (cmd == "disasm") return cmdDisasm(args);
    if (cmd == "--help" || cmd == "-h" || cmd == "help") {
      std::cout << kUsage;
      return frontend::kExitOk;
    }
    std::cerr << "gcnsim: unknown command \"" << cmd << "\"\n" << kUsage;
    return frontend::kExitBadInput;
  } catch (const InputError& e) {
    std::cerr << "gcnsim: " << e.what() << '\n';
    return frontend::kExitBadInput;
  } catch (const po::error& e) {
    std::cerr << "gcnsim: " << e.what() << '\n';
    return frontend::kExitBadInput;
  } catch (const std::exception& e) {
    std::cerr << "gcnsim: internal error: " << e.what() << '\n';
    return frontend::kExitBadInput;
  }
}
