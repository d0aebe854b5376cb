"""LU decomposition with a host loop over the elimination step, from Python.

The same program as the multi-step job tests/conformance/programs/jobs/lu.ARCH.json:
a 32 x 32 f64 matrix factored in place without pivoting, two kernels per
step k = 0 .. 30 (lu_scale: column k of L; lu_update: the trailing
submatrix), k passed as an argument.

    PYTHONPATH=build/python python3 examples/python/lu.py --arch gfx900
"""
import numpy as np

import gcnsim
from program_args import code_object, parse_args, summary

N = 32


def run(arch="gfx900", mode="timing"):
    """Runs the program; returns ({"a": L and U in one matrix}, [one result dict per dispatch])."""
    dev = gcnsim.Device(arch=arch)
    # Two kernels of one code object (read once).
    scale = dev.load(code_object("lu", arch), "lu_scale")
    update = dev.load(code_object("lu", arch), "lu_update")

    # The matrix: uniform in [-1, 1) from seed 14, as the job's "random" buffer.
    a = dev.array(gcnsim.random(N * N, np.float64, seed=14, min=-1, max=1), name="a")

    # The host loop: k is an argument of both kernels (the job's "iteration": true).
    results = []
    for k in range(N - 1):
        results.append(scale(N, N, a, N, k, mode=mode))
        results.append(update((N, N), (8, 8), a, N, k, mode=mode))
    return {"a": a.numpy()}, results


if __name__ == "__main__":
    args = parse_args(__doc__.splitlines()[0])
    out, results = run(args.arch, args.mode)
    lu = out["a"].reshape(N, N)
    # Check the factorisation: L @ U gives back the input matrix.
    lower = np.tril(lu, -1) + np.eye(N)
    upper = np.triu(lu)
    original = gcnsim.random(N * N, np.float64, seed=14, min=-1, max=1).reshape(N, N)
    print(f"lu {args.arch} {args.mode}: {summary(results)}")
    print(f"max |L U - A| = {np.abs(lower @ upper - original).max():.3g}")
