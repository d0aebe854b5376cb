#include "frontend/cli/option_errors.hpp"

#include "frontend/common/error.hpp"

namespace po = boost::program_options;

namespace gcnsim::frontend {

namespace {

// The files a command takes (gcnsim diff A B: two; run, check, info, disasm: one).
const char* filesTaken(const std::string& command) { return command == "diff" ? "two files" : "one file"; }

}  // namespace

std::string optionErrorMessage(const po::error& e, const std::string& command) {
  const std::string help = " (see gcnsim " + command + " --help)";
  const std::string what = e.what();
  // Boost quotes the offending value as ('VALUE') in its messages.
  auto quotedValue = [&]() -> std::string {
    const size_t a = what.find("('"), b = what.find("')", a == std::string::npos ? 0 : a);
    return a == std::string::npos || b == std::string::npos ? "" : what.substr(a + 2, b - a - 2);
  };
  std::string msg;
  if (dynamic_cast<const po::too_many_positional_options_error*>(&e)) {
    msg =
        command + ": too many arguments: it takes " + filesTaken(command) + "; options start with --" + help;
  } else if (const auto* o = dynamic_cast<const po::error_with_option_name*>(&e)) {
    const std::string name = o->get_option_name();
    if (dynamic_cast<const po::unknown_option*>(&e))
      msg = name + ": unknown option" + help;
    else if (dynamic_cast<const po::ambiguous_option*>(&e))
      msg = name + ": ambiguous option" + help;
    else if (dynamic_cast<const po::multiple_occurrences*>(&e) ||
             dynamic_cast<const po::multiple_values*>(&e))
      msg = name + ": given more than once";
    else if (dynamic_cast<const po::invalid_command_line_syntax*>(&e) &&
             what.find("missing") != std::string::npos)
      msg = name + ": missing value" + help;
    else if (dynamic_cast<const po::validation_error*>(&e))
      msg = name + ": \"" + quotedValue() + "\" is not a valid value" + help;
    else
      msg = name + ": " + what;
  } else {
    msg = command + ": " + what + help;
  }
  return escapeText(msg);
}

}  // namespace gcnsim::frontend
