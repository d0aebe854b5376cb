#!/usr/bin/env bash
# Fails if any tracked C++ file is not clang-formatted (.clang-format at the top).
# Run from CTest ("style: clang-format"); `make format` fixes what it reports.
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v clang-format >/dev/null || { echo "clang-format not installed (.ci/install-deps installs it)"; exit 1; }
files=$(git ls-files '*.cpp' '*.hpp' 2>/dev/null || find isa memory sim frontend tests -name '*.[ch]pp')
bad=$(for f in $files; do clang-format --dry-run --Werror "$f" >/dev/null 2>&1 || echo "$f"; done)
if [[ -n "$bad" ]]; then
  echo "not clang-formatted (run 'make format'):"
  echo "$bad"
  exit 1
fi
echo "all $(echo "$files" | wc -w) C++ files are clang-formatted"
