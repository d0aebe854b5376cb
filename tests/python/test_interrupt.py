"""A dispatch releases the GIL and Ctrl-C stops it: a kernel that would run for
hours (mandelbrot at c = 0 never escapes: 2^32 - 1 iterations per lane) ends
with KeyboardInterrupt soon after SIGINT, and the Device is usable after."""
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
import unittest

import numpy as np

import gcnsim
from gcnsim_paths import SOURCE

MANDELBROT = os.path.join(SOURCE, "tests", "kernels", "bin", "mandelbrot.gfx900.hsaco")

# One wave of 64 lanes at c = 0, looping maxIter times; a watchdog far beyond
# what could run here, so only the interrupt can end it.
ENDLESS = textwrap.dedent(f"""
    import sys, time
    import numpy as np, gcnsim
    dev = gcnsim.Device(arch="gfx900", threads=1)
    k = dev.load({MANDELBROT!r}, "mandelbrot")
    out = dev.empty(64, np.uint32)
    print("start", flush=True)
    t0 = time.monotonic()
    try:
        cycles = 1 << 60 if sys.argv[1] == "timing" else None  # (functional mode takes no cycle budget)
        k(64, 64, out, 0.0, 0.0, 0.0, 0xFFFFFFFF, mode=sys.argv[1], max_instructions=1 << 50,
          max_cycles=cycles)
        print("finished", flush=True)
    except KeyboardInterrupt:
        print("interrupted after %.1f s" % (time.monotonic() - t0), flush=True)
    r = k(64, 64, out, 0.0, 0.0, 0.01, 5, mode="functional")
    print("after", r["status"], out.numpy().max(), flush=True)
""")


class InterruptTest(unittest.TestCase):
    def run_and_interrupt(self, mode):
        p = subprocess.Popen([sys.executable, "-c", ENDLESS, mode], stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, text=True)
        try:
            self.assertEqual(p.stdout.readline().strip(), "start")
            time.sleep(1.0)  # well inside the dispatch
            p.send_signal(signal.SIGINT)
            out, _ = p.communicate(timeout=60)
        finally:
            if p.poll() is None:
                p.kill()
                p.wait()
        self.assertRegex(out, r"interrupted after \d+\.\d s")
        # The device runs the next kernel: 5 iterations at most per lane.
        self.assertIn("after ok 5", out)
        self.assertEqual(p.returncode, 0, out)

    def test_ctrl_c_stops_a_functional_dispatch(self):
        self.run_and_interrupt("functional")

    def test_ctrl_c_stops_a_timing_dispatch(self):
        self.run_and_interrupt("timing")

    def test_other_threads_run_during_a_dispatch_and_may_not_use_its_device(self):
        dev = gcnsim.Device(arch="gfx900", threads=1)
        k = dev.load(MANDELBROT, "mandelbrot")
        out = dev.empty(64, np.uint32)
        seen = {}
        done = threading.Event()

        def other():
            # Polls the device until the dispatch is seen running (or is over).
            while not done.is_set():
                try:
                    out.numpy()
                except ValueError as e:
                    seen["error"] = str(e)
                    return
                time.sleep(0.005)

        t = threading.Thread(target=other)
        t.start()
        # 2 million iterations per lane: about a second in functional mode; with
        # the GIL held the thread would not run until the dispatch is over.
        k(64, 64, out, 0.0, 0.0, 0.0, 2_000_000, mode="functional", max_instructions=1 << 40)
        done.set()
        t.join()
        self.assertRegex(seen.get("error", ""), r"numpy: the Device is running a dispatch in another thread")
        np.testing.assert_array_equal(out.numpy(), np.full(64, 2_000_000, np.uint32))


if __name__ == "__main__":
    unittest.main()
