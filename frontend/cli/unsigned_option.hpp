// Unsigned integer command-line values, read strictly.
//
// Why: Boost reads an unsigned option through lexical_cast, which takes "-5"
// as 2^64 - 5 -- `--max-cycles -5` was a watchdog that never fired, and
// `--max-buffer-bytes -18446744073709551615` a limit of 1 byte. Here a value
// is decimal digits only and must fit T; anything else is the option's usual
// one-line error ("--max-cycles: \"-5\" is not a valid value (see gcnsim run
// --help)", option_errors.cpp).
#pragma once
#include <boost/any.hpp>
#include <boost/program_options.hpp>
#include <charconv>
#include <cstdint>
#include <limits>
#include <ostream>
#include <string>
#include <vector>

namespace gcnsim::frontend {

template <class T>
struct UnsignedArg {
  static_assert(std::numeric_limits<T>::is_integer && !std::numeric_limits<T>::is_signed);
  T value = 0;
};

// Boost.Program_options' hook (found by argument-dependent lookup).
template <class T>
void validate(boost::any& v, const std::vector<std::string>& values, UnsignedArg<T>*, int) {
  namespace po = boost::program_options;
  po::validators::check_first_occurrence(v);
  const std::string& s = po::validators::get_single_string(values);
  T x = 0;
  // from_chars takes no sign, space or base prefix for an unsigned type, and reports overflow.
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), x);
  if (s.empty() || ec != std::errc() || end != s.data() + s.size()) throw po::invalid_option_value(s);
  v = UnsignedArg<T>{x};
}

template <class T>
std::ostream& operator<<(std::ostream& os, const UnsignedArg<T>& a) {  // --help's "(=default)"
  return os << a.value;
}

// An option value written into `target` (when given, or its default when `withDefault`: --help shows it).
template <class T>
boost::program_options::typed_value<UnsignedArg<T>>* unsignedValue(T& target, bool withDefault = false) {
  auto* v = boost::program_options::value<UnsignedArg<T>>()->notifier(
      [&target](const UnsignedArg<T>& a) { target = a.value; });
  if (withDefault) v->default_value(UnsignedArg<T>{target}, std::to_string(target));
  return v;
}

}  // namespace gcnsim::frontend
