"""Shared by the example programs: the command line and where the code objects are.

Each example runs one multi-kernel program of the conformance suite
(tests/conformance/programs/) on a gcnsim.Device; the committed code objects
are tests/conformance/programs/bin/NAME.ARCH.hsaco.
"""
import argparse
import os

PROGRAMS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tests", "conformance", "programs")


def code_object(name, arch):
    """The path of program NAME's code object for ARCH (gfx600, gfx700, gfx803, gfx900)."""
    return os.path.normpath(os.path.join(PROGRAMS, "bin", f"{name}.{arch}.hsaco"))


def parse_args(description):
    """--arch and --mode from the command line."""
    p = argparse.ArgumentParser(description=description)
    p.add_argument("--arch", default="gfx900", choices=["gfx600", "gfx700", "gfx803", "gfx900"])
    p.add_argument("--mode", default="timing", choices=["timing", "functional"])
    return p.parse_args()


def summary(results):
    """One line: dispatches and total cycles and instructions of a list of result dicts."""
    cycles = sum(r["cycles"] for r in results)
    instructions = sum(r["instructions"] for r in results)
    return f"{len(results)} dispatches, {cycles} cycles, {instructions} wave-instructions"
