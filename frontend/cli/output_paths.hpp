// Output paths checked before a run starts (README "Output files"), so that a
// typo costs a one-line error at once instead of a finished simulation.
#pragma once
#include <string>

namespace gcnsim::frontend {

// FILE will be written (created or replaced): it is not a directory, and its
// directory exists and is writable (or FILE exists and is writable). "-"
// (stdout) always passes. InputError "OPTION FILE: ..." otherwise.
void checkOutputFile(const std::string& option, const std::string& file);
// DIR will be created if needed and written into: it is a writable directory,
// or the nearest existing ancestor is one. InputError "OPTION DIR: ..." otherwise.
void checkOutputDir(const std::string& option, const std::string& dir);

}  // namespace gcnsim::frontend
