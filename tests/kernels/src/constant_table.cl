// __constant tables (PC-relative data): a nibble-wise CRC-32 with a 16-entry
// table indexed per lane, and a polynomial with coefficients from a table.
#pragma OPENCL FP_CONTRACT OFF
__constant uint crc_nibble[16] = {0x00000000u, 0x1db71064u, 0x3b6e20c8u, 0x26d930acu, 0x76dc4190u, 0x6b6b51f4u,
                                  0x4db26158u, 0x5005713cu, 0xedb88320u, 0xf00f9344u, 0xd6d6a3e8u, 0xcb61b38cu,
                                  0x9b64c2b0u, 0x86d3d2d4u, 0xa00ae278u, 0xbdbdf21cu};
__constant float poly[6] = {1.0f, -0.5f, 0.25f, -0.125f, 0.0625f, 3.0f};
__kernel void constant_table(__global const uint* words, __global const float* xs, __global uint* crc,
                             __global float* py, uint n) {
  uint i = get_global_id(0);
  if (i >= n) return;
  uint c = 0xffffffffu;
  for (uint w = 0; w < 4; ++w) {
    uint v = words[i * 4 + w];
    for (uint b = 0; b < 8; ++b) {
      c = (c >> 4) ^ crc_nibble[(c ^ v) & 15u];
      v >>= 4;
    }
  }
  crc[i] = ~c;
  float x = xs[i];
  float y = poly[5];
  for (int k = 4; k >= 0; --k) y = y * x + poly[k];
  py[i] = y + poly[i % 6];
}
