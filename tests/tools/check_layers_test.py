#!/usr/bin/env python3
"""Test of check_layers.py on a small made-up tree with the real layer file:
every kind of forbidden include is reported with its file and line, the
allowed ones are not, and a clean tree passes."""
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CHECKER = os.path.join(HERE, 'check_layers.py')
LAYERS = os.path.join(HERE, '..', '..', 'cmake', 'layers.txt')

# path -> lines; the expected reports are listed by hand below.
TREE = {
    'isa/decoded.hpp': ['#pragma once'],
    'isa/tables/rows.cpp': ['#include "isa/decoded.hpp"'],
    'memory/lds.hpp': ['#pragma once', '#include "isa/decoded.hpp"'],
    'sim/wave_state.hpp': ['#pragma once', '#include "memory/lds.hpp"'],
    'sim/semantics/valu.cpp': ['#include "sim/wave_state.hpp"', '#include "../timing/issue.hpp"'],
    'sim/trace/sink.hpp': ['#pragma once', '#include "isa/decoded.hpp"'],
    'sim/timing/issue.hpp': ['#pragma once', '#include "sim/wave_state.hpp"', '#include "sim/check/facts.hpp"'],
    'sim/check/facts.hpp': ['#pragma once', '#include "sim/timing/issue.hpp"'],
    'sim/engine.cpp': ['// core', '#include "sim/trace/sink.hpp"', '#include "sim/timing/issue.hpp"'],
    'isa/decoder.cpp': ['#include "isa/decoded.hpp"', '#include "memory/lds.hpp"', '#include "isa/missing.hpp"'],
    'frontend/run.cpp': ['#include "sim/check/facts.hpp"', '#include "tests/sim/harness.hpp"'],
    'tests/sim/harness.hpp': ['#pragma once', '#include "sim/timing/issue.hpp"'],
    'tests/common/util.hpp': ['#pragma once'],
    'tests/sim/valu_test.cpp':
    ['#include "tests/sim/harness.hpp"', '#include "tests/common/util.hpp"', '#include "frontend/run.hpp"'],
    'tests/isa/decode_test.cpp': ['#include "isa/decoded.hpp"', '#include "tests/sim/harness.hpp"'],
    'tests/e2e/run_test.cpp': ['#include "frontend/run.cpp"', '#include "tests/sim/harness.hpp"'],
    'frontend/run.hpp': ['#pragma once'],
}

EXPECTED = [
    'isa/decoder.cpp:2: #include "memory/lds.hpp": layer isa includes layer memory above it',
    'isa/decoder.cpp:3: #include "isa/missing.hpp": names no file of the tree',
    'sim/engine.cpp:3: #include "sim/timing/issue.hpp": layer core includes layer timing above it',
    'sim/semantics/valu.cpp:2: #include "../timing/issue.hpp": layer core includes layer timing above it',
    'sim/timing/issue.hpp:3: #include "sim/check/facts.hpp": layer timing includes layer check above it',
    'frontend/run.cpp:2: #include "tests/sim/harness.hpp": test helper outside the tests',
    'tests/isa/decode_test.cpp:2: #include "tests/sim/harness.hpp": test helper outside tests/isa',
    'tests/sim/valu_test.cpp:3: #include "frontend/run.hpp": layer check includes layer frontend above it',
]


def run(root):
    p = subprocess.run([sys.executable, CHECKER, '--root', root, '--layers', LAYERS], capture_output=True,
                       text=True)
    return p.returncode, p.stdout.splitlines()


def main():
    failures = []
    with tempfile.TemporaryDirectory() as root:
        for path, lines in TREE.items():
            os.makedirs(os.path.join(root, os.path.dirname(path)), exist_ok=True)
            with open(os.path.join(root, path), 'w', encoding='utf-8') as f:
                f.write('\n'.join(lines) + '\n')
        code, out = run(root)
        reports = [line for line in out if ': #include ' in line]
        if code != 1:
            failures.append(f'bad tree: exit code {code}, expected 1')
        if sorted(reports) != sorted(EXPECTED):
            failures.append('bad tree: reports differ\n  got:\n    ' + '\n    '.join(sorted(reports)) +
                            '\n  expected:\n    ' + '\n    '.join(sorted(EXPECTED)))
        # The same tree without the bad files and lines passes.
        for path in ['isa/decoder.cpp', 'sim/engine.cpp', 'sim/semantics/valu.cpp', 'frontend/run.cpp',
                     'tests/isa/decode_test.cpp', 'tests/sim/valu_test.cpp']:
            os.remove(os.path.join(root, path))
        with open(os.path.join(root, 'sim/timing/issue.hpp'), 'w', encoding='utf-8') as f:
            f.write('#pragma once\n#include "sim/wave_state.hpp"\n')
        shutil.rmtree(os.path.join(root, 'tests/isa'))
        code, out = run(root)
        if code != 0:
            failures.append(f'good tree: exit code {code}, output:\n  ' + '\n  '.join(out))
    for f in failures:
        print(f)
    if not failures:
        print(f'check_layers.py reports all {len(EXPECTED)} bad includes and passes the good tree')
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
