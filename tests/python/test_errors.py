"""Bad input through the Python package: one clear message naming the argument."""
import os
import shutil
import tempfile
import unittest

import numpy as np

import gcnsim
from gcnsim_paths import SOURCE, example

VECTOR_ADD = example("vector_add", "vector_add.gfx900.hsaco")
SAXPY = example("debug_lines", "saxpy.gfx900.hsaco")  # saxpy(const float* x, float* y, float a, uint n)
VECARGS = os.path.join(SOURCE, "tests", "frontend", "data", "loader", "vecargs.gfx900.hsaco")
# td(__global uint* o, myfloat b, myuint c), typedef float myfloat, typedef uint myuint
TYPEDEFS = os.path.join(SOURCE, "tests", "frontend", "data", "loader", "typedefs.gfx900.hsaco")


def re_escape(text):
    """`text` as a regular expression matching it literally."""
    import re
    return re.escape(text)


class ErrorTest(unittest.TestCase):
    def setUp(self):
        self.dev = gcnsim.Device(arch="gfx900", threads=1)
        self.add = self.dev.load(VECTOR_ADD, "vector_add")
        self.a = self.dev.array(np.zeros(64, np.float32), name="a")
        self.b = self.dev.array(np.zeros(64, np.float32), name="b")
        self.c = self.dev.empty(64, np.float32, name="c")

    def test_unknown_kernel_names_it_and_lists_the_kernels(self):
        with self.assertRaisesRegex(ValueError, r'no kernel "vadd".*vector_add'):
            self.dev.load(VECTOR_ADD, "vadd")

    def test_missing_file(self):
        with self.assertRaisesRegex(ValueError, "nonexistent.hsaco"):
            self.dev.load("nonexistent.hsaco", "k")

    def test_unknown_arch(self):
        with self.assertRaisesRegex(ValueError, "gfx123"):
            gcnsim.Device(arch="gfx123")

    def test_options_that_need_another(self):
        # Each had been ignored without the option it refines.
        with self.assertRaisesRegex(ValueError, r"^check_fatal: needs checks$"):
            self.add(64, 64, self.a, self.b, self.c, np.uint32(64), check_fatal=True)
        # (the shared frontend's option names come out as the keyword arguments' names)
        with self.assertRaisesRegex(ValueError, r"^trace_format: needs trace$"):
            self.add(64, 64, self.a, self.b, self.c, np.uint32(64), trace_format="chrome")
        with self.assertRaisesRegex(ValueError, r"^trace_waves: needs trace$"):
            self.add(64, 64, self.a, self.b, self.c, np.uint32(64), trace_waves="0")

    def test_limits_are_keyword_arguments_of_the_device(self):
        # The limits of gcnsim run (README "Limits"), each named as the keyword that raises it.
        with self.assertRaisesRegex(ValueError, r"^buffer \"big\": 2147483648 bytes exceed the buffer memory "
                                    r"limit of 1073741824 bytes \(\d+ already used\) \(max_buffer_bytes\)$"):
            self.dev.empty(1 << 29, np.float32, name="big")
        roomy = gcnsim.Device(threads=1, max_buffer_bytes=3 << 30)
        self.assertEqual(roomy.empty(1 << 29, np.float32, name="big").nbytes, 1 << 31)  # no pages until touched
        small = gcnsim.Device(threads=1, max_workgroups=4, max_file_bytes=1 << 20)
        add = small.load(VECTOR_ADD, "vector_add")
        a = small.empty(1024, np.float32)
        with self.assertRaisesRegex(ValueError, r"grid: 16 work-groups exceed the limit of 4 \(max_workgroups\)$"):
            add(1024, 64, a, a, a, 1000)
        with self.assertRaisesRegex(ValueError, r"bytes exceed the input file limit of 100 bytes \(max_file_bytes\)$"):
            gcnsim.Device(max_file_bytes=100).load(VECTOR_ADD, "vector_add")
        with self.assertRaisesRegex(ValueError, r"^max_buffer_bytes: 5368709120 is out of range \(0 to 4294967296\)$"):
            gcnsim.Device(max_buffer_bytes=5 << 30)
        with self.assertRaisesRegex(ValueError, r"^max_scratch_bytes: 1 is out of range \(256 to 3221225472\)$"):
            gcnsim.Device(max_scratch_bytes=1)
        with self.assertRaisesRegex(TypeError, r"^max_workgroups: expected an int or None, got bool$"):
            gcnsim.Device(max_workgroups=True)

    def test_watchdog_limits_are_counts(self):
        # A negative or non-int count had been pybind11's "incompatible function arguments".
        with self.assertRaisesRegex(ValueError, r"^max_cycles: -1 is out of range \(0 to 2\^64 - 1, or None\)$"):
            self.add(64, 64, self.a, self.b, self.c, np.uint32(64), max_cycles=-1)
        with self.assertRaisesRegex(ValueError, r"^max_instructions: 18446744073709551616 is out of range"):
            self.add(64, 64, self.a, self.b, self.c, np.uint32(64), max_instructions=1 << 64)
        with self.assertRaisesRegex(TypeError, r"^max_instructions: expected an int or None, got float$"):
            self.add(64, 64, self.a, self.b, self.c, np.uint32(64), max_instructions=1e6)
        with self.assertRaisesRegex(gcnsim.DispatchError, r"cycle limit reached \(max_cycles 1\)$"):
            self.add(64, 64, self.a, self.b, self.c, np.uint32(64), max_cycles=1)
        # Functional mode counts no cycles: a cycle budget there had been accepted and ignored.
        with self.assertRaisesRegex(ValueError, r"^max_cycles: needs mode timing$"):
            self.add(64, 64, self.a, self.b, self.c, np.uint32(64), mode="functional", max_cycles=1)

    def test_thread_count_out_of_range(self):
        # As gcnsim run --threads: 1 to 1024; None (not 0) is all cores.
        for threads in (0, 1025):
            with self.assertRaisesRegex(ValueError, rf"^threads: {threads} is not a thread count "
                                        r"\(expected 1 to 1024, or None for all cores\)$"):
                gcnsim.Device(threads=threads)
        self.assertIsNotNone(gcnsim.Device(threads=1024))

    def test_wrong_argument_count_names_the_missing_argument(self):
        with self.assertRaisesRegex(TypeError, r"takes 4 arguments.*got 3; missing args\[3\] \(uint\)"):
            self.add(64, 64, self.a, self.b, self.c)

    def test_argument_of_the_wrong_kind(self):
        with self.assertRaisesRegex(TypeError, r"args\[3\] \(uint\): expected .*got str"):
            self.add(64, 64, self.a, self.b, self.c, "64")
        with self.assertRaisesRegex(TypeError, r"args\[0\] \(float\*\): the kernel argument is global_buffer"):
            self.add(64, 64, 5, self.b, self.c, 64)
        with self.assertRaisesRegex(TypeError, r"args\[3\] \(uint\): a NumPy array of shape \(64,\)"):
            self.add(64, 64, self.a, self.b, self.c, np.zeros(64, np.uint32))
        # (these two had reached the Device's check, whose hint is a job file's {"buffer": NAME})
        with self.assertRaisesRegex(TypeError, r"^args\[3\] \(uint\): the kernel argument is by_value, not a "
                                    r"buffer; pass an int, a float or a NumPy scalar$"):
            self.add(64, 64, self.a, self.b, self.c, self.c)
        with self.assertRaisesRegex(TypeError, r"^args\[2\] \(float\*\): the kernel argument is global_buffer, "
                                    r"not local memory; pass a gcnsim.Buffer$"):
            self.add(64, 64, self.a, self.b, gcnsim.local(16), 64)

    def test_value_of_the_wrong_size(self):
        with self.assertRaisesRegex(ValueError, r"args\[3\]"):
            self.add(64, 64, self.a, self.b, self.c, np.uint64(64))
        with self.assertRaisesRegex(ValueError, r"args\[3\] \(uint\): 4294967296 is out of range for uint"):
            self.add(64, 64, self.a, self.b, self.c, 1 << 32)
        # A uint takes 0 to 2^32 - 1, as a job's u32 does (-1 had been taken as 0xffffffff).
        with self.assertRaisesRegex(ValueError, r"^args\[3\] \(uint\): -1 is out of range for uint$"):
            self.add(64, 64, self.a, self.b, self.c, -1)

    def test_buffer_of_another_device(self):
        other = gcnsim.Device(arch="gfx900").array(np.zeros(64, np.float32), name="x")
        with self.assertRaisesRegex(ValueError, r'args\[0\] \(float\*\): buffer "x" belongs to another Device'):
            self.add(64, 64, other, self.b, self.c, 64)

    def test_freed_buffer(self):
        self.c.free()
        with self.assertRaisesRegex(ValueError, '"c"'):
            self.c.numpy()

    def test_write_of_the_wrong_dtype_or_size(self):
        with self.assertRaisesRegex(TypeError, r'buffer "a": array dtype float64 is not the buffer\'s float32'):
            self.a.write(np.zeros(64, np.float64))
        with self.assertRaisesRegex(ValueError, r'buffer "a": 65 elements from offset 0 do not fit its 64'):
            self.a.write(np.zeros(65, np.float32))
        # A bad offset names it (it had been pybind11's multi-line "incompatible function arguments").
        with self.assertRaisesRegex(ValueError, r"^offset: -1 is out of range \(0 to the buffer's size\)$"):
            self.a.write(np.zeros(1, np.float32), offset=-1)
        with self.assertRaisesRegex(TypeError, r"^offset: expected an int, got float$"):
            self.a.write(np.zeros(1, np.float32), offset=1.5)

    def test_unsupported_dtype(self):
        with self.assertRaisesRegex(TypeError, "complex128 is not a gcnsim element type"):
            self.dev.array(np.zeros(4, np.complex128))
        with self.assertRaisesRegex(TypeError, "array: expected a NumPy array, got list"):
            self.dev.array([1, 2, 3])

    def test_bad_grid_and_mode(self):
        with self.assertRaisesRegex(ValueError, "grid: needs 1 to 3 dimensions, not 4"):
            self.add((1, 1, 1, 1), 64, self.a, self.b, self.c, 64)
        with self.assertRaisesRegex(ValueError, r"workgroup\[0\]: 0 is not between"):
            self.add(64, 0, self.a, self.b, self.c, 64)
        with self.assertRaisesRegex(ValueError, "fast"):
            self.add(64, 64, self.a, self.b, self.c, 64, mode="fast")

    def test_shape_that_overflows_64_bits(self):
        # 2^40 x 2^40 float32 elements are 2^82 bytes: once wrapped to 0 bytes
        # and accepted as an empty buffer of that shape.
        with self.assertRaisesRegex(ValueError, r"empty: shape: \(1099511627776, 1099511627776\) of float32"):
            self.dev.empty((1 << 40, 1 << 40), np.float32)
        with self.assertRaisesRegex(ValueError, r"empty: shape: \(4611686018427387904, 4\) of float64"):
            self.dev.empty((1 << 62, 4), np.float64)

    def test_shape_of_the_wrong_type(self):
        with self.assertRaisesRegex(TypeError, r"empty: shape: expected an int or a sequence of ints, got str"):
            self.dev.empty("abc", np.float32)
        with self.assertRaisesRegex(TypeError, r"empty: shape: expected an int or a sequence of ints, got float"):
            self.dev.empty(1.5, np.float32)
        with self.assertRaisesRegex(TypeError, r"random: shape: expected an int or a sequence of ints"):
            gcnsim.random([2, "x"], np.int32)
        # A bool is an int to Python, but not an extent (True had made a buffer of one element).
        with self.assertRaisesRegex(TypeError, r"^empty: shape: expected an int or a sequence of ints, got bool$"):
            self.dev.empty(True, np.float32)
        with self.assertRaisesRegex(TypeError, r"^empty: shape: expected an int or a sequence of ints, got a "
                                    r"sequence holding bool$"):
            self.dev.empty((2, False), np.float32)

    def test_random_bounds_of_the_wrong_type_or_range(self):
        with self.assertRaisesRegex(TypeError, r"random: min: expected a number, got str"):
            gcnsim.random(4, np.float32, min="a")
        with self.assertRaisesRegex(ValueError, r"random: min: -1180591620717411303424 is out of range"):
            gcnsim.random(4, np.int64, min=-(1 << 70))
        with self.assertRaisesRegex(ValueError, r"random: max: 36893488147419103232 is out of range"):
            gcnsim.random(4, np.uint64, max=1 << 65)

    def test_numpy_out_must_be_an_array(self):
        with self.assertRaisesRegex(TypeError, r"out: expected a NumPy array, got list"):
            self.a.numpy(out=[0.0] * 64)

    def test_sets_of_the_wrong_type(self):
        with self.assertRaisesRegex(TypeError, r'sets: expected a list of "KEY=VALUE" strings or a dict, got int'):
            gcnsim.Device(sets=5)

    def test_int_beyond_a_double_for_a_float_argument(self):
        # float() of 2**1100 overflows: it had been pybind11's RuntimeError "Unable to cast Python instance".
        saxpy = self.dev.load(SAXPY, "saxpy")
        with self.assertRaisesRegex(ValueError, r"^args\[2\] \((a: )?float\): \d{332} is out of range for float$"):
            saxpy(64, 64, self.a, self.b, 2 ** 1100, 64)
        vec = self.dev.load(VECARGS)
        o = self.dev.empty(22, np.float64)
        args = [[1.0] * 4, [1] * 3, [1] * 2, [2 ** 1100, 0.5], bytes(12), bytes(16), 1, [1] * 3]
        with self.assertRaisesRegex(ValueError, r"^args\[4\] \(double2\)\[0\]: \d{332} is out of range for f64$"):
            vec(1, 1, o, *args)
        with self.assertRaisesRegex(ValueError, r"^random: max: \d{332} is out of range for a double$"):
            gcnsim.random(4, np.float32, max=2 ** 1100)

    def test_one_line_type_and_value_errors(self):
        # Each had been pybind11's multi-line "incompatible function arguments" listing the signature.
        with self.assertRaisesRegex(ValueError, r"^local: bytes: -1 is out of range \(0 to 4294967295\)$"):
            gcnsim.local(-1)
        with self.assertRaisesRegex(ValueError, r"^local: bytes: 4294967296 is out of range \(0 to 4294967295\)$"):
            gcnsim.local(2 ** 32)
        with self.assertRaisesRegex(TypeError, r"^local: bytes: expected an int, got float$"):
            gcnsim.local(16.0)
        self.assertEqual(gcnsim.local(np.uint16(16)).bytes, 16)
        with self.assertRaisesRegex(TypeError, r'^write to buffer "a": array: expected a NumPy array, got list$'):
            self.a.write([1.0, 2.0])
        with self.assertRaisesRegex(TypeError, r'^write to buffer "a": array: expected a NumPy array, got float32$'):
            self.a.write(np.float32(9))
        with self.assertRaisesRegex(TypeError, r"^vector_add\(\): unexpected keyword argument 'foo' \(expected grid, "
                                    r"workgroup, mode, trace, .*, max_cycles\)$"):
            self.add(64, 64, self.a, self.b, self.c, 64, foo=1)
        with self.assertRaisesRegex(TypeError, r"^load: code_object: expected a file path \(str or os.PathLike\), "
                                    r"got NoneType$"):
            self.dev.load(None)
        with self.assertRaisesRegex(TypeError, r"^load: kernel_name: expected a str, got int$"):
            self.dev.load(VECTOR_ADD, 3)
        # The call's other keywords are checked the same way.
        with self.assertRaisesRegex(TypeError, r"^mode: expected a str, got int$"):
            self.add(64, 64, self.a, self.b, self.c, 64, mode=1)
        with self.assertRaisesRegex(TypeError, r"^reports: expected a list of str, got str$"):
            self.add(64, 64, self.a, self.b, self.c, 64, reports="stalls")
        with self.assertRaisesRegex(TypeError, r"^check_fatal: expected a bool, got int$"):
            self.add(64, 64, self.a, self.b, self.c, 64, check_fatal=1)
        with self.assertRaisesRegex(TypeError, r"^trace_cu: expected an int or None, got str$"):
            self.add(64, 64, self.a, self.b, self.c, 64, trace_cu="0")
        with self.assertRaisesRegex(TypeError, r"^vector_add\(\): missing argument 'workgroup'"):
            self.add(64)
        with self.assertRaisesRegex(TypeError, r"^vector_add\(\): got multiple values for argument 'grid'$"):
            self.add(64, 64, self.a, self.b, self.c, 64, grid=64)

    def test_grid_and_workgroup_take_numpy_integers(self):
        # A NumPy integer alone had been refused ("expected an int or a sequence"), in a tuple taken.
        for grid, workgroup in [(np.int64(64), np.int32(64)), ((np.int64(64),), np.array([64])),
                                (np.array(64), np.uint16(64))]:
            self.assertEqual(self.add(grid, workgroup, self.a, self.b, self.c, 64, mode="functional")["grid"],
                             (64, 1, 1))
        with self.assertRaisesRegex(TypeError, r"^grid: expected an int or a sequence of 1 to 3 ints, got bool$"):
            self.add(True, 64, self.a, self.b, self.c, 64)
        with self.assertRaisesRegex(TypeError, r"^workgroup: expected an int or a sequence of 1 to 3 ints, got "
                                    r"a sequence holding float$"):
            self.add(64, (64.0,), self.a, self.b, self.c, 64)
        with self.assertRaisesRegex(TypeError, r"^grid: expected an int or a sequence of 1 to 3 ints, got float64$"):
            self.add(np.float64(64), 64, self.a, self.b, self.c, 64)
        with self.assertRaisesRegex(ValueError, r"^grid\[0\]: 4294967296 is not between 1 and 4294967295$"):
            self.add(np.int64(2 ** 32), 64, self.a, self.b, self.c, 64)

    def test_trace_that_is_an_input_is_refused(self):
        # As gcnsim run --trace (README "Limits"): writing the trace had overwritten the code object or the
        # config file it was given.
        with tempfile.TemporaryDirectory() as d:
            code = os.path.join(d, "k.hsaco")
            shutil.copy(VECTOR_ADD, code)
            config = os.path.join(d, "chip.json")
            shutil.copy(os.path.join(SOURCE, "configs", "vega10.json"), config)
            link = os.path.join(d, "link.hsaco")
            os.symlink(code, link)
            with open(code, "rb") as f:
                code_bytes = f.read()
            with open(config, "rb") as f:
                config_bytes = f.read()
            dev = gcnsim.Device(arch="gfx900", config=config, threads=1)
            add = dev.load(code, "vector_add")
            a, b = dev.array(np.zeros(64, np.float32)), dev.array(np.zeros(64, np.float32))
            c = dev.empty(64, np.float32)
            for trace, what, path in [(code, "the kernel's code object file", code),
                                      (link, "the kernel's code object file", code),
                                      (config, "config", config)]:
                with self.assertRaisesRegex(ValueError, "^" + re_escape(
                        f"trace {trace}: the same file as {what} ({path}); writing it would overwrite that input")
                        + "$"):
                    add(64, 64, a, b, c, 64, trace=trace)
            with open(code, "rb") as f:
                self.assertEqual(f.read(), code_bytes)
            with open(config, "rb") as f:
                self.assertEqual(f.read(), config_bytes)
            # Another file is written; "" is refused as --trace "" is (it had been no trace, silently).
            self.assertEqual(add(64, 64, a, b, c, 64, trace=os.path.join(d, "t.txt"))["status"], "ok")
            self.assertGreater(os.path.getsize(os.path.join(d, "t.txt")), 0)
            with self.assertRaisesRegex(ValueError, r"^trace: empty file name$"):
                add(64, 64, a, b, c, 64, trace="")
            with self.assertRaisesRegex(ValueError, r"^trace .*/nodir/t.txt: directory .* does not exist$"):
                add(64, 64, a, b, c, 64, trace=os.path.join(d, "nodir", "t.txt"))

    def test_python_number_for_a_typedef_argument_is_refused(self):
        # A job file needs "type" for a type name it cannot infer a type from ("myuint"); a Python int had
        # been sent as its raw bits (3 as 0x00000003 for a myfloat), a float refused as "for an integer".
        td = self.dev.load(TYPEDEFS, "td")
        o = self.dev.empty(2, np.uint32)
        for i, value in [(1, 3), (1, 3.0), (2, 3), (2, 3.0)]:
            args = [o, np.float32(1), np.uint32(1)]
            args[i] = value
            name = ["o", "b", "c"][i]
            type_name = ["", "myfloat", "myuint"][i]
            kind = type(value).__name__
            with self.assertRaisesRegex(TypeError, "^" + re_escape(
                    f"args[{i}] ({name}: {type_name}): cannot infer the type of a Python {kind} from the kernel's "
                    f'type name "{type_name}"; pass a NumPy scalar') + ".*\\)$"):
                td(1, 1, *args, mode="functional")
        td(1, 1, o, np.float32(3), np.uint32(7), mode="functional")
        self.assertEqual(list(o.numpy()), [0x40400000, 7])

    def test_bool_is_not_a_number(self):
        # A bool for an integer argument or a vector element had been taken as 1 (a bool for grid is refused).
        with self.assertRaisesRegex(TypeError, r"^args\[3\] \(uint\): a bool is not a kernel argument; pass an "
                                    r"int, a float or a NumPy scalar$"):
            self.add(64, 64, self.a, self.b, self.c, True)
        vec = self.dev.load(VECARGS)
        o = self.dev.empty(22, np.float64)
        args = [[1.0] * 4, [1, True, 1], [1] * 2, [1.0, 0.5], bytes(12), bytes(16), 1, [1] * 3]
        with self.assertRaisesRegex(TypeError, r"^args\[2\] \(int3\)\[1\]: True is a bool, not a number"):
            vec(1, 1, o, *args)

    def test_buffer_names_follow_the_job_file_rule(self):
        # 1-64 letters, digits, '_', '-' or '.', not starting with '.' (README "Job file"); these had been
        # taken, and the control characters printed raw in later messages.
        rule = "must be 1-64 letters, digits, '_', '-' or '.' and not start with '.'"
        for name, shown in [("bad\nname", r"bad\\nname"), ("x\x1b[31m", r"x\\x1b\[31m"), (".bad", r"\.bad"),
                            ("a" * 65, "a" * 65), ("a\x00b", r"a\\0b"), ("a b", "a b")]:
            for make in (lambda: self.dev.empty(4, np.uint8, name=name),
                         lambda: self.dev.array(np.zeros(4, np.uint8), name=name)):
                with self.assertRaises(ValueError) as e:
                    make()
                msg = str(e.exception)
                self.assertNotIn("\n", msg)
                self.assertNotIn("\x1b", msg)
                self.assertNotIn("\x00", msg)
                self.assertRegex(msg, r"^(empty|array): buffer name \"" + shown + r"\" " + re_escape(rule) + "$")
        for name in ("a" * 64, "x.y-z_0", "A9"):
            self.assertEqual(self.dev.empty(1, np.uint8, name=name).name, name)
        self.assertEqual(self.dev.empty(1, np.uint8).name[:6], "buffer")
        with self.assertRaisesRegex(TypeError, r"^empty: name: expected a str, got int$"):
            self.dev.empty(1, np.uint8, name=5)

    def test_counts_of_the_wrong_type_or_range_are_one_line(self):
        # Each had been pybind11's multi-line "incompatible function arguments" (threads=True taken as 1).
        cases = [
            (ValueError, r"^threads: -1 is not a thread count \(expected 1 to 1024, or None for all cores\)$",
             lambda: gcnsim.Device(threads=-1)),
            (TypeError, r"^threads: expected an int or None, got float$", lambda: gcnsim.Device(threads=1.0)),
            (TypeError, r"^threads: expected an int or None, got bool$", lambda: gcnsim.Device(threads=True)),
            (TypeError, r"^Device\(\): unexpected keyword argument 'foo' \(expected arch, config, threads, sets, "
                        r"max_buffer_bytes, max_workgroups, max_scratch_bytes, max_file_bytes\)$",
             lambda: gcnsim.Device(foo=1)),
            (TypeError, r"^Device\(\): got multiple values for argument 'arch'$",
             lambda: gcnsim.Device("gfx900", arch="gfx900")),
            (TypeError, r"^arch: expected a str, got int$", lambda: gcnsim.Device(arch=9)),
            (ValueError, r"^load_raw: sgprs: -1 is out of range \(0 to 4294967295\)$",
             lambda: self.dev.load_raw(b"\0" * 4, sgprs=-1)),
            (TypeError, r"^load_raw: vgprs: expected an int, got bool$",
             lambda: self.dev.load_raw(b"\0" * 4, vgprs=True)),
            (TypeError, r"^load_raw\(\): takes at most 1 positional argument \(2 given\)$",
             lambda: self.dev.load_raw(b"\0" * 4, "name")),
            (ValueError, r"^random: seed: -1 is out of range \(0 to 2\^64 - 1\)$",
             lambda: gcnsim.random(3, "u32", seed=-1)),
            (ValueError, r"^random: seed: 18446744073709551616 is out of range \(0 to 2\^64 - 1\)$",
             lambda: gcnsim.random(3, "u32", seed=2**64)),
            (TypeError, r"^random: seed: expected an int, got bool$", lambda: gcnsim.random(3, "u32", seed=True)),
            (TypeError, r"^random\(\): missing argument 'dtype'$", lambda: gcnsim.random(3)),
        ]
        for error, pattern, call in cases:
            with self.assertRaisesRegex(error, pattern):
                call()
        self.assertEqual(list(gcnsim.random(3, "u32", seed=2**64 - 1)),
                         list(gcnsim.random(3, "u32", seed=np.uint64(2**64 - 1))))
        self.assertIsNotNone(gcnsim.Device(threads=np.int32(2)))

    def test_random_float_bounds_beyond_the_type(self):
        # The job file's check (buffers.a.random: min/max out of range for f16): these had given infinities.
        with self.assertRaisesRegex(ValueError, r"^random: min/max out of range for f16$"):
            gcnsim.random(3, np.float16, min=0, max=1e6)
        with self.assertRaisesRegex(ValueError, r"^random: min/max out of range for f32$"):
            gcnsim.random(3, np.float32, max=1e39)
        with self.assertRaisesRegex(ValueError, r"^random: min and max must be finite with min <= max$"):
            gcnsim.random(3, np.float32, min=2, max=1)
        r = gcnsim.random(100, np.float16, min=-65504, max=65504)
        self.assertTrue(np.all(np.isfinite(r)))

    def test_duplicate_buffer_name(self):
        with self.assertRaisesRegex(ValueError, '"a"'):
            self.dev.empty(4, np.uint8, name="a")


if __name__ == "__main__":
    unittest.main()
