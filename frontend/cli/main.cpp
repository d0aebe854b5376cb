// gcnsim command line: `gcnsim run|disasm|info|check ...`.
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <boost/program_options.hpp>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <iostream>
#include <new>
#include <string>
#include <vector>

#include "frontend/cli/commands.hpp"
#include "frontend/cli/diff_cmd.hpp"
#include "frontend/cli/option_errors.hpp"
#include "frontend/cli/run_cmd.hpp"
#include "frontend/cli/version.hpp"
#include "frontend/common/error.hpp"
#include "frontend/common/stdout_error.hpp"

using namespace gcnsim;
using frontend::InputError;

namespace {

const char* kUsage =
    "usage: gcnsim <command> [options]\n"
    "commands:\n"
    "  run JOB       run a kernel described by a job file and report the result memory\n"
    "  disasm FILE   disassemble an AMDGPU code object, or raw machine code (--arch)\n"
    "  info FILE     describe an AMDGPU code object: arch, kernels, arguments, descriptor\n"
    "  check JOB     validate a job file\n"
    "  diff A B      compare two result documents (gcnsim run --result)\n"
    "run `gcnsim <command> --help` for the options of a command; `gcnsim --version` for the version\n";

int runCommandLine(int argc, char** argv);

// A write to stdout failed where it was made (StdoutWriteError): main reports it, in its one line.
bool stdoutFailed = false;

// Whether everything written to stdout reached it. A full disk makes the
// writes fail; without this check a truncated result, listing or disassembly
// would leave with exit status 0. (A pipe whose reader is gone ends the
// process by SIGPIPE first, as it does `cat`: `gcnsim disasm | head` stays quiet.)
bool stdoutWritten() {
  std::cout.flush();
  errno = 0;
  const bool flushed = std::fflush(stdout) == 0;
  return flushed && !std::ferror(stdout) && std::cout.good();
}

}  // namespace

int main(int argc, char** argv) {
  int rc = runCommandLine(argc, argv);
  if (!stdoutWritten() || stdoutFailed) {
    const int err = errno;
    // (errno tells why only if the last flush failed; an earlier failed write leaves just the error flag)
    std::cerr << "gcnsim: " << frontend::StdoutWriteError().what()
              << (err ? std::string(" (") + std::strerror(err) + ")" : std::string()) << '\n';
    if (rc == frontend::kExitOk) rc = frontend::kExitBadInput;
  }
  return rc;
}

namespace {
int runCommandLine(int argc, char** argv) {
  std::string cmd;
  try {
    // Logs go to stderr: stdout carries only what was asked for (results, traces, reports).
    spdlog::set_default_logger(spdlog::stderr_color_mt("gcnsim"));
    if (argc < 2) {
      std::cerr << kUsage;
      return frontend::kExitBadInput;
    }
    cmd = argv[1];
    std::vector<std::string> args(argv + 2, argv + argc);
    if (cmd == "run") return frontend::runCommand(args);
    if (cmd == "disasm") return frontend::disasmCommand(args);
    if (cmd == "info") return frontend::infoCommand(args);
    if (cmd == "check") return frontend::checkCommand(args);
    if (cmd == "diff") return frontend::diffCommand(args);
    if (cmd == "--version" || cmd == "-V") {
      std::cout << "gcnsim " << frontend::kVersion << '\n';
      return frontend::kExitOk;
    }
    if (cmd == "--help" || cmd == "-h" || cmd == "help") {
      std::cout << kUsage;
      return frontend::kExitOk;
    }
    std::cerr << "gcnsim: unknown command \"" << frontend::escapeText(cmd)
              << "\" (expected run, disasm, info, check or diff; see gcnsim --help)\n";
    return frontend::kExitBadInput;
  } catch (const frontend::StdoutWriteError&) {
    stdoutFailed = true;  // (reported once, by main, as every failed write to stdout is)
    return frontend::kExitBadInput;
  } catch (const InputError& e) {
    std::cerr << "gcnsim: " << e.what() << '\n';
    return frontend::kExitBadInput;
  } catch (const boost::program_options::error& e) {
    std::cerr << "gcnsim: " << frontend::optionErrorMessage(e, cmd) << '\n';
    return frontend::kExitBadInput;
  } catch (const std::bad_alloc&) {
    // The limits (README "Limits") keep every input within bounds; the host ran out anyway.
    std::cerr << "gcnsim: out of host memory\n";
    return frontend::kExitBadInput;
  } catch (const std::exception& e) {
    // Anything else is a bug in gcnsim: every bad input is an InputError.
    std::cerr << "gcnsim: internal error: " << frontend::escapeText(e.what()) << '\n';
    return frontend::kExitBadInput;
  } catch (...) {
    std::cerr << "gcnsim: internal error: unknown exception\n";
    return frontend::kExitBadInput;
  }
}
}  // namespace
