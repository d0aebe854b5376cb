#!/usr/bin/env python3
"""Expected values of gfx906's fused mixed-precision multiply-adds for
tests/sim/semantics/valu_gfx906_test.cpp, computed with exact rational
arithmetic (fractions.Fraction) and IEEE round-to-nearest-even, independently
of gcnsim. Prints the C++ table the test embeds (kCases).

Usage: python3 tests/tools/gfx906_reference.py
"""
import random
import struct
from fractions import Fraction as Fr


def f32_value(bits):
    return Fr(struct.unpack("<f", struct.pack("<I", bits))[0])


def f16_value(bits):
    return Fr(struct.unpack("<e", struct.pack("<H", bits))[0])


def round_bits(x, mant, emin, bias, ebits):
    """IEEE bits of the exact rational x rounded to nearest even (finite results only)."""
    sign = 1 if x < 0 else 0
    x = abs(x)
    if x == 0:
        return sign << (ebits + mant)
    e = emin
    while x >= Fr(2) ** (e + 1):
        e += 1
    # e = max(floor(log2 x), emin): quantum 2^(e - mant)
    q = Fr(2) ** (e - mant)
    n, r = divmod(x / q, 1)
    n = int(n)
    if r > Fr(1, 2) or (r == Fr(1, 2) and n % 2 == 1):
        n += 1
    if n >= 2 ** (mant + 1):  # carried into the next binade
        n //= 2
        e += 1
    if n < 2 ** mant:  # denormal
        return sign << (ebits + mant) | n
    expf = e + bias
    assert expf < 2 ** ebits - 1, "overflow"
    return sign << (ebits + mant) | expf << mant | (n - 2 ** mant)


def to_f32(x):
    return round_bits(x, 23, -126, 127, 8)


def to_f16(x):
    return round_bits(x, 10, -14, 15, 5)


def f32_bits(v):
    return struct.unpack("<I", struct.pack("<f", v))[0]


def f16_bits(v):
    return struct.unpack("<H", struct.pack("<e", v))[0]


def main():
    cases = [
        # (1 + 2^-10) * (1 + 2^-23) - (1 + 2^-10): fused 2^-23 + 2^-33; the rounded product gives 2^-23
        (0x3C01, 0x3F800001, 0xBF802000),
        # 1 * (1 + 2^-11) + 2^-40: just above the f16 midpoint of 1 and 1 + 2^-10 (f16 result rounds up;
        # through an f32 product-and-sum it is a tie and rounds to 1)
        (0x3C00, 0x3F801000, 0x2B800000),
        # f16 denormal times a large f32, plus a negative addend
        (0x0001, 0x4B000003, 0xBF000000),
    ]
    rng = random.Random(906)
    while len(cases) < 16:
        h = f16_bits(rng.uniform(-3, 3))
        f = f32_bits(rng.uniform(-3, 3))
        g = f32_bits(rng.uniform(-3, 3))
        cases.append((h, f, g))
    print("// h (f16 bits), f, g (f32 bits); fma32 = f32(h*f+g), fma16 = f16(h*f+g), fmac = f32(f*g+g),")
    print("// each one rounding of the exact value (tests/tools/gfx906_reference.py).")
    for h, f, g in cases:
        exact = f16_value(h) * f32_value(f) + f32_value(g)
        fmac = f32_value(f) * f32_value(g) + f32_value(g)
        print(f"    {{0x{h:04x}, 0x{f:08x}, 0x{g:08x}, 0x{to_f32(exact):08x}, 0x{to_f16(exact):04x}, "
              f"0x{to_f32(fmac):08x}}},")


if __name__ == "__main__":
    main()
