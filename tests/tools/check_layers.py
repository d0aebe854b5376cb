#!/usr/bin/env python3
"""Include-graph check: fails, naming file and line, when a file includes a
header of a layer above its own.

The layers, their order and the directories they own are in cmake/layers.txt
(which cmake/layers.cmake reads too). Every #include "..." of the C++ files in
those directories is resolved like the compiler does for quoted includes (the
including file's directory first, then the tree's root) and must name:
  - a header of the file's own layer or of a lower one, or
  - for a file in a test directory, a helper of that directory or tests/common.
An include that names no file of the tree is reported as well.

Usage: check_layers.py [--root DIR] [--layers FILE]   (default: this repository)
"""
import argparse
import os
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"')
SOURCE_SUFFIXES = ('.cpp', '.hpp', '.h')


class Layers:
    """The parsed layer file: the order, who owns which directory, test directories."""

    def __init__(self, path):
        self.rank = {}    # layer name -> position (0 = lowest)
        self.owner = {}   # directory -> layer name
        self.tests = {}   # test directory -> layer name its binary links
        with open(path, encoding='utf-8') as f:
            for number, line in enumerate(f, 1):
                words = line.split('#', 1)[0].split()
                if not words:
                    continue
                where = f'{path}:{number}'
                if words[0] == 'layer' and len(words) >= 3:
                    if words[1] in self.rank:
                        sys.exit(f'{where}: layer {words[1]} listed twice')
                    self.rank[words[1]] = len(self.rank)
                    for d in words[2:]:
                        self.owner[d.rstrip('/')] = words[1]
                elif words[0] == 'tests' and len(words) == 3:
                    if words[2] not in self.rank:
                        sys.exit(f'{where}: unknown layer {words[2]}')
                    self.tests[words[1].rstrip('/')] = words[2]
                else:
                    sys.exit(f'{where}: expected "layer NAME DIR..." or "tests DIR LAYER"')

    @staticmethod
    def _longest(table, path):
        """Value of the longest directory key of `table` containing `path`, and the key."""
        best = None
        for d, value in table.items():
            if (path == d or path.startswith(d + '/')) and (best is None or len(d) > len(best)):
                best = d
        return (table[best], best) if best is not None else (None, None)

    def layer_of(self, path):
        return self._longest(self.owner, path)[0]

    def test_dir_of(self, path):
        return self._longest(self.tests, path)[1]


def source_files(root, directories):
    for top in sorted(directories):
        for base, dirs, files in os.walk(os.path.join(root, top)):
            dirs.sort()
            for name in sorted(files):
                if name.endswith(SOURCE_SUFFIXES):
                    yield os.path.relpath(os.path.join(base, name), root).replace(os.sep, '/')


def resolve(root, including, target):
    """Tree-relative path of a quoted include, or None when it names no file."""
    beside = os.path.normpath(os.path.join(os.path.dirname(including), target))
    for candidate in (beside, os.path.normpath(target)):
        if not candidate.startswith('..') and os.path.isfile(os.path.join(root, candidate)):
            return candidate.replace(os.sep, '/')
    return None


def check(root, layers):
    """Yields one message per forbidden include."""
    seen = set()
    for path in source_files(root, list(layers.owner) + list(layers.tests)):
        if path in seen:  # a directory listed inside another one
            continue
        seen.add(path)
        test_dir = layers.test_dir_of(path)
        own = layers.tests[test_dir] if test_dir else layers.layer_of(path)
        with open(os.path.join(root, path), encoding='utf-8', errors='replace') as f:
            for number, line in enumerate(f, 1):
                m = INCLUDE.match(line)
                if not m:
                    continue
                where = f'{path}:{number}: #include "{m.group(1)}"'
                target = resolve(root, path, m.group(1))
                if target is None:
                    yield f'{where}: names no file of the tree'
                    continue
                if target.startswith('tests/'):
                    helpers = (test_dir, 'tests/common')
                    if test_dir is None or not any(target.startswith(h + '/') for h in helpers):
                        yield f'{where}: test helper outside {test_dir or "the tests"}'
                    continue
                theirs = layers.layer_of(target)
                if theirs is None:
                    yield f'{where}: {target} belongs to no layer (cmake/layers.txt)'
                elif layers.rank[theirs] > layers.rank[own]:
                    yield f'{where}: layer {own} includes layer {theirs} above it'


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('--root', default=os.path.normpath(os.path.join(here, '..', '..')))
    parser.add_argument('--layers', help='layer file (default: ROOT/cmake/layers.txt)')
    args = parser.parse_args()
    layers = Layers(args.layers or os.path.join(args.root, 'cmake', 'layers.txt'))
    errors = list(check(args.root, layers))
    for e in errors:
        print(e)
    if errors:
        print(f'{len(errors)} include(s) against the layer order of cmake/layers.txt')
        return 1
    print(f'include graph follows the layers: {" < ".join(layers.rank)}')
    return 0


if __name__ == '__main__':
    sys.exit(main())
