#!/usr/bin/env bash
# Runs every program in this directory through a real Futhark compiler and
# checks that (a) `futhark check` rejects it and (b) the file's
# `-- error: REGEX` line matches the message Futhark prints.
#
# Needs a Futhark binary, given in $FUTHARK (default: `futhark`), e.g.
#   FUTHARK=/path/to/futhark testdata/errors/check_with_futhark.sh
# Optional arguments: the .fut files to check (default: all in this directory).
#
# Regexes are POSIX extended regexes matched against the whole output (all
# lines at once, so `.` and `[[:space:]]` also match newlines), the way
# `futhark test` matches them; we use `grep -Ezq` for that (GNU grep).
# The same files also work with `futhark test -t testdata/errors`.
set -u
FUTHARK=${FUTHARK:-futhark}
dir=$(cd "$(dirname "$0")" && pwd)
if [ $# -gt 0 ]; then files=("$@"); else files=("$dir"/*.fut); fi

pass=0
fail=0
for f in "${files[@]}"; do
  regex=$(sed -n 's/^-- error: //p' "$f" | head -n 1)
  if [ -z "$regex" ]; then
    echo "FAIL $f: no '-- error:' line"
    fail=$((fail + 1))
    continue
  fi
  out=$("$FUTHARK" check "$f" 2>&1)
  rc=$?
  if [ $rc -eq 0 ]; then
    echo "FAIL $f: accepted by futhark check (expected: $regex)"
    fail=$((fail + 1))
  elif ! printf '%s' "$out" | grep -Ezq -- "$regex"; then
    echo "FAIL $f: message does not match /$regex/"
    printf '%s\n' "$out" | sed 's/^/    /'
    fail=$((fail + 1))
  else
    pass=$((pass + 1))
  fi
done
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
