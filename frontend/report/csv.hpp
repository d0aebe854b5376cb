// CSV output (RFC 4180): fields with a comma, quote or line break are quoted,
// quotes doubled; rows end with "\n".
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace gcnsim::frontend {

std::string csvField(std::string_view s);
std::string csvRow(const std::vector<std::string>& fields);

}  // namespace gcnsim::frontend
