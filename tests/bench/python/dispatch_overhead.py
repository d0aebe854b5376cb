#!/usr/bin/env python3
"""Per-dispatch overhead of the gcnsim Python package beyond the simulation.

Dispatches a tiny kernel (vector_add, one work-group of 64 work-items) many
times through gcnsim.Kernel.__call__ and prints, per dispatch, the wall time
of the call, the simulation's own wall time (result["seconds"]) and their
difference: what Python, the argument conversion, the result dict and the
Device's launch preparation cost. Target: well under 1 ms.

    PYTHONPATH=build/python python3 tests/bench/python/dispatch_overhead.py [--dispatches N] [--mode M]
"""
import argparse
import os
import time

import numpy as np

import gcnsim

SOURCE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..")


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--dispatches", type=int, default=2000)
    p.add_argument("--mode", default="functional", choices=["functional", "timing"])
    args = p.parse_args()

    dev = gcnsim.Device(arch="gfx900", threads=1)
    add = dev.load(os.path.join(SOURCE, "examples", "vector_add", "vector_add.gfx900.hsaco"), "vector_add")
    a = dev.array(np.arange(64, dtype=np.float32))
    b = dev.array(np.ones(64, dtype=np.float32))
    c = dev.empty(64, np.float32)
    n = np.uint32(64)
    add(64, 64, a, b, c, n, mode=args.mode)  # warm-up: first-use costs

    simulated = 0.0
    start = time.perf_counter()
    for _ in range(args.dispatches):
        simulated += add(64, 64, a, b, c, n, mode=args.mode)["seconds"]
    wall = time.perf_counter() - start
    assert (c.numpy() == np.arange(64, dtype=np.float32) + 1).all()

    per = lambda s: s / args.dispatches * 1e6
    print(f"{args.dispatches} dispatches of vector_add (64 work-items, {args.mode} mode) through Python:")
    print(f"  per dispatch: {per(wall):.1f} us wall, {per(simulated):.1f} us simulation, "
          f"{per(wall - simulated):.1f} us overhead")


if __name__ == "__main__":
    main()
