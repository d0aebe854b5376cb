// Output paths checked before a run starts (README "Output files"), so that a
// typo costs a one-line error at once instead of a finished simulation.
#pragma once
#include <string>
#include <vector>

namespace gcnsim::frontend {

// FILE will be written (created or replaced): it is not a directory, and its
// directory exists and is writable (or FILE exists and is writable). "-"
// (stdout) always passes. InputError "OPTION FILE: ..." otherwise.
void checkOutputFile(const std::string& option, const std::string& file);
// DIR will be created if needed and written into: it is a writable directory,
// or the nearest existing ancestor is one. InputError "OPTION DIR: ..." otherwise.
void checkOutputDir(const std::string& option, const std::string& dir);

// A file the run reads or writes, and what names it in messages ("--result", "the job file",
// "buffers.a.file").
struct NamedFile {
  std::string what, path;
};
// No output file is an input (writing it would destroy what the run read, as
// `--result job.json` did) or another output (the last one written would
// replace the other): InputError "OPTION FILE: the same file as WHAT" otherwise.
// Paths compare as files (links, "./x" and "x" are the same); "-" is stdout.
void checkOutputsApart(const std::vector<NamedFile>& outputs, const std::vector<NamedFile>& inputs);

}  // namespace gcnsim::frontend
