"""Loading code objects (tests/frontend/data/loader/): vector and struct
arguments, .reqd_workgroup_size, and one image per file shared by its kernels."""
import os
import struct
import unittest

import numpy as np

import gcnsim
from gcnsim_paths import SOURCE

LOADER = os.path.join(SOURCE, "tests", "frontend", "data", "loader")
VECARGS = os.path.join(LOADER, "vecargs.gfx900.hsaco")
REQD = os.path.join(LOADER, "reqd.gfx900.hsaco")
PROGRAM = os.path.join(LOADER, "program.gfx900.hsaco")
GEOM = {v: os.path.join(LOADER, "geom.gfx900.%s.hsaco" % v) for v in ("v4", "v5")}


class VectorArgumentTest(unittest.TestCase):
    def setUp(self):
        self.dev = gcnsim.Device(arch="gfx900", threads=1)
        self.k = self.dev.load(VECARGS)

    def args(self, **change):
        # S {int a; float b; short c; char d;} = {-5, 2.5f, 300, -2}, padded to 12 bytes.
        a = dict(f4=[1.5, -2.0, 3.25, 4.0], i3=(-7, 8, 9), l2=[1 << 40, -3], d2=[0.1, -1e300],
                 s=struct.pack("<ifhbx", -5, 2.5, 300, -2), u16=bytes(range(16)), c=-3,
                 s3=[1, np.int16(-2), 3])
        a.update(change)
        return [a[k] for k in ("f4", "i3", "l2", "d2", "s", "u16", "c", "s3")]

    def test_lists_tuples_and_bytes_in_both_modes(self):
        o = self.dev.empty(22, np.float64)
        want = [1.5, -2, 3.25, 4, -7, 8, 9, 2.0 ** 40, -3, 0.1, -1e300, -5, 2.5, 300, -2, 0, 7, 15, -3, 1, -2, 3]
        for mode in ("functional", "timing"):
            o.write(np.zeros(22))
            r = self.k(1, 1, o, *self.args(), mode=mode)
            self.assertEqual(r["status"], "ok")
            np.testing.assert_array_equal(o.numpy(), np.array(want, dtype=np.float64))

    def test_errors_name_the_argument(self):
        o = self.dev.empty(22, np.float64)
        with self.assertRaisesRegex(ValueError, r"args\[1\] \(float4\): 3 elements, but the kernel argument "
                                                r"is a float4 \(4 elements\)"):
            self.k(1, 1, o, *self.args(f4=[1.0, 2.0, 3.0]))
        with self.assertRaisesRegex(TypeError, r"args\[5\] \(S\): a list is for a vector argument"):
            self.k(1, 1, o, *self.args(s=[1, 2, 3]))
        with self.assertRaisesRegex(ValueError, r"args\[5\]: value is 4 bytes but kernel argument \(S, by_value, "
                                                r"12 bytes\) is 12 bytes"):
            self.k(1, 1, o, *self.args(s=b"\0\0\0\0"))
        with self.assertRaisesRegex(ValueError, r"args\[2\] \(int3\): 2 elements, but the kernel argument is "
                                                r"an int3 \(3 elements\)"):
            self.k(1, 1, o, *self.args(i3=[1, 2]))
        with self.assertRaisesRegex(ValueError, r"args\[2\] \(int3\)\[2\]: 4294967296 is out of range for i32"):
            self.k(1, 1, o, *self.args(i3=[1, 2, 1 << 32]))
        with self.assertRaisesRegex(TypeError, r"args\[1\] \(float4\): a Python float for a vector argument; "
                                               r"pass a list of its 4 elements"):
            self.k(1, 1, o, *self.args(f4=1.0))
        # A vector of 8 bytes or less too: an int had been taken as its raw bits (short3 from 0x30002).
        with self.assertRaisesRegex(TypeError, r"^args\[8\] \(short3\): a Python int for a vector argument; "
                                               r"pass a list of its 3 elements \(or its bytes\)$"):
            self.k(1, 1, o, *self.args(s3=0x30002))


class WorkDimTest(unittest.TestCase):
    def test_the_number_of_grid_entries(self):
        # geom.cl: word 18 of work-item 0 is get_work_dim(). (64, 1) had given 1, [64, 2, 1] 2.
        dev = gcnsim.Device(arch="gfx900", threads=1)
        o = dev.empty(20 * 128, np.uint32)
        for version, path in GEOM.items():
            k = dev.load(path)
            for grid, want in ((64, 1), ([64], 1), ((64, 1), 2), ([64, 2], 2), ([64, 2, 1], 3),
                               ((np.int64(8), 1, 1), 3)):
                for mode in ("functional", "timing"):
                    with self.subTest(version=version, grid=grid, mode=mode):
                        o.write(np.zeros(20 * 128, np.uint32))
                        k(grid, 64, o, mode=mode)
                        self.assertEqual(o.numpy()[18], want)


class ReqdWorkgroupSizeTest(unittest.TestCase):
    def test_the_declared_size_only(self):
        dev = gcnsim.Device(arch="gfx900", threads=1)
        k = dev.load(REQD)
        o = dev.empty(512, np.uint32)
        self.assertEqual(k((32, 8), (8, 4), o)["status"], "ok")
        np.testing.assert_array_equal(o.numpy(), np.tile([8, 4], 256).astype(np.uint32))
        with self.assertRaisesRegex(ValueError, r"workgroup: 4 x 8 x 1 does not match the kernel's "
                                                r"\.reqd_workgroup_size 8 x 4 x 1"):
            k((32, 8), (4, 8), o)


class ProgramScopeVariablesTest(unittest.TestCase):
    def test_kernels_of_one_file_share_them(self):
        dev = gcnsim.Device(arch="gfx900", threads=1)
        inc, rd = dev.load(PROGRAM, "inc"), dev.load(PROGRAM, "rd")
        o = dev.empty(3, np.int32)
        inc(1, 1, o)
        inc(1, 1, o, mode="functional")
        rd(1, 1, o)
        np.testing.assert_array_equal(o.numpy(), [102, 102, 41])  # gcount 100 + 2; garr[3] 40 + 1


if __name__ == "__main__":
    unittest.main()
