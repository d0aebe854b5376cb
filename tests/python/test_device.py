"""The gcnsim Python package: buffers, kernels, results, caches, traces."""
import gc
import os
import tempfile
import unittest

import numpy as np

import gcnsim
from gcnsim_paths import example

VECTOR_ADD = example("vector_add", "vector_add.gfx900.hsaco")
REDUCTION = example("reduction", "reduction.gfx900.hsaco")


def splitmix64(seed, n):
    """README "Job file": the random generator, in plain Python integers."""
    mask = (1 << 64) - 1
    state, out = seed, []
    for _ in range(n):
        state = (state + 0x9E3779B97F4A7C15) & mask
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        out.append(z ^ (z >> 31))
    return out


class BufferTest(unittest.TestCase):
    def setUp(self):
        self.dev = gcnsim.Device(arch="gfx900", threads=1)

    def test_array_round_trip_keeps_shape_dtype_and_bytes(self):
        data = np.arange(24, dtype=np.int16).reshape(4, 6) * -3
        buf = self.dev.array(data, name="m")
        self.assertEqual(buf.shape, (4, 6))
        self.assertEqual(buf.dtype, np.int16)
        self.assertEqual(buf.nbytes, 48)
        self.assertEqual(buf.name, "m")
        np.testing.assert_array_equal(buf.numpy(), data)

    def test_empty_is_zero_and_accepts_gcnsim_type_names(self):
        buf = self.dev.empty((3, 5), "f32")
        self.assertEqual(buf.dtype, np.float32)
        np.testing.assert_array_equal(buf.numpy(), np.zeros((3, 5), np.float32))

    def test_write_at_offset_and_non_contiguous_source(self):
        buf = self.dev.empty(10, np.uint32)
        src = np.arange(20, dtype=np.uint32)[::4]  # 0, 4, 8, 12, 16: a strided view
        buf.write(src, offset=3)
        expected = np.zeros(10, np.uint32)
        expected[3:8] = src
        np.testing.assert_array_equal(buf.numpy(), expected)

    def test_memory_lives_until_free_not_until_the_object_is_dropped(self):
        # README "Python": as device memory until hipFree, a buffer's bytes stay taken when its
        # object is dropped; free() gives them back.
        dev = gcnsim.Device(threads=1, max_buffer_bytes=4096)
        freed = dev.empty(1024, np.float32)
        freed.free()
        dropped = dev.empty(1024, np.float32)  # fits: the freed 4096 bytes came back
        del dropped
        gc.collect()
        with self.assertRaisesRegex(ValueError, r"\(4096 already used\) \(max_buffer_bytes\)$"):
            dev.empty(1024, np.float32)

    def test_numpy_into_out_array(self):
        buf = self.dev.array(np.array([1.5, -2.0], np.float64))
        out = np.zeros(2, np.float64)
        self.assertIs(buf.numpy(out=out), out)
        np.testing.assert_array_equal(out, [1.5, -2.0])

    def test_big_endian_arrays_and_dtypes_hold_their_values(self):
        # The device is little-endian: a big-endian array's bytes as they were had given kernels
        # byte-swapped values (1 read as 16777216), though numpy() showed them right.
        a = self.dev.array(np.arange(64, dtype=">f4"))
        self.assertEqual(a.dtype, np.dtype("<f4"))
        self.assertEqual(a.numpy().tobytes(), np.arange(64, dtype="<f4").tobytes())
        b = self.dev.empty(64, ">f4")
        self.assertEqual(b.dtype, np.dtype("<f4"))
        b.write(np.full(64, 0.5, dtype=">f4"))  # converted, as the buffer is float32 in either order
        c = self.dev.empty(64, np.float32)
        add = self.dev.load(VECTOR_ADD, "vector_add")
        for mode in ("functional", "timing"):
            c.write(np.zeros(64, np.float32))
            add(64, 64, a, b, c, np.array(64, dtype=">u4"), mode=mode)  # a big-endian 0-d array: 64
            np.testing.assert_array_equal(c.numpy(), np.arange(64) + 0.5)
        self.assertEqual(self.dev.array(np.array([1, 2], ">i8")).numpy().tobytes(),
                         bytes([1, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0]))
        # gcnsim.random makes the dtype's values in the host's order too.
        r = gcnsim.random(8, ">i4", seed=3)
        self.assertEqual(r.dtype, np.dtype("<i4"))
        np.testing.assert_array_equal(r, gcnsim.random(8, "<i4", seed=3))

    def test_random_is_the_job_generator(self):
        ints = gcnsim.random(300, np.uint32, seed=5, min=10, max=20)
        self.assertEqual(list(ints), [10 + r % 11 for r in splitmix64(5, 300)])
        floats = gcnsim.random((10, 10), np.float64, seed=9, min=-1, max=1)
        self.assertEqual(floats.shape, (10, 10))
        expected = [-1 + 2 * ((r >> 11) * 2.0**-53) for r in splitmix64(9, 100)]
        self.assertEqual(list(floats.ravel()), expected)

    def test_random_f64_range_wider_than_a_double(self):
        # README "Job file": max - min overflows a double, so h = max / 2 - min / 2 and (min + h * u) + h * u,
        # below max. It had given inf and nan.
        lo, hi = -1e308, 1e308
        r = gcnsim.random(1000, np.float64, seed=4, min=lo, max=hi)
        self.assertTrue(np.all(np.isfinite(r)))
        self.assertTrue(np.all((r >= lo) & (r < hi)))
        h = hi / 2 - lo / 2
        expected = []
        for x in splitmix64(4, 1000):
            u = (x >> 11) * 2.0**-53
            expected.append((lo + h * u) + h * u)
        self.assertEqual(list(r), expected)
        self.assertLess(r.min(), -9e307)  # the whole range, not half of it
        self.assertGreater(r.max(), 9e307)


class DispatchTest(unittest.TestCase):
    def setUp(self):
        self.dev = gcnsim.Device(arch="gfx900", threads=1)
        self.add = self.dev.load(VECTOR_ADD, "vector_add")
        rng = np.random.default_rng(1)
        self.a_host = rng.standard_normal(1000).astype(np.float32)
        self.b_host = rng.standard_normal(1000).astype(np.float32)

    def run_add(self, mode, **kw):
        a = self.dev.array(self.a_host)
        b = self.dev.array(self.b_host)
        c = self.dev.empty(1000, np.float32)
        result = self.add(1024, 64, a, b, c, np.uint32(1000), mode=mode, **kw)
        return result, c.numpy()

    def test_both_modes_compute_a_plus_b(self):
        for mode in ["functional", "timing"]:
            with self.subTest(mode=mode):
                result, c = self.run_add(mode)
                np.testing.assert_array_equal(c, self.a_host + self.b_host)
                self.assertEqual(result["status"], "ok")
                self.assertEqual(result["mode"], mode)
                self.assertEqual(result["kernel"], "vector_add")
                self.assertEqual(result["grid"], (1024, 1, 1))
                self.assertEqual(result["waves"], 16)
                self.assertEqual(result["workgroups"], 16)
                self.assertGreater(result["instructions"], 0)
                self.assertEqual(result["stats"]["instructions"], result["instructions"])
                if mode == "timing":
                    self.assertGreater(result["cycles"], 0)
                else:
                    self.assertEqual(result["cycles"], 0)

    def test_totals_sum_the_dispatches(self):
        r1, _ = self.run_add("timing")
        r2, _ = self.run_add("functional")
        t = self.dev.totals
        self.assertEqual(t["dispatches"], 2)
        self.assertEqual(t["cycles"], r1["cycles"] + r2["cycles"])
        self.assertEqual(t["instructions"], r1["instructions"] + r2["instructions"])

    def test_warm_caches_and_reset(self):
        a = self.dev.array(self.a_host)
        b = self.dev.array(self.b_host)
        c = self.dev.empty(1000, np.float32)
        run = lambda: self.add(1024, 64, a, b, c, np.uint32(1000))
        cold = run()
        warm = run()
        self.assertLess(warm["cycles"], cold["cycles"])
        self.dev.reset_caches()
        self.assertEqual(run()["cycles"], cold["cycles"])

    def test_python_ints_are_sized_from_metadata(self):
        a = self.dev.array(self.a_host)
        b = self.dev.array(self.b_host)
        c = self.dev.empty(1000, np.float32)
        self.add(1024, 64, a, b, c, 500, mode="functional")
        got = c.numpy()
        np.testing.assert_array_equal(got[:500], self.a_host[:500] + self.b_host[:500])
        np.testing.assert_array_equal(got[500:], np.zeros(500, np.float32))

    def test_local_argument(self):
        reduce_sum = self.dev.load(REDUCTION, "reduce_sum")
        data = np.arange(1, 1025, dtype=np.float32)
        src = self.dev.array(data)
        partial = self.dev.empty(16, np.float32)
        reduce_sum(1024, 64, src, partial, gcnsim.local(256), np.uint32(1000), mode="functional")
        expected = [data[i * 64:min(i * 64 + 64, 1000)].sum() for i in range(16)]
        np.testing.assert_array_equal(partial.numpy(), np.array(expected, np.float32))

    def test_stall_report_and_trace_file(self):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "trace.jsonl")
            result, _ = self.run_add("timing", reports=["stalls"], trace=path, trace_format="jsonl")
            self.assertIn("stalls", result)
            with open(path) as f:
                self.assertGreater(len(f.readlines()), 10)

    def test_watchdog_raises_with_the_result(self):
        with self.assertRaises(gcnsim.DispatchError) as cm:
            self.run_add("functional", max_instructions=5)
        self.assertEqual(cm.exception.result["status"], "watchdog")
        self.assertIn("vector_add", str(cm.exception))

    def test_kernel_arguments_from_metadata(self):
        types = [(a["type"], a["kind"], a["size"]) for a in self.add.arguments]
        pointer = ("float*", "global_buffer", 8)
        self.assertEqual(types, [pointer, pointer, pointer, ("uint", "by_value", 4)])



class RawCodeTest(unittest.TestCase):
    """Device.load_raw: the raw example (examples/asm/smem_lds_buffer.gfx900.s)
    writes out[wg*64 + t] = (63 - t) * a + b + c, its parameters read from the
    kernarg segment (README "Raw machine code")."""

    SETUP = {"s[0:1]": "kernarg_segment_ptr", "s9": "workgroup_id_x", "v0": "workitem_id_x",
             "m0": 0xFFFFFFFF, "s[4:7]": {"resource": {"buffer": "out", "data_format": "32", "num_format": "uint"}}}
    CODE = example("asm", "smem_lds_buffer.gfx900.bin")

    def check(self, code):
        dev = gcnsim.Device(arch="gfx900", threads=1)
        out = dev.empty(128, np.uint32, name="out")
        k = dev.load_raw(code, name="smem", sgprs=24, vgprs=8, lds_bytes=256, setup=self.SETUP)
        self.assertEqual(k.name, "smem")
        self.assertEqual(k.arguments, [])  # raw code has no metadata
        args = [np.uint32(v) for v in (5, 1000, 20, 0, 0, 0, 0)]
        for mode in ["functional", "timing"]:
            with self.subTest(mode=mode):
                out.write(np.zeros(128, np.uint32))
                r = k(128, 64, *args, mode=mode)
                self.assertEqual(r["status"], "ok")
                t = np.arange(128) % 64
                np.testing.assert_array_equal(out.numpy(), ((63 - t) * 5 + 1000 + 20).astype(np.uint32))

    def test_raw_code_from_a_file(self):
        self.check(self.CODE)

    def test_raw_code_from_bytes_and_arrays(self):
        with open(self.CODE, "rb") as f:
            code = f.read()
        self.check(code)
        self.check(np.frombuffer(code, np.uint32))

    def test_bad_raw_code_and_setup_name_the_key(self):
        dev = gcnsim.Device(arch="gfx900", threads=1)
        dev.empty(4, np.uint32, name="out")
        with self.assertRaisesRegex(ValueError, r"raw code: 6 bytes; raw machine code is a non-empty sequence"):
            dev.load_raw(b"\0" * 6)
        with self.assertRaisesRegex(ValueError, r'smem: kernel.setup.s\[4:7\].resource.buffer: no buffer "nope" '
                                                r'\(buffers: out\)'):
            dev.load_raw(self.CODE, name="smem", setup={"s[4:7]": {"resource": {"buffer": "nope"}}})
        with self.assertRaisesRegex(ValueError, r"smem: kernel.setup.s200: s200 is beyond the kernel's 24 SGPRs"):
            dev.load_raw(self.CODE, name="smem", sgprs=24, setup={"s200": 1})
        with self.assertRaisesRegex(TypeError, r"load_raw: setup: expected a dict"):
            dev.load_raw(self.CODE, setup=["s0"])
        with self.assertRaisesRegex(TypeError, r"load_raw: code: expected a file path, bytes or a NumPy array, got int"):
            dev.load_raw(5)
        with self.assertRaisesRegex(TypeError, r"args\[0\]: a Python int has no size without kernel metadata"):
            dev.load_raw(self.CODE)(64, 64, 5)


if __name__ == "__main__":
    unittest.main()
