"""The example programs (examples/python/) against their multi-step jobs
(tests/conformance/programs/jobs/): the same buffers, byte for byte, and the
same cycles and instructions dispatch by dispatch, on every generation."""
import importlib
import json
import os
import subprocess
import sys
import tempfile
import unittest

import numpy as np

from gcnsim_paths import BINARY, SOURCE, example

sys.path.insert(0, example("python"))
ARCHES = ["gfx600", "gfx700", "gfx803", "gfx900"]
PROGRAMS = ["lu", "bfs", "jacobi"]


def run_job(program, arch, mode):
    """Runs the job with the gcnsim CLI: (result document, {buffer: raw bytes}, {kernel key: kernel name})."""
    job = os.path.join(SOURCE, "tests", "conformance", "programs", "jobs", f"{program}.{arch}.json")
    with open(job) as f:
        kernel_names = {key: k["name"] for key, k in json.load(f)["kernels"].items()}
    with tempfile.TemporaryDirectory() as d:
        result = os.path.join(d, "result.json")
        subprocess.run([BINARY, "run", job, "--mode", mode, "--quiet", "--result", result, "--out", d],
                       check=True, stdout=subprocess.DEVNULL)
        with open(result) as f:
            doc = json.load(f)
        raw = {}
        for name in doc["buffers"]:
            with open(os.path.join(d, name + ".bin"), "rb") as f:
                raw[name] = f.read()
    return doc, raw, kernel_names


class ProgramTest(unittest.TestCase):
    def compare(self, program, arch, mode):
        doc, raw, kernel_names = run_job(program, arch, mode)
        outputs, results = importlib.import_module(program).run(arch, mode)
        self.assertEqual(sorted(outputs), sorted(raw))
        for name, data in outputs.items():
            self.assertEqual(np.ascontiguousarray(data).tobytes(), raw[name], f"buffer {name}")
        steps = doc["steps"]
        self.assertEqual(len(results), len(steps))
        for i, (r, s) in enumerate(zip(results, steps)):
            self.assertEqual((r["kernel"], r["cycles"], r["instructions"]),
                             (kernel_names[s["kernel"]], s["cycles"], s["instructions"]),
                             f"dispatch {i} ({s['step']})")
        self.assertEqual(sum(r["cycles"] for r in results), doc["totals"]["cycles"])

    def test_timing_every_generation(self):
        for program in PROGRAMS:
            for arch in ARCHES:
                with self.subTest(program=program, arch=arch):
                    self.compare(program, arch, "timing")

    def test_functional(self):
        for program in PROGRAMS:
            with self.subTest(program=program):
                self.compare(program, "gfx803", "functional")


if __name__ == "__main__":
    unittest.main()
