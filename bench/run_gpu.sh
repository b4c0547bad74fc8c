#!/usr/bin/env bash
# Runs the benchmark programs of bench/ through `runic bench --backend
# opencl` and prints one table: per program and dataset the median time,
# beside the device-to-device copy bandwidth measured in the same run
# (bench/copy.fut: a kernel that reads and writes every element once).
#
#   bench/run_gpu.sh [--small] [--runs N] [--device NAME]
#
# --small runs only the small datasets (the ones `runic test` runs too),
# for a CPU OpenCL device such as PoCL; without it, the large datasets
# (marked `notest`) are run as well. RUNIC names the runic binary
# (default target/release/runic). Results in JSON go to bench/results/.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
runic=${RUNIC:-$root/target/release/runic}
runs=10
extra=()
small=0
while [ $# -gt 0 ]; do
  case "$1" in
    --small) small=1 ;;
    --runs) runs=$2; shift ;;
    --device) extra+=(--device "$2"); shift ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
[ "$small" = 1 ] && extra+=(--exclude-case notest)
[ -x "$runic" ] || { echo "no $runic: build first (cargo build --release)" >&2; exit 2; }
out=$here/results
programs="copy sum prefix_sum map_map_reduce row_col_sums histogram matmul nbody mandelbrot kmeans hotspot"
mkdir -p "$out"
status=0
for prog in $programs; do
  "$runic" bench --backend opencl -r "$runs" "${extra[@]}" --json "$out/$prog.json" \
    "$here/$prog.fut" > "$out/$prog.log" 2>&1 || { status=1; cat "$out/$prog.log" >&2; }
done
head -1 "$out/copy.log" | sed 's/^.* on \(.*\) (opencl):$/device: \1/'
python3 - "$out" $programs <<'PY'
import json, os, re, statistics, sys
out = sys.argv[1]

def elems(dataset):
    """The number of elements of the first array of a `random` dataset."""
    m = re.match(r"((?:\[\d+\])+)", dataset)
    if not m:
        return None
    n = 1
    for d in re.findall(r"\d+", m.group(1)):
        n *= int(d)
    return n

def rows(prog):
    path = os.path.join(out, prog + ".json")
    if not os.path.exists(path):
        return []
    data = json.load(open(path))
    for key, p in data.items():
        entry = key.rsplit(":", 1)[-1] if ":" in key else "main"
        for name, d in p["datasets"].items():
            yield entry, name, statistics.median(d["runtimes"]), d["runtimes"]

bandwidth = None
for _, name, med, _ in rows("copy"):
    n = elems(name)
    if n and med > 0:
        gbs = 2 * 4 * n / (med * 1e-6) / 1e9
        if bandwidth is None or n > bandwidth[0]:
            bandwidth = (n, gbs, med)
if bandwidth:
    print(f"device-to-device copy: {bandwidth[1]:.1f} GB/s ({bandwidth[0]} f32, {bandwidth[2]:.0f} us)")
print(f"{'program':<16} {'dataset':<44} {'median us':>11} {'min..max us':>19} {'GB/s':>8}")
# Bytes a program must read and write at least, per element of its input.
traffic = {"copy": 8, "sum": 4, "prefix_sum": 8, "map_map_reduce": 4, "row_col_sums": 4, "histogram": 1}
for prog in sys.argv[2:]:
    for entry, name, med, times in rows(prog):
        label = prog if entry == "main" else f"{prog}:{entry}"
        n = elems(name)
        gbs = ""
        if n and prog in traffic and med > 0:
            gbs = f"{traffic[prog] * n / (med * 1e-6) / 1e9:.1f}"
        short = name if len(name) <= 44 else name[:41] + "..."
        print(f"{label:<16} {short:<44} {med:>11.0f} {min(times):>9}..{max(times):<9} {gbs:>8}")
PY
exit $status
