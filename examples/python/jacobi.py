"""Jacobi 2-D stencil with two buffers in ping-pong, from Python.

The same program as the multi-step job tests/conformance/programs/jobs/jacobi.ARCH.json
(same inputs, same dispatches in the same order, so the same results and the
same cycles): 32 sweeps of a 64 x 64 grid, each interior point becoming the
mean of its four neighbours.

    PYTHONPATH=build/python python3 examples/python/jacobi.py --arch gfx900
"""
import numpy as np

import gcnsim
from program_args import code_object, parse_args, summary

W = H = 64
SWEEPS = 32


def run(arch="gfx900", mode="timing"):
    """Runs the program; returns ({"a": final grid}, [one result dict per dispatch])."""
    # One simulated GPU for the whole program: buffers stay in its memory and,
    # in timing mode, its caches stay warm from one dispatch to the next.
    dev = gcnsim.Device(arch=arch)
    jacobi = dev.load(code_object("jacobi", arch), "jacobi")

    # The job's buffers, in the job's order: "a" random in [0, 1) from seed 7
    # (gcnsim.random is the job file's generator), "b" zeros.
    a = dev.array(gcnsim.random(W * H, np.float32, seed=7, min=0, max=1), name="a")
    b = dev.empty(W * H, np.float32, name="b")

    # Ping-pong: a -> b, then b -> a. The kernel's u32 arguments are plain
    # Python ints, sized from the kernel's metadata.
    results = []
    for _ in range(SWEEPS // 2):
        results.append(jacobi((W, H), (16, 16), a, b, W, H, mode=mode))
        results.append(jacobi((W, H), (16, 16), b, a, W, H, mode=mode))
    return {"a": a.numpy()}, results


if __name__ == "__main__":
    args = parse_args(__doc__.splitlines()[0])
    out, results = run(args.arch, args.mode)
    grid = out["a"].reshape(H, W)
    print(f"jacobi {args.arch} {args.mode}: {summary(results)}")
    if args.mode == "timing":
        print(f"first sweep {results[0]['cycles']} cycles (cold caches), second {results[1]['cycles']}")
    print("centre of the grid:", grid[H // 2, W // 2 - 2:W // 2 + 2])
