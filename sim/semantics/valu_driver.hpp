// The vector ALU driver: every VOP1/VOP2/VOPC/VOP3 operation is a small
// per-lane function (usually a one-line lambda) plus a declaration of its
// operand kinds; this driver does everything else once per instruction:
//
//   fetch   whole source operands (VGPR row, SGPR/constant/literal broadcast,
//           LDS_DIRECT), then DPP lane permutation (src0), SDWA byte/word
//           selection with sign extension (src0/src1), VOP3 op_sel half
//           selection (GCN 1.4, 16-bit kinds), abs/neg on the kind's sign bit
//           and input-denormal flushing (MODE FP_DENORM);
//   compute the per-lane function over the lanes of EXEC (and of the DPP
//           row/bank masks), under the MODE rounding mode;
//   write   omod, clamp (DX10_CLAMP for NaN) and output-denormal flushing for
//           float results; 16-bit results zero or preserve the other half
//           (op_sel[3] picks the half on GCN 1.4); SDWA dst_sel/dst_unused;
//           compare masks, carry-outs and v_cmpx EXEC writes (bits of
//           inactive lanes are 0).
//
// Operand kinds (U32, I32, F32, U16, I16, F16, H16, U64, I64, F64) decide
// the argument type the lambda receives: F16 arrives as an exact double so
// that add/sub/mul round once when the driver rounds the result to f16.
// Pseudo-kinds: OldDst<K> (the destination's old value, v_mac_*), Lit<K>
// (the instruction's extra constant, v_madmk/v_madak), MaskIn (VCC in e32,
// SDWA and DPP forms, the SGPR pair in src2 for VOP3: v_cndmask, v_addc),
// VccIn (always VCC: v_div_fmas). Destination pseudo-kinds: Cmp/CmpX (a
// bool per lane into VCC or SDST, and EXEC for CmpX) and Keep<K> (16-bit
// result that preserves the other half on GCN 1.4). A lambda returning
// std::pair<value, bool> produces a carry-out mask (VCC or the VOP3b SDST).
// A lambda taking `Ctx&` first sees the clamp bit, MODE and generation; one
// taking a `Lane` (after the optional Ctx&) gets the lane number (v_mbcnt).
// Sources that are SGPRs, constants or literals are read once and passed to
// every lane as the same scalar (the full-EXEC loops are instantiated per
// combination of uniform sources, so they vectorize with scalar operands).
//
// The parts, in the order an instruction goes through them:
//   valu_kinds.hpp     the operand kinds and the argument types they give
//   valu_ctx.hpp       Ctx, the per-instruction context
//   valu_operands.hpp  Fetched<Kind>: source fetch and its modifiers,
//                      using valu_sdwa_dpp.hpp (SDWA selection, DPP permutation)
//   valu_results.hpp   result bits, output modifiers, lane-mask destinations
//   this file          the lane loop (Driver) and vop<>(), which ties them up
//
// Worked expansion. valu_float32.cpp registers v_add_f32 as
//   vop<F32, F32, F32>([](float a, float b) { return a + b; })
// which is &Driver<F32, 0, Lambda, F32, F32>::run. For `v_add_f32 v1, s2, v3`
// (e32) with every lane in EXEC, run(x) does:
//   Ctx c(x)                  MODE -> c.fp; c.writeMask = EXEC = ~0
//   Fetched<F32> src0, src1   src0.fetch: s2 is an SGPR -> uniform, src0.s = s2
//                             (flushed when MODE flushes f32 inputs);
//                             src1.fetch: src1.p = v3's row, read in place
//   uniform = 0b01            so withUniform picks the loop instantiated for U = 1
//   RoundScope                the host rounding mode = MODE's f32 round mode
//   writeVector<F32>          full EXEC, no clamp/omod/SDWA -> the plain loop:
//     for l in 0..63: out[l] = bitsOf(asF32(src0.s) + v3[l] as float)
//                             (ftz32 on each result if MODE flushes f32
//                             outputs); GCC vectorizes it: the uniform source
//                             is one broadcast register
//     memcpy(v1's row, out)
// With a partial EXEC (or DPP row masks), clamp/omod, SDWA or a 16-bit kind,
// the sources are materialized into rows and the general loop runs over the
// written lanes: the lane function, postFloat, the 16-bit half and SDWA dst
// rules per lane. v_cmp_* (D = Cmp/CmpX) gather a bool per lane into a mask
// instead (packLaneFlags), and a lambda returning std::pair adds a carry-out.
#pragma once
// The per-lane loops below are the simulator's hot path: sim/CMakeLists.txt
// builds the sim library at -O3 so that GCC vectorizes them.
#include <bit>
#include <cstdint>
#include <tuple>
#include <type_traits>
#include <utility>

#include "sim/exec_context.hpp"
#include "sim/semantics.hpp"
#include "sim/semantics/valu_ctx.hpp"
#include "sim/semantics/valu_float.hpp"
#include "sim/semantics/valu_kinds.hpp"
#include "sim/semantics/valu_operands.hpp"
#include "sim/semantics/valu_results.hpp"

namespace gcnsim::sim::valu {

template <class F, class... A>
[[gnu::always_inline]] inline auto invoke(F& f, Ctx& c, unsigned l, A... a) {
  if constexpr (std::is_invocable_v<F&, Ctx&, Lane, A...>)
    return f(c, Lane{l}, a...);
  else if constexpr (std::is_invocable_v<F&, Ctx&, A...>)
    return f(c, a...);
  else if constexpr (std::is_invocable_v<F&, Lane, A...>)
    return f(Lane{l}, a...);
  else
    return f(a...);
}

template <class D, unsigned Opt, class F, class... S>
struct Driver {
  using Sources = std::tuple<Fetched<S>...>;
  using Views = std::tuple<typename Fetched<S>::View...>;
  static Views views(const Sources& src) {
    return std::apply([](const auto&... s) { return Views{s.view()...}; }, src);
  }
  static constexpr unsigned kN = sizeof...(S);
  // Sources that may be uniform (SGPR, constant, literal): one bit per source.
  static constexpr unsigned kUniformable = [] {
    unsigned m = 0, i = 0;
    ((m |= (Fetched<S>::kCanBeUniform ? 1u : 0u) << i++), ...);
    return m;
  }();

  // Lane function on lane l; sources whose bit is set in U are uniform and
  // read as one scalar (the value loops then vectorize with scalar operands).
  template <unsigned U, size_t I>
  [[gnu::always_inline]] static auto argAt(const Views& src, unsigned l) {
    if constexpr ((U >> I) & 1)
      return std::get<I>(src).uarg();
    else
      return std::get<I>(src).arg(l);
  }
  template <unsigned U, size_t... I>
  [[gnu::always_inline]] static auto callAt(F& f, Ctx& c, const Views& src, unsigned l,
                                            std::index_sequence<I...>) {
    return invoke(f, c, l, argAt<U, I>(src, l)...);
  }
  template <unsigned U>
  [[gnu::always_inline]] static auto compute(F& f, Ctx& c, const Views& src, unsigned l) {
    return callAt<U>(f, c, src, l, std::index_sequence_for<S...>{});
  }

  // Calls body(std::integral_constant<unsigned, U>) for U == u (a subset of kUniformable).
  template <class Body, unsigned... U>
  [[gnu::always_inline]] static void withUniform(unsigned u, Body&& body,
                                                 std::integer_sequence<unsigned, U...>) {
    (void)((u == U && ((void)[&] {
              if constexpr ((U & ~kUniformable) == 0) body(std::integral_constant<unsigned, U>{});
            }(), true)) || ...);
  }
  template <class Body>
  [[gnu::always_inline]] static void withUniform(unsigned u, Body&& body) {
    withUniform(u, body, std::make_integer_sequence<unsigned, 1u << kN>{});
  }

  static void run(Exec& x) {
    Ctx c(x);
    if constexpr (std::is_same_v<D, Cmp> || std::is_same_v<D, CmpX>) {
      // v_cmp_* and v_cmpx_* with the same lane function share one mask loop
      // (Driver<Cmp, ...>::compare, out of line): half the code to compile.
      uint64_t m = 0;
      if (!Driver<Cmp, Opt, F, S...>::compare(c, m)) return;
      writeMaskDst(c, m);
      if constexpr (std::is_same_v<D, CmpX>) c.w.setExec(m);
    } else {
      Sources src;
      unsigned uniform = 0;
      if (!fetch(c, src, uniform)) return;
      F f{};
      // Loops over the lanes of a partial mask (and the general write path) read
      // every source per lane.
      auto perLane = [&] {
        std::apply([](auto&... s) { (s.materialize(), ...); }, src);
        uniform = 0;
      };
      constexpr Ty T = DstInfo<D>::ty;
      RoundScope rs(T == Ty::F64 ? c.fp.round64 : T == Ty::F16 ? c.round16() : c.fp.round32);
      writeVector<T, DstInfo<D>::keep>(c, f, src, uniform, perLane);
    }
  }

  // Reads the sources; `uniform` gets a bit per source read as one value.
  // False after a fault (a VGPR beyond the allocation).
  [[gnu::always_inline]] static bool fetch(Ctx& c, Sources& src, unsigned& uniform) {
    c.ftz = (Opt & kFtz) != 0;
    unsigned next = 0;
    std::apply([&](auto&... s) { (s.fetch(c, next), ...); }, src);
    if (c.bad) return false;
    std::apply(
        [&](auto&... s) {
          unsigned i = 0;
          ((uniform |= (s.uniform ? 1u : 0u) << i++), ...);
        },
        src);
    return true;
  }

  // The compare result of the written lanes (bits of the others are 0).
  [[gnu::noinline]] static bool compare(Ctx& c, uint64_t& m) {
    Sources src;
    unsigned uniform = 0;
    if (!fetch(c, src, uniform)) return false;
    F f{};
    if (c.writeMask == ~0ull) {
      const Views sv = views(src);
      withUniform(uniform, [&](auto u) {
        alignas(64) uint8_t flags[64];
        for (unsigned l = 0; l < 64; ++l) flags[l] = compute<u()>(f, c, sv, l) ? 1 : 0;
        m = packLaneFlags(flags);
      });
    } else {
      std::apply([](auto&... s) { (s.materialize(), ...); }, src);
      const Views sv = views(src);
      for (uint64_t rest = c.writeMask; rest; rest &= rest - 1) {
        const unsigned l = std::countr_zero(rest);
        m |= static_cast<uint64_t>(compute<0>(f, c, sv, l)) << l;
      }
    }
    return true;
  }

  // The raw result of a lane; a carry-out goes to flags[l] (full-EXEC loops) or
  // straight into the mask.
  template <Ty T, class R>
  [[gnu::always_inline]] static RawOf<T> value(const Ctx& c, R r, uint64_t& carryMask, unsigned l) {
    if constexpr (IsPair<R>::value) {
      carryMask |= static_cast<uint64_t>(r.second ? 1 : 0) << l;
      return toRaw<T>(c, r.first);
    } else {
      (void)carryMask, (void)l;
      return toRaw<T>(c, r);
    }
  }
  template <Ty T, class R>
  [[gnu::always_inline]] static RawOf<T> value(const Ctx& c, R r, uint8_t* flags, unsigned l) {
    if constexpr (IsPair<R>::value) {
      flags[l] = r.second ? 1 : 0;
      return toRaw<T>(c, r.first);
    } else {
      (void)flags, (void)l;
      return toRaw<T>(c, r);
    }
  }

  template <Ty T, bool Keep16, class PerLane>
  static void writeVector(Ctx& c, F& f, Sources& src, unsigned uniform, PerLane& perLane) {
    using R = decltype(compute<0>(f, c, std::declval<const Views&>(), 0u));
    constexpr bool carry = IsPair<R>::value;
    const unsigned dreg = c.in.dst.reg;
    if (!c.vgprOk(dreg, isWide(T) ? 2 : 1)) return;
    const uint64_t mask = c.writeMask;
    uint64_t carryMask = 0;
    alignas(64) uint8_t flags[carry ? 64 : 1];  // carry-outs of the full-EXEC loops
    auto at = [&](const Views& sv, unsigned l) __attribute__((always_inline)) {
      return value<T>(c, compute<0>(f, c, sv, l), carryMask, l);
    };
    if constexpr (isWide(T)) {
      uint32_t* d0 = c.w.v(dreg);
      uint32_t* d1 = c.w.v(dreg + 1);
      const bool post = isFloat(T) && (c.clamp || c.omod || !c.fp.allowOut64 || c.ftz);
      if (mask == ~0ull && !post) {
        const Views sv = views(src);
        withUniform(uniform, [&](auto u) {
          alignas(64) RawOf<T> out[64];  // local: the loop cannot alias the source rows
          for (unsigned l = 0; l < 64; ++l) out[l] = value<T>(c, compute<u()>(f, c, sv, l), flags, l);
          for (unsigned l = 0; l < 64; ++l) {
            d0[l] = static_cast<uint32_t>(out[l]);
            d1[l] = static_cast<uint32_t>(out[l] >> 32);
          }
        });
        if constexpr (carry) carryMask = packLaneFlags(flags);
      } else {
        perLane();
        const Views sv = views(src);
        for (uint64_t rest = mask; rest; rest &= rest - 1) {
          const unsigned l = std::countr_zero(rest);
          RawOf<T> v = at(sv, l);
          if (post) v = postFloat<T>(c, v);
          d0[l] = static_cast<uint32_t>(v);
          d1[l] = static_cast<uint32_t>(v >> 32);
        }
      }
    } else {
      uint32_t* d = c.w.v(dreg);
      const bool sdwa = c.enc == VopEnc::SDWA && c.in.sdwa.dstSel != 6;
      const bool post = isFloat(T) && (c.clamp || c.omod || (T == Ty::F32 && (!c.fp.allowOut32 || c.ftz)) ||
                                       (T == Ty::F16 && c.flushOut16()));
      const bool hiHalf = isHalf(T) && c.opsel && ((c.in.mods.opsel >> 3) & 1);
      const bool keepHi = Keep16 && c.gen == Gen::GCN14;
      // Full EXEC, a 32-bit result written as it is or with the MODE output flush only.
      const bool plainOut = !post && !sdwa && !isHalf(T);
      const bool flushOut = T == Ty::F32 && post && !c.clamp && !c.omod && !sdwa;
      if (!isHalf(T) && mask == ~0ull && (plainOut || flushOut)) {
        if constexpr (!isHalf(T)) {
          const Views sv = views(src);
          // The lanes go to a local array first: a destination that is also a
          // source (v_add_f32 v1, v2, v1) would make GCC's runtime alias check
          // fall back to the scalar loop.
          alignas(64) uint32_t out[64];
          withUniform(uniform, [&](auto u) {
            if constexpr (T == Ty::F32) {
              if (flushOut) {
                for (unsigned l = 0; l < 64; ++l)
                  out[l] = ftz32(value<T>(c, compute<u()>(f, c, sv, l), flags, l));
                return;
              }
            }
            for (unsigned l = 0; l < 64; ++l) out[l] = value<T>(c, compute<u()>(f, c, sv, l), flags, l);
          });
          __builtin_memcpy(d, out, sizeof out);
          if constexpr (carry) carryMask = packLaneFlags(flags);
        }
      } else {
        perLane();
        const Views sv = views(src);
        for (uint64_t rest = mask; rest; rest &= rest - 1) {
          const unsigned l = std::countr_zero(rest);
          uint32_t v = at(sv, l);
          if (plainOut) {
            d[l] = v;
            continue;
          }
          if (post) v = postFloat<T>(c, v);
          if constexpr (isHalf(T)) {
            v &= 0xffffu;
            if (hiHalf)
              v = (d[l] & 0xffffu) | (v << 16);
            else if (keepHi)
              v |= d[l] & 0xffff0000u;
          }
          if (sdwa) v = sdwaDst(d[l], v, c.in.sdwa.dstSel, c.in.sdwa.dstUnused);
          d[l] = v;
        }
      }
    }
    if constexpr (carry) writeMaskDst(c, carryMask);
  }
};

// vop<D, S...>(lambda): the semantic function of an operation with
// destination kind D and source kinds S... (see the header comment).
template <class D, class... S, class F>
SemFn vop(F) {
  static_assert(std::is_empty_v<F>, "lane functions must not capture");
  return &Driver<D, 0, F, S...>::run;
}
// Same, with options (kFtz).
template <unsigned Opt, class D, class... S, class F>
SemFn vopo(F) {
  static_assert(std::is_empty_v<F>, "lane functions must not capture");
  return &Driver<D, Opt, F, S...>::run;
}

// Family registration (one per file).
void registerValuInt(SemRegistry& r);  // moves, bitwise, shifts
void registerValuIntArith(SemRegistry& r);
void registerValuIntBits(SemRegistry& r);
void registerValuIntSad(SemRegistry& r);
void registerValuFloat32(SemRegistry& r);  // arithmetic, min/max
void registerValuFloat32Special(SemRegistry& r);
void registerValuFloat64(SemRegistry& r);
void registerValuF16(SemRegistry& r);
void registerValuConv(SemRegistry& r);
void registerValuCmp(SemRegistry& r);  // f32 and v_cmp_class
void registerValuCmpF16F64(SemRegistry& r);
void registerValuIntCmp(SemRegistry& r);  // 16/32-bit
void registerValuInt64Cmp(SemRegistry& r);
void registerValuLane(SemRegistry& r);
void registerValuPacked(SemRegistry& r);
// The fused multiply-adds (valu_fma.cpp) in the portable build or, when
// `hostFma` is set and the host has AVX2 + FMA3, compiled for the FMA
// instruction (bit-identical results).
void registerValuFma(SemRegistry& r, bool hostFma);
// Whether the host-FMA build can run here (CPU and the GCNSIM_HOST_FMA build option).
bool hostFmaAvailable();

}  // namespace gcnsim::sim::valu
