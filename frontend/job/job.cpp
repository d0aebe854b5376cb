// loadJob: the top level of the job file (README "Job file").
#include "frontend/job/job.hpp"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <set>

#include "frontend/common/error.hpp"
#include "frontend/common/input_file.hpp"
#include "frontend/common/json_input.hpp"
#include "frontend/job/job_parts.hpp"

namespace gcnsim::frontend {
namespace {

// The text is freed once parsed; the buffers' "data" arrays are in `data`, not the document.
JobJson parseJsonFile(const std::filesystem::path& path, const Limits& limits, BufferDataSink& data) {
  return parseOrderedJsonText(readInputText(path, limits.maxFileBytes), path.string(), &data);
}

}  // namespace

std::optional<ElemType> typeFromTypeName(const std::string& name) {
  static const std::pair<const char*, ElemType> rows[] = {
      {"uchar", ElemType::U8},     {"char", ElemType::I8},      {"unsigned char", ElemType::U8},
      {"ushort", ElemType::U16},   {"short", ElemType::I16},    {"unsigned short", ElemType::U16},
      {"uint", ElemType::U32},     {"int", ElemType::I32},      {"unsigned int", ElemType::U32},
      {"ulong", ElemType::U64},    {"long", ElemType::I64},     {"unsigned long", ElemType::U64},
      {"size_t", ElemType::U64},   {"half", ElemType::F16},     {"float", ElemType::F32},
      {"double", ElemType::F64},   {"uint32_t", ElemType::U32}, {"int32_t", ElemType::I32},
      {"uint64_t", ElemType::U64}, {"int64_t", ElemType::I64},
  };
  for (const auto& [n, t] : rows)
    if (name == n) return t;
  return std::nullopt;
}

std::optional<std::pair<ElemType, unsigned>> vectorTypeFromTypeName(const std::string& name) {
  size_t digits = name.size();
  while (digits > 0 && std::isdigit(static_cast<unsigned char>(name[digits - 1]))) --digits;
  if (digits == name.size() || digits == 0) return std::nullopt;
  const std::string count = name.substr(digits);
  if (count != "2" && count != "3" && count != "4" && count != "8" && count != "16") return std::nullopt;
  const std::string base = name.substr(0, digits);
  static const char* const kVectorBases[] = {"char", "uchar", "short", "ushort", "int",   "uint",
                                             "long", "ulong", "half",  "float",  "double"};
  if (std::find(std::begin(kVectorBases), std::end(kVectorBases), base) == std::end(kVectorBases))
    return std::nullopt;
  return std::pair{*typeFromTypeName(base), static_cast<unsigned>(std::stoul(count))};
}

std::string vectorCountMismatch(size_t given, const std::string& typeName, unsigned count) {
  const bool vowel = !typeName.empty() && std::string("aeio").find(typeName[0]) != std::string::npos;
  return std::to_string(given) + " element" + (given == 1 ? "" : "s") + ", but the kernel argument is " +
         (vowel ? "an " : "a ") + typeName + " (" + std::to_string(count) + " elements)";
}

namespace {

// "bytes": hex digits, two per byte, in memory order; spaces and underscores between them are ignored.
std::vector<uint8_t> parseHexBytes(const JobContext& ctx, const JobJson& v, const std::string& field) {
  const std::string text = ctx.requireString(v, field);
  std::string hexDigits;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == ' ' || c == '_') continue;
    if (!std::isxdigit(static_cast<unsigned char>(c)))
      ctx.fail(field,
               "character " + std::to_string(i) + " (" + JobContext::quoted(std::string(1, c)) +
                   ") is not a hex digit (expected two hex digits per byte, e.g. \"0a000000 0000803f\")");
    hexDigits += c;
  }
  if (hexDigits.empty()) ctx.fail(field, "no bytes (expected two hex digits per byte)");
  if (hexDigits.size() % 2)
    ctx.fail(field, std::to_string(hexDigits.size()) + " hex digits: not whole bytes");
  if (hexDigits.size() / 2 > kMaxKernargBytes)
    ctx.fail(field, std::to_string(hexDigits.size() / 2) + " bytes exceed the kernarg segment limit of " +
                        std::to_string(kMaxKernargBytes));
  std::vector<uint8_t> out;
  for (size_t i = 0; i < hexDigits.size(); i += 2)
    out.push_back(static_cast<uint8_t>(std::stoul(hexDigits.substr(i, 2), nullptr, 16)));
  return out;
}

}  // namespace

std::string ArgSpec::valueDescription() const {
  if (elements == 0) return std::to_string(bytes.size()) + " raw bytes";
  if (elements == 1) return std::string(elemTypeName(type));
  return std::string(elemTypeName(type)) + " x " + std::to_string(elements);
}

std::array<uint32_t, 3> parseDims(const JobContext& ctx, const JobJson& v, const std::string& field) {
  ctx.requireArray(v, field);
  if (v.empty() || v.size() > 3)
    ctx.fail(field, "needs 1 to 3 entries (x, y, z), not " + std::to_string(v.size()));
  std::array<uint32_t, 3> out{1, 1, 1};
  for (size_t i = 0; i < v.size(); ++i)
    out[i] =
        static_cast<uint32_t>(ctx.requireUint(v[i], field + "[" + std::to_string(i) + "]", 1, 0xffffffffu));
  return out;
}

// The work-group size (at most kMaxWorkgroupSize and the kernel's
// .max_flat_workgroup_size); work-groups per dimension, computed in 64 bits:
// the grid must not need more than limits.maxWorkgroups of them, and grid +
// workgroup - 1 must fit in 32 bits (the simulator's work-group arithmetic).
void checkGeometry(const JobContext& ctx, const std::string& prefix, const std::array<uint32_t, 3>& grid,
                   const std::array<uint32_t, 3>& workgroup, const KernelInfo* info, const Limits& limits) {
  // (In 128 bits: [536903681, 536838145, 64] is 2^64 + 64 work-items, which 64 bits had wrapped to 64.)
  const unsigned __int128 wgSize = static_cast<unsigned __int128>(workgroup[0]) * workgroup[1] * workgroup[2];
  if (wgSize > kMaxWorkgroupSize)
    ctx.fail(prefix + "workgroup", int128ToString(static_cast<__int128>(wgSize)) +
                                       " work-items per work-group exceed the limit of " +
                                       std::to_string(kMaxWorkgroupSize));
  if (info && info->maxFlatWorkgroupSize && wgSize > info->maxFlatWorkgroupSize)
    ctx.fail(prefix + "workgroup",
             std::to_string(static_cast<uint64_t>(wgSize)) +
                 " work-items per work-group exceed the kernel's .max_flat_workgroup_size " +
                 std::to_string(info->maxFlatWorkgroupSize));
  if (info)
    if (const std::string m = info->workgroupMismatch(workgroup); !m.empty())
      ctx.fail(prefix + "workgroup", m);
  unsigned __int128 total = 1;
  for (int i = 0; i < 3; ++i) {
    const uint64_t g = grid[i], w = workgroup[i];
    if (g + w - 1 > 0xffffffffu)
      ctx.fail(prefix + "grid[" + std::to_string(i) + "]",
               std::to_string(g) + " work-items with work-groups of " + std::to_string(w) +
                   " exceed the limit of " + std::to_string(0x100000000u - w) + " (2^32 - work-group size)");
    total *= (g + w - 1) / w;
  }
  if (total > limits.maxWorkgroups) {
    std::string counts;
    for (int i = 0; i < 3; ++i)
      counts += (i ? " x " : "") + std::to_string((uint64_t{grid[i]} + workgroup[i] - 1) / workgroup[i]);
    ctx.fail(prefix + "grid", counts + " work-groups exceed the limit of " +
                                  std::to_string(limits.maxWorkgroups) + " (--max-workgroups)");
  }
}

void parseKernel(const JobContext& ctx, const JobJson& v, const std::string& field,
                 const std::filesystem::path& dir, JobKernel& job, const Limits& limits) {
  ctx.requireObject(v, field);
  ctx.checkKeys(v, field, {"file", "name", "format", "arch", "sgprs", "vgprs", "lds_bytes", "setup"});
  KernelSpec& k = job.kernel;
  k.file = dir / ctx.requireString(ctx.requireKey(v, "file", field), field + ".file");
  std::vector<uint8_t> bytes;
  try {
    bytes = readInputFile(k.file, limits.maxFileBytes);
  } catch (const InputError& e) {
    ctx.fail(field + ".file", e.what());
  }

  if (const JobJson* f = ctx.optionalKey(v, "format")) {
    const std::string s = ctx.requireString(*f, field + ".format");
    if (s != "elf" && s != "raw")
      ctx.fail(field + ".format", "unknown format " + JobContext::quoted(s) + " (expected elf or raw)");
    k.format = s == "elf" ? KernelFormat::Elf : KernelFormat::Raw;
  } else {
    k.format = looksLikeElf(bytes) ? KernelFormat::Elf : KernelFormat::Raw;
  }
  std::optional<isa::Arch> arch;
  if (const JobJson* a = ctx.optionalKey(v, "arch")) {
    const std::string s = ctx.requireString(*a, field + ".arch");
    arch = isa::parseArch(s);
    if (!arch)
      ctx.fail(field + ".arch",
               "unknown architecture " + JobContext::quoted(s) + " (known: " + isa::knownArchNames() + ")");
  }

  if (k.format == KernelFormat::Elf) {
    for (const char* rawOnly : {"sgprs", "vgprs", "lds_bytes", "setup"})
      if (v.contains(rawOnly))
        ctx.fail(field + "." + rawOnly,
                 "only for raw machine code (\"format\": \"raw\"); a code object carries its own");
    try {
      job.codeObject = std::make_shared<const CodeObject>(loadCodeObject(std::move(bytes), k.file.string()));
    } catch (const InputError& e) {
      ctx.fail(field + ".file", e.what());
    }
    const CodeObject& co = *job.codeObject;
    k.arch = co.arch;
    if (arch && arch->gen != co.arch.gen)
      ctx.fail(field + ".arch", arch->llvmName + " does not match the code object's " + co.arch.llvmName);
    if (const JobJson* n = ctx.optionalKey(v, "name")) {
      k.name = ctx.requireString(*n, field + ".name");
    } else if (co.kernels.size() == 1) {
      k.name = co.kernels[0].name;
    } else {
      ctx.fail(field, "missing required key \"name\" (kernels in " + k.file.filename().string() + ": " +
                          co.kernelNames() + ")");
    }
    const KernelInfo* info = co.findKernel(k.name);
    if (!info)
      ctx.fail(field + ".name", "no kernel " + JobContext::quoted(k.name) + " in " +
                                    k.file.filename().string() + " (kernels: " + co.kernelNames() + ")");
    job.kernelIndex = static_cast<size_t>(info - co.kernels.data());
    return;
  }

  if (!arch)
    ctx.fail(field,
             "missing required key \"arch\" (raw machine code does not say which processor it is for)");
  k.arch = *arch;
  k.name = v.contains("name") ? ctx.requireString(v["name"], field + ".name") : k.file.stem().string();
  if (bytes.empty() || bytes.size() % 4)
    ctx.fail(field + ".file", k.file.string() + " has " + std::to_string(bytes.size()) +
                                  " bytes; raw machine code is a non-empty sequence of 4-byte words");
  job.rawCode = std::move(bytes);
  const uint32_t maxSgprs = k.arch.gen == isa::Gen::GCN10 || k.arch.gen == isa::Gen::GCN11 ? 104 : 102;
  k.sgprs = v.contains("sgprs")
                ? static_cast<uint32_t>(ctx.requireUint(v["sgprs"], field + ".sgprs", 1, maxSgprs))
                : maxSgprs;
  k.vgprs = v.contains("vgprs") ? static_cast<uint32_t>(ctx.requireUint(v["vgprs"], field + ".vgprs", 1, 256))
                                : 256;
  k.ldsBytes =
      v.contains("lds_bytes")
          ? static_cast<uint32_t>(ctx.requireUint(v["lds_bytes"], field + ".lds_bytes", 0, kMaxLdsBytes))
          : 0;
}

ArgSpec parseArg(const JobContext& ctx, const JobJson& v, const std::string& field, const Job& job,
                 const KernelArg* meta, bool allowIteration) {
  ctx.requireObject(v, field);
  ArgSpec a;
  if (v.contains("buffer")) {
    ctx.checkKeys(v, field, {"buffer"});
    a.kind = ArgSpec::Kind::Buffer;
    a.buffer = ctx.requireString(v["buffer"], field + ".buffer");
    if (!job.findBuffer(a.buffer)) ctx.fail(field + ".buffer", "no buffer " + JobContext::quoted(a.buffer));
  } else if (v.contains("value")) {
    if (allowIteration)
      ctx.checkKeys(v, field, {"value", "type", "iteration"});
    else
      ctx.checkKeys(v, field, {"value", "type"});
    a.kind = ArgSpec::Kind::Value;
    const bool list = v["value"].is_array();
    // A vector argument ("float4"): the element type and count the list must have.
    std::optional<std::pair<ElemType, unsigned>> vector;
    if (meta && meta->valueKind == ArgValueKind::ByValue) vector = vectorTypeFromTypeName(meta->typeName);
    if (const JobJson* t = ctx.optionalKey(v, "type")) {
      const std::string s = ctx.requireString(*t, field + ".type");
      auto type = parseElemType(s);
      if (!type)
        ctx.fail(field + ".type",
                 "unknown type " + JobContext::quoted(s) + " (expected one of " + elemTypeList() + ")");
      a.type = *type;
    } else {
      auto type = !meta || meta->valueKind != ArgValueKind::ByValue ? std::nullopt
                  : list && vector                                  ? std::optional(vector->first)
                                                                    : typeFromTypeName(meta->typeName);
      if (!type)
        ctx.fail(field,
                 "missing required key \"type\"" + (meta ? " (cannot infer it from the kernel's type name " +
                                                               JobContext::quoted(meta->typeName) + ")"
                                                         : std::string()));
      a.type = *type;
    }
    if (list) {
      // Several elements of `type`, packed in order: a vector or an array-like struct by value.
      const JobJson& elems = v["value"];
      if (elems.empty()) ctx.fail(field + ".value", "an empty list (give the argument's elements)");
      const unsigned size = elemTypeSize(a.type);
      if (elems.size() > kMaxKernargBytes / size)
        ctx.fail(field + ".value", std::to_string(elems.size()) +
                                       " elements exceed the kernarg segment limit of " +
                                       std::to_string(kMaxKernargBytes) + " bytes");
      a.elements = static_cast<uint32_t>(elems.size());
      if (vector) {
        if (a.elements != vector->second)
          ctx.fail(field + ".value", vectorCountMismatch(a.elements, meta->typeName, vector->second));
        if (size != elemTypeSize(vector->first))
          ctx.fail(field + ".type", std::string(elemTypeName(a.type)) + " elements are " +
                                        std::to_string(size) + " bytes, but the kernel argument's " +
                                        meta->typeName + " has " +
                                        std::to_string(elemTypeSize(vector->first)) + "-byte elements");
      }
      a.bytes.resize(size_t{a.elements} * size);
      for (size_t i = 0; i < elems.size(); ++i) {
        const uint64_t bits = ctx.elementBits(elems[i], a.type, field + ".value[" + std::to_string(i) + "]");
        std::memcpy(a.bytes.data() + i * size, &bits, size);
      }
      // A 3-element vector takes the room of 4 (OpenCL: "sizeof a 3-component vector is 4 components").
      if (vector && vector->second == 3) a.bytes.resize(size_t{4} * size, 0);
      if (const JobJson* it = allowIteration ? ctx.optionalKey(v, "iteration") : nullptr)
        if (ctx.requireBool(*it, field + ".iteration"))
          ctx.fail(field + ".iteration", "needs a single integer value, not a list");
    } else {
      a.bits = ctx.elementBits(v["value"], a.type, field + ".value");
      if (const JobJson* it = allowIteration ? ctx.optionalKey(v, "iteration") : nullptr) {
        a.iteration = ctx.requireBool(*it, field + ".iteration");
        if (a.iteration && (a.type == ElemType::F16 || a.type == ElemType::F32 || a.type == ElemType::F64))
          ctx.fail(field + ".iteration", "needs an integer type, not " + std::string(elemTypeName(a.type)));
      }
    }
  } else if (v.contains("bytes")) {
    ctx.checkKeys(v, field, {"bytes"});
    a.kind = ArgSpec::Kind::Value;
    a.elements = 0;
    a.bytes = parseHexBytes(ctx, v["bytes"], field + ".bytes");
  } else if (v.contains("local")) {
    ctx.checkKeys(v, field, {"local"});
    a.kind = ArgSpec::Kind::Local;
    a.localBytes = static_cast<uint32_t>(ctx.requireUint(v["local"], field + ".local", 0, kMaxLdsBytes));
  } else {
    ctx.fail(field, "needs one of \"buffer\", \"value\", \"bytes\" or \"local\"");
  }
  return a;
}

void failListForRawCode(const JobContext& ctx, const std::string& field) {
  ctx.fail(field,
           "a value of several elements or \"bytes\" needs the kernel's metadata (a code object); raw code "
           "takes scalar values");
}

namespace {

// Fails as soon as the "local" arguments parsed so far, plus `fixed` bytes of
// LDS, exceed a work-group's LDS (so 65,537 blocks stop at the second).
void checkLocalsSoFar(const JobContext& ctx, const Job& job, uint64_t fixed, const std::string& what) {
  const ArgSpec& last = job.args.back();
  if (last.kind != ArgSpec::Kind::Local || fixed + job.dynamicLdsBytes() <= kMaxLdsBytes) return;
  ctx.fail("args[" + std::to_string(job.args.size() - 1) + "].local",
           what + " plus " + std::to_string(job.dynamicLdsBytes()) + " bytes of \"local\" arguments exceed " +
               std::to_string(kMaxLdsBytes) + " bytes per work-group");
}

// Raw code has no metadata: the arguments are laid out in order, each at its
// natural alignment (a buffer address 8 bytes, a value its type's size, a
// local argument the 4-byte LDS offset of its block), and the code reads them
// through the SGPRs "kernel.setup" maps to "kernarg_segment_ptr".
void parseRawArgs(const JobContext& ctx, const JobJson& a, Job& job) {
  ctx.requireArray(a, "args");
  uint32_t offset = 0;
  for (size_t i = 0; i < a.size(); ++i) {
    ArgSpec arg = parseArg(ctx, a[i], "args[" + std::to_string(i) + "]", job, nullptr);
    if (!arg.bytes.empty()) failListForRawCode(ctx, "args[" + std::to_string(i) + "]");
    arg.kernargSize = arg.kind == ArgSpec::Kind::Buffer  ? 8u
                      : arg.kind == ArgSpec::Kind::Local ? 4u
                                                         : static_cast<uint32_t>(elemTypeSize(arg.type));
    offset = (offset + arg.kernargSize - 1) / arg.kernargSize * arg.kernargSize;
    arg.kernargOffset = offset;
    offset += arg.kernargSize;
    if (offset > kMaxKernargBytes)
      ctx.fail("args[" + std::to_string(i) + "]",
               "the kernarg segment exceeds its limit of " + std::to_string(kMaxKernargBytes) + " bytes");
    job.args.push_back(std::move(arg));
    checkLocalsSoFar(ctx, job, job.kernel.ldsBytes,
                     "kernel.lds_bytes (" + std::to_string(job.kernel.ldsBytes) + ")");
  }
  if (job.args.empty()) return;
  bool mapped = false;
  for (const RegInit& r : job.kernel.setup.inits) mapped |= r.kind == RegInit::Kind::KernargAddress;
  if (!mapped)
    ctx.fail("args",
             "raw code reads its arguments from the kernarg segment: map its address with "
             "\"kernel.setup\": {\"s[0:1]\": \"kernarg_segment_ptr\"} (any SGPR pair)");
}

}  // namespace

std::vector<uint8_t> BufferSpec::initialBytes() const {
  std::vector<uint8_t> all = file.empty() ? bytes : readInputFile(file, fileSize);
  all.resize(size);
  return all;
}

const BufferSpec* Job::findBuffer(std::string_view name) const {
  if (const auto it = bufferIndex.find(name);
      it != bufferIndex.end() && it->second < buffers.size() && buffers[it->second].name == name)
    return &buffers[it->second];
  if (bufferIndex.size() == buffers.size() && !buffers.empty()) return nullptr;  // the index is complete
  for (const auto& b : buffers)
    if (b.name == name) return &b;
  return nullptr;
}

uint64_t Job::dynamicLdsBytes() const {
  uint64_t total = 0;
  for (const auto& a : args)
    if (a.kind == ArgSpec::Kind::Local) total += a.localBytes;
  return total;
}

Job loadJob(const std::filesystem::path& path, const Limits& limits) {
  const JobContext ctx(path.string());
  BufferDataSink data(ctx, limits.maxBufferBytes);
  const JobJson doc = parseJsonFile(path, limits, data);
  Job job;
  job.path = path;
  job.dir = path.parent_path();
  ctx.requireObject(doc, "");
  ctx.checkKeys(
      doc, "",
      {"kernel", "grid", "workgroup", "buffers", "args", "output", "description", "kernels", "steps"});
  if (const JobJson* d = ctx.optionalKey(doc, "description")) ctx.requireString(*d, "description");

  const bool steps = doc.contains("steps") || doc.contains("kernels");
  if (steps) {
    for (const char* single : {"kernel", "grid", "workgroup", "args"})
      if (doc.contains(single))
        ctx.fail(single,
                 "a job with \"steps\" names its kernels in \"kernels\" and gives grid, workgroup "
                 "and args in each dispatch step");
    ctx.requireKey(doc, "kernels", "");
    ctx.requireKey(doc, "steps", "");
  } else {
    JobKernel k;
    parseKernel(ctx, ctx.requireKey(doc, "kernel", ""), "kernel", job.dir, k, limits);
    job.kernel = std::move(k.kernel);
    job.codeObject = std::move(k.codeObject);
    job.kernelIndex = k.kernelIndex;
    job.rawCode = std::move(k.rawCode);
    job.grid = parseDims(ctx, ctx.requireKey(doc, "grid", ""), "grid");
    job.gridDims = static_cast<unsigned>(doc["grid"].size());
    job.workgroup = parseDims(ctx, ctx.requireKey(doc, "workgroup", ""), "workgroup");
    checkGeometry(ctx, "", job.grid, job.workgroup, job.codeObject ? &job.kernelInfo() : nullptr, limits);
  }

  uint64_t totalBytes = 0;
  if (const JobJson* b = ctx.optionalKey(doc, "buffers")) {
    ctx.requireObject(*b, "buffers");
    // Sizes first, so that buffers that do not fit are refused before any is filled.
    for (auto it = b->begin(); it != b->end(); ++it) {
      const uint64_t bytes = bufferBytes(ctx, it.key(), it.value(), job.dir, limits, data.find(it.key()));
      if (bytes > limits.maxBufferBytes - totalBytes)
        ctx.fail("buffers." + it.key(), std::to_string(bytes) + " bytes exceed the buffer memory limit of " +
                                            std::to_string(limits.maxBufferBytes) + " bytes (" +
                                            std::to_string(totalBytes) +
                                            " already used by earlier buffers) (--max-buffer-bytes)");
      totalBytes += bytes;
    }
    totalBytes = 0;
    for (auto it = b->begin(); it != b->end(); ++it) {
      job.buffers.push_back(
          parseBuffer(ctx, it.key(), it.value(), job.dir, limits, totalBytes, data.find(it.key())));
      totalBytes += job.buffers.back().size;
      job.bufferIndex.emplace(job.buffers.back().name, job.buffers.size() - 1);
    }
  }

  if (steps) {
    parseKernels(ctx, doc["kernels"], job, limits);
    parseSteps(ctx, doc["steps"], job, limits);
  } else if (job.kernel.format == KernelFormat::Raw) {
    if (const JobJson* s = ctx.optionalKey(doc["kernel"], "setup"))
      job.kernel.setup = parseRawSetup(ctx, *s, job.buffers, job.kernel);
    if (const JobJson* a = ctx.optionalKey(doc, "args")) parseRawArgs(ctx, *a, job);
  } else if (const JobJson* a = ctx.optionalKey(doc, "args")) {
    ctx.requireArray(*a, "args");
    const auto meta = job.kernelInfo().explicitArgs();
    // Too many arguments: the count first, as an extra one has no metadata to take its type from (it had
    // been reported as 'args[3]: missing required key "type"' instead of the count).
    if (a->size() > meta.size())
      checkArgShapes(job.path.string(), job.kernelInfo(), std::vector<ArgShape>(a->size()), "the job");
    for (size_t i = 0; i < a->size(); ++i) {
      job.args.push_back(parseArg(ctx, (*a)[i], "args[" + std::to_string(i) + "]", job,
                                  i < meta.size() ? meta[i] : nullptr));
      const uint32_t fixed = job.kernelInfo().groupSegmentSize;
      checkLocalsSoFar(ctx, job, fixed, "the kernel's " + std::to_string(fixed) + " bytes of LDS");
    }
  }
  if (job.codeObject) {
    const KernelInfo& k = job.kernelInfo();
    checkArgsAgainstMetadata(job, k);
    const auto meta = k.explicitArgs();
    for (size_t i = 0; i < job.args.size(); ++i) {
      job.args[i].kernargOffset = meta[i]->offset;
      job.args[i].kernargSize = meta[i]->size;
    }
  }

  if (const JobJson* o = ctx.optionalKey(doc, "output")) {
    ctx.requireArray(*o, "output");
    std::set<std::string> seen;
    for (size_t i = 0; i < o->size(); ++i) {
      const std::string field = "output[" + std::to_string(i) + "]";
      std::string name = ctx.requireString((*o)[i], field);
      if (!job.findBuffer(name)) ctx.fail(field, JobContext::quoted(name) + " is not a buffer");
      if (!seen.insert(name).second) ctx.fail(field, JobContext::quoted(name) + " is listed twice");
      job.output.push_back(std::move(name));
    }
  } else {
    for (const auto& b : job.buffers) job.output.push_back(b.name);
  }
  return job;
}

}  // namespace gcnsim::frontend
