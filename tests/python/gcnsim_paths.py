"""Where the tests find the repository and the gcnsim binary (set by CTest)."""
import os

SOURCE = os.environ.get("GCNSIM_SOURCE_DIR", os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
BINARY = os.environ.get("GCNSIM_BINARY", os.path.join(SOURCE, "build", "gcnsim"))


def example(*parts):
    """A file under examples/."""
    return os.path.join(SOURCE, "examples", *parts)
