"""Reference timings for the programs of bench/ on an NVIDIA GPU.

For each program and its large dataset: PyTorch eager, `torch.compile`
where it is meaningful (fusible element-wise chains and reductions), and a
straightforward hand-written CUDA kernel (CuPy `RawKernel`) for the
compute-bound ones, plus the device-to-device copy bandwidth measured in
the same run. Times are medians of CUDA-event timings after warm-up, in
microseconds, like `runic bench` (no upload or download counted).

    python3 bench/reference.py [--runs N] [--json FILE]

Prints one line per (program, dataset, reference); with --json, writes
them as a list of {program, dataset, reference, median_us}.
"""

import argparse
import json
import statistics

import cupy as cp
import torch


def timed(f, runs, warmup=3):
    """Median time of `f` in microseconds (CUDA events on torch's stream)."""
    for _ in range(warmup):
        f()
    torch.cuda.synchronize()
    times = []
    for _ in range(runs):
        start = torch.cuda.Event(enable_timing=True)
        end = torch.cuda.Event(enable_timing=True)
        start.record()
        f()
        end.record()
        end.synchronize()
        times.append(start.elapsed_time(end) * 1000)
    return statistics.median(times)


def compiled(f):
    """`torch.compile` of `f`, or None where it cannot compile here."""
    try:
        g = torch.compile(f)
        return g
    except Exception as e:  # noqa: BLE001 - any failure means "not available"
        print(f"# torch.compile unavailable: {e}")
        return None


MANDELBROT = r"""
extern "C" __global__ void mandelbrot(int *out, long w, long h, int limit) {
  long k = (long)blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= w * h) return;
  long j = k / w, i = k % w;
  float cx = -2.0f + 3.0f * (float)i / (float)w;
  float cy = -1.5f + 3.0f * (float)j / (float)h;
  float x = 0.0f, y = 0.0f;
  int n = 0;
  while (n < limit && x * x + y * y <= 4.0f) {
    float t = x * x - y * y + cx;
    y = 2.0f * x * y + cy;
    x = t;
    n++;
  }
  out[k] = n;
}
"""

NBODY = r"""
extern "C" __global__ void accel(const float *x, const float *y, const float *z,
                                 const float *m, float *ax, float *ay, float *az, long n) {
  long i = (long)blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float xi = x[i], yi = y[i], zi = z[i], sx = 0, sy = 0, sz = 0;
  for (long j = 0; j < n; j++) {
    float dx = x[j] - xi, dy = y[j] - yi, dz = z[j] - zi;
    float d2 = dx * dx + dy * dy + dz * dz + 0.001f;
    float inv = rsqrtf(d2);
    float s = m[j] * inv * inv * inv;
    sx += dx * s; sy += dy * s; sz += dz * s;
  }
  ax[i] = sx; ay[i] = sy; az[i] = sz;
}
"""

HOTSPOT = r"""
extern "C" __global__ void step(const float *t, const float *p, float *out, long n, long m) {
  long k = (long)blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= n * m) return;
  long i = k / m, j = k % m;
  long up = i > 0 ? i - 1 : 0, down = i < n - 1 ? i + 1 : n - 1;
  long left = j > 0 ? j - 1 : 0, right = j < m - 1 ? j + 1 : m - 1;
  float c = t[k];
  float flow = t[up * m + j] + t[down * m + j] + t[i * m + left] + t[i * m + right] - 4.0f * c;
  out[k] = c + 0.1f * p[k] + 0.2f * flow;
}
"""

MATMUL = r"""
extern "C" __global__ void matmul(const float *a, const float *b, float *c, long n) {
  long i = (long)blockIdx.y * blockDim.y + threadIdx.y;
  long j = (long)blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n || j >= n) return;
  float s = 0;
  for (long k = 0; k < n; k++) s += a[i * n + k] * b[k * n + j];
  c[i * n + j] = s;
}
"""


def launch(kernel, total, *args, block=256):
    kernel(((total + block - 1) // block,), (block,), args)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--json")
    opts = parser.parse_args()
    runs = opts.runs
    rows = []

    def row(program, dataset, reference, us):
        rows.append({"program": program, "dataset": dataset, "reference": reference, "median_us": us})
        print(f"{program:<16} {dataset:<24} {reference:<22} {us:>12.0f} us", flush=True)

    dev = torch.device("cuda")
    print(f"# {torch.cuda.get_device_name(0)}, torch {torch.__version__}, cupy {cp.__version__}")

    n = 1 << 28
    a = torch.rand(n, device=dev)
    b = torch.empty_like(a)
    t = timed(lambda: b.copy_(a), runs)
    row("copy", "2^28 f32", "torch copy_", t)
    print(f"# device-to-device copy: {2 * 4 * n / (t * 1e-6) / 1e9:.1f} GB/s")
    row("sum", "2^28 f32", "torch eager", timed(lambda: a.sum(), runs))
    a8 = a[:100_000_000]
    row("sum", "10^8 f32", "torch eager", timed(lambda: a8.sum(), runs))

    ints = torch.randint(-1000, 1000, (100_000_000,), device=dev, dtype=torch.int32)
    row("prefix_sum", "10^8 i32", "torch cumsum", timed(lambda: torch.cumsum(ints, 0, dtype=torch.int32), runs))

    def mmr(x):
        return ((x * x + 1) / 1).sum()

    row("map_map_reduce", "10^8 f32", "torch eager", timed(lambda: mmr(a8), runs))
    fused = compiled(mmr)
    if fused is not None:
        row("map_map_reduce", "10^8 f32", "torch.compile", timed(lambda: fused(a8), runs))

    for side in (4096, 16384):
        mat = torch.rand(side, side, device=dev)
        row("row_col_sums:rows", f"[{side}][{side}]f32", "torch sum(1)", timed(lambda: mat.sum(1), runs))
        row("row_col_sums:cols", f"[{side}][{side}]f32", "torch sum(0)", timed(lambda: mat.sum(0), runs))
        del mat

    by = torch.randint(0, 256, (100_000_000,), device=dev, dtype=torch.uint8)
    row("histogram", "10^8 u8", "torch bincount", timed(lambda: torch.bincount(by, minlength=256), runs))

    for side in (1024, 4096):
        x = torch.rand(side, side, device=dev)
        row("matmul", f"{side}^3 f32", "torch @ (cuBLAS)", timed(lambda: x @ x, runs))
        cx = cp.asarray(x)
        out = cp.empty_like(cx)
        kernel = cp.RawKernel(MATMUL, "matmul")
        grid = ((side + 15) // 16, (side + 15) // 16)
        row("matmul", f"{side}^3 f32", "CUDA naive kernel",
            timed(lambda: kernel(grid, (16, 16), (cx, cx, out, cp.int64(side))), runs))

    kernel = cp.RawKernel(NBODY, "accel")
    for bodies in (10_000, 50_000):
        xs = [cp.random.random(bodies, dtype=cp.float32) for _ in range(4)]
        acc = [cp.empty(bodies, dtype=cp.float32) for _ in range(3)]
        row("nbody", f"{bodies} bodies", "CUDA kernel",
            timed(lambda: launch(kernel, bodies, *xs, *acc, cp.int64(bodies)), runs))

    kernel = cp.RawKernel(MANDELBROT, "mandelbrot")
    side = 4096
    out = cp.empty(side * side, dtype=cp.int32)
    row("mandelbrot", "4096x4096, 255", "CUDA kernel",
        timed(lambda: launch(kernel, side * side, out, cp.int64(side), cp.int64(side), cp.int32(255)), runs))

    points = torch.rand(1_000_000, 16, device=dev)
    centres = torch.rand(16, 16, device=dev)

    def kmeans_step(p, c):
        owner = torch.cdist(p, c).argmin(1)
        sums = torch.zeros_like(c).index_add_(0, owner, p)
        counts = torch.bincount(owner, minlength=c.shape[0]).clamp(min=1).to(p.dtype)
        return sums / counts[:, None]

    row("kmeans", "10^6 x 16, k = 16", "torch eager", timed(lambda: kmeans_step(points, centres), runs))
    step = compiled(kmeans_step)
    if step is not None:
        row("kmeans", "10^6 x 16, k = 16", "torch.compile", timed(lambda: step(points, centres), runs))

    kernel = cp.RawKernel(HOTSPOT, "step")
    side = 4096
    temp = cp.random.random(side * side, dtype=cp.float32)
    power = cp.random.random(side * side, dtype=cp.float32)
    spare = cp.empty_like(temp)

    def hotspot():
        src, dst = temp, spare
        for _ in range(10):
            launch(kernel, side * side, src, power, dst, cp.int64(side), cp.int64(side))
            src, dst = dst, src

    row("hotspot", "4096^2, 10 steps", "CUDA kernel", timed(hotspot, runs))

    if opts.json:
        with open(opts.json, "w") as f:
            json.dump(rows, f, indent=1)


if __name__ == "__main__":
    main()
