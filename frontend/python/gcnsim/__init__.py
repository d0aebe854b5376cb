"""gcnsim: a cycle-approximate AMD GCN simulator, from Python.

A Device is one simulated GPU (gfx600, gfx700, gfx803 or gfx900) that keeps
its memory and, in timing mode, its caches across dispatches:

    import numpy as np, gcnsim
    dev = gcnsim.Device(arch="gfx900")
    add = dev.load("vector_add.gfx900.hsaco", "vector_add")
    a = dev.array(np.arange(1024, dtype=np.float32))
    b = dev.array(np.ones(1024, dtype=np.float32))
    c = dev.empty(1024, np.float32)
    r = add(1024, 64, a, b, c, np.uint32(1024))   # a dict: cycles, instructions, stats, ...
    print(r["cycles"], c.numpy()[:4])

See the README's "Python" section and examples/python/.
"""
from ._gcnsim import Buffer, Device, DispatchError, Kernel, Local, local, random, set_log_level

__all__ = ["Buffer", "Device", "DispatchError", "Kernel", "Local", "local", "random", "set_log_level"]
