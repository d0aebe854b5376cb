"""Breadth-first search that loops until the device says nothing changed, from Python.

The same program as the multi-step job tests/conformance/programs/jobs/bfs.ARCH.json:
levels from node 0 of a random 1024-node graph (0 to 4 out-edges a node, in
ELL form). Each pass resets the `changed` flag from the host, runs bfs_expand
and bfs_update, and reads the flag back: the loop ends when it stays 0.

    PYTHONPATH=build/python python3 examples/python/bfs.py --arch gfx900
"""
import numpy as np

import gcnsim
from program_args import code_object, parse_args, summary

N = 1024  # nodes
MAXD = 4  # edge slots per node


def run(arch="gfx900", mode="timing"):
    """Runs the program; returns ({buffer name: contents}, [one result dict per dispatch])."""
    dev = gcnsim.Device(arch=arch)
    expand = dev.load(code_object("bfs", arch), "bfs_expand")
    update = dev.load(code_object("bfs", arch), "bfs_update")

    # The graph and the search state, in the job's buffer order.
    start = np.zeros(N, np.uint8)
    start[0] = 1  # node 0 is the frontier and visited
    degree = dev.array(gcnsim.random(N, np.uint32, seed=3, min=0, max=MAXD), name="degree")
    edges = dev.array(gcnsim.random(N * MAXD, np.uint32, seed=4, min=0, max=N - 1), name="edges")
    frontier = dev.array(start, name="frontier")
    updating = dev.empty(N, np.uint8, name="updating")
    visited = dev.array(start, name="visited")
    cost = dev.array(np.full(N, -1, np.int32), name="cost")
    changed = dev.empty(1, np.uint32, name="changed")
    cost.write(np.zeros(1, np.int32))  # node 0 is at level 0

    # Host loop: reset the flag, expand, update, read the flag.
    zero = np.zeros(1, np.uint32)
    flag = np.empty(1, np.uint32)
    results = []
    for _ in range(N):
        changed.write(zero)
        results.append(expand(N, 64, degree, edges, frontier, updating, visited, cost, N, MAXD, mode=mode))
        results.append(update(N, 64, frontier, updating, visited, changed, N, mode=mode))
        if changed.numpy(out=flag)[0] == 0:
            break
    names = ["cost", "visited", "frontier", "updating", "changed"]
    buffers = [cost, visited, frontier, updating, changed]
    return {name: b.numpy() for name, b in zip(names, buffers)}, results


if __name__ == "__main__":
    args = parse_args(__doc__.splitlines()[0])
    out, results = run(args.arch, args.mode)
    cost = out["cost"]
    print(f"bfs {args.arch} {args.mode}: {summary(results)} ({len(results) // 2} passes)")
    print(f"reached {(cost >= 0).sum()} of {N} nodes, deepest level {cost.max()}")
    print("nodes per level:", np.bincount(cost[cost >= 0]))
