#!/usr/bin/env bash
# Checks that every program in this directory is ACCEPTED by a real Futhark
# compiler (`futhark check`; warnings are fine).
#
# Needs a Futhark binary, given in $FUTHARK (default: `futhark`), e.g.
#   FUTHARK=/path/to/futhark testdata/sema/check_with_futhark.sh
# Optional arguments: the .fut files to check (default: all in this directory).
set -u
FUTHARK=${FUTHARK:-futhark}
dir=$(cd "$(dirname "$0")" && pwd)
if [ $# -gt 0 ]; then files=("$@"); else files=("$dir"/*.fut); fi

pass=0
fail=0
for f in "${files[@]}"; do
  if out=$("$FUTHARK" check "$f" 2>&1); then
    pass=$((pass + 1))
  else
    echo "FAIL $f: rejected by futhark check"
    printf '%s\n' "$out" | sed 's/^/    /'
    fail=$((fail + 1))
  fi
done
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
