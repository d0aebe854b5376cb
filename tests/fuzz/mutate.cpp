// The mutators shared by the fuzz targets.
#include <cstring>
#include <fstream>
#include <iterator>

#include "fuzz.hpp"

namespace gcnsim::fuzz {
namespace {

const uint64_t kInteresting[] = {0,
                                 1,
                                 2,
                                 3,
                                 4,
                                 7,
                                 8,
                                 16,
                                 63,
                                 64,
                                 65,
                                 127,
                                 128,
                                 255,
                                 256,
                                 1023,
                                 1024,
                                 1025,
                                 4095,
                                 4096,
                                 65535,
                                 65536,
                                 65537,
                                 0x7fffffffull,
                                 0x80000000ull,
                                 0xfffffffeull,
                                 0xffffffffull,
                                 0x100000000ull,
                                 0x7fffffffffffffffull,
                                 0x8000000000000000ull,
                                 0xfffffffffffffffeull,
                                 0xffffffffffffffffull};

// A JSON value likely to find mistakes: extreme numbers, wrong types, control
// characters, special files, deep nesting, long arrays.
nlohmann::ordered_json interestingValue(Rng& rng, const std::vector<std::string>& vocabulary,
                                        const std::vector<std::string>& files) {
  using J = nlohmann::ordered_json;
  switch (rng.below(16)) {
    case 0: return J(kInteresting[rng.below(std::size(kInteresting))]);
    case 1: return J(-static_cast<int64_t>(kInteresting[rng.below(std::size(kInteresting))] >> 1));
    case 2: {
      static const double d[] = {0.5, -0.0, 1e38, 3.5e38, 1e308, -1e308, 65504, 65520, 1e-320, 4294967296.0};
      return J(d[rng.below(std::size(d))]);
    }
    case 3: {
      static const char* s[] = {"nan",
                                "inf",
                                "-inf",
                                "",
                                "a\nb",
                                "\x1b[31m",
                                "\xe2\x80\xa8",
                                "s[0:1]",
                                "v[0:255]",
                                "s[200:201]",
                                "kernarg_segment_ptr",
                                "workgroup_id_x",
                                "workitem_id_z",
                                "f16",
                                "u64",
                                "raw",
                                "elf",
                                "gfx600",
                                "gfx803"};
      return J(std::string(s[rng.below(std::size(s))]));
    }
    case 4: return J(std::string("a\0b\n", 4));
    case 5: {
      static const char* f[] = {"/dev/zero", "/dev/null", "/tmp", "/proc/self/mem", "/nonexistent", "."};
      return J(std::string(f[rng.below(std::size(f))]));
    }
    case 6:
      if (!files.empty()) return J(rng.pick(files));
      return J(nullptr);
    case 7: {
      J v = J::array();
      const size_t n = rng.below(2) ? rng.below(8) : rng.below(3000);
      for (size_t i = 0; i < n; ++i) v.push_back(rng.below(4) ? J(rng.below(300)) : J(rng.next()));
      return v;
    }
    case 8: {
      J v = J::array();
      for (uint64_t i = 0, n = rng.below(200); i < n; ++i) v = J::array({v});  // nesting
      return v;
    }
    case 9: return J::object();
    case 10: return J(nullptr);
    case 11: return J(rng.chance(50));
    case 12: return J(std::string(rng.below(2) ? 70 : 5000, 'x'));
    case 13:
      if (!vocabulary.empty()) return J(rng.pick(vocabulary));
      return J(1);
    case 14: {
      J v = J::object();
      if (!vocabulary.empty()) v[rng.pick(vocabulary)] = interestingValue(rng, vocabulary, files);
      return v;
    }
    default: return J(rng.below(2) ? rng.below(70000) : rng.next());
  }
}

// Every node of `doc` (pre-order), for picking one at random.
void collect(nlohmann::ordered_json& j, std::vector<nlohmann::ordered_json*>& out) {
  out.push_back(&j);
  if (j.is_structured())
    for (auto& c : j) collect(c, out);
}

}  // namespace

void mutateBytes(std::string& d, Rng& rng, const std::vector<std::pair<size_t, size_t>>& hot) {
  auto offset = [&](size_t width) -> size_t {
    if (d.size() < width) return 0;
    if (!hot.empty() && rng.chance(70)) {
      const auto& [b, e] = rng.pick(hot);
      if (e > b && e <= d.size()) {
        const size_t o = b + rng.below(e - b);
        return std::min(o, d.size() - width);
      }
    }
    return rng.below(d.size() - width + 1);
  };
  switch (rng.below(8)) {
    case 0:
    case 1:
      if (!d.empty()) d[offset(1)] ^= static_cast<char>(1u << rng.below(8));
      break;
    case 2:
    case 3: {  // an interesting 1/2/4/8-byte little-endian integer
      const size_t width = size_t{1} << rng.below(4);
      if (d.size() < width) break;
      const uint64_t v = kInteresting[rng.below(std::size(kInteresting))];
      std::memcpy(d.data() + offset(width), &v, width);
      break;
    }
    case 4:
      if (!d.empty()) d[offset(1)] = static_cast<char>(rng.next());
      break;
    case 5:  // insert random bytes
      d.insert(d.begin() + static_cast<ptrdiff_t>(d.empty() ? 0 : rng.below(d.size() + 1)), rng.below(8) + 1,
               static_cast<char>(rng.next()));
      break;
    case 6:  // delete a range
      if (!d.empty()) {
        const size_t o = rng.below(d.size());
        d.erase(o, rng.below(std::min<size_t>(d.size() - o, 64)) + 1);
      }
      break;
    default:  // duplicate a range
      if (!d.empty()) {
        const size_t o = rng.below(d.size());
        const size_t n = rng.below(std::min<size_t>(d.size() - o, 256)) + 1;
        d.insert(rng.below(d.size() + 1), d.substr(o, n));
      }
      break;
  }
}

void mutateJson(nlohmann::ordered_json& doc, Rng& rng, const std::vector<std::string>& vocabulary,
                const std::vector<std::string>& files) {
  std::vector<nlohmann::ordered_json*> nodes;
  collect(doc, nodes);
  nlohmann::ordered_json& n = *nodes[rng.below(nodes.size())];
  switch (rng.below(6)) {
    case 0:
    case 1: n = interestingValue(rng, vocabulary, files); break;
    case 2:  // delete a member or element
      if (n.is_object() && !n.empty()) {
        auto it = n.begin();
        std::advance(it, static_cast<ptrdiff_t>(rng.below(n.size())));
        n.erase(it);
      } else if (n.is_array() && !n.empty()) {
        n.erase(n.begin() + static_cast<ptrdiff_t>(rng.below(n.size())));
      }
      break;
    case 3:  // add a member or element
      if (n.is_object() && !vocabulary.empty())
        n[rng.pick(vocabulary)] = interestingValue(rng, vocabulary, files);
      else if (n.is_array())
        n.push_back(n.empty() || rng.chance(50) ? interestingValue(rng, vocabulary, files)
                                                : nlohmann::ordered_json(n[rng.below(n.size())]));
      else
        n = interestingValue(rng, vocabulary, files);
      break;
    case 4:  // a number nudged across a boundary
      if (n.is_number_integer() || n.is_number_unsigned()) {
        const int64_t deltas[] = {-1, 1, 63, 64, 1 << 16, -(int64_t{1} << 32)};
        n = static_cast<int64_t>(static_cast<uint64_t>(n.get<int64_t>()) +
                                 static_cast<uint64_t>(deltas[rng.below(std::size(deltas))]));
      } else if (n.is_number_float()) {
        n = n.get<double>() * (rng.chance(50) ? 1e30 : -1.0);
      } else {
        n = interestingValue(rng, vocabulary, files);
      }
      break;
    default:  // copy another node over this one
      n = nlohmann::ordered_json(*nodes[rng.below(nodes.size())]);
      break;
  }
}

std::string readFileBytes(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  if (!in) throw std::runtime_error(p.string() + ": cannot open seed");
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void checkMessage(const std::string& what, const char* kind) {
  if (what.empty()) throw Failure(std::string(kind) + " with an empty message");
  for (const char c : what)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
      throw Failure(std::string(kind) +
                    " message with a control character (not one line): " + frontend::escapeText(what));
  if (what.starts_with("internal error")) throw Failure(std::string(kind) + ": " + what);
}

}  // namespace gcnsim::fuzz
