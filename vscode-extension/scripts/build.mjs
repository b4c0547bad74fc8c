// Builds the extension with esbuild: src/extension.ts into one file, dist/extension.js (the
// `vscode` module left to the editor). With --tests, also bundles each unit test of test/unit
// into out/test/, with `vscode` replaced by the test stub (test/unit/vscode-stub.ts).
// RUNIC_BUNDLE_SERVER=PATH copies that `runic` binary into server/, where the extension looks
// for a bundled server, so that the packaged .vsix carries it.
import * as esbuild from "esbuild";
import * as fs from "node:fs";
import * as path from "node:path";

const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));
const tests = process.argv.includes("--tests");

await esbuild.build({
  entryPoints: [path.join(root, "src/extension.ts")],
  outfile: path.join(root, "dist/extension.js"),
  bundle: true,
  platform: "node",
  format: "cjs",
  target: "node18",
  external: ["vscode"],
  sourcemap: true,
  minify: true,
  logLevel: "warning",
});

const bundled = process.env.RUNIC_BUNDLE_SERVER;
if (bundled) {
  fs.mkdirSync(path.join(root, "server"), { recursive: true });
  const target = path.join(root, "server", process.platform === "win32" ? "runic.exe" : "runic");
  fs.copyFileSync(bundled, target);
  fs.chmodSync(target, 0o755);
}

if (tests) {
  const dir = path.join(root, "test/unit");
  const entryPoints = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".test.ts"))
    .map((name) => path.join(dir, name));
  fs.rmSync(path.join(root, "out/test"), { recursive: true, force: true });
  await esbuild.build({
    entryPoints,
    outdir: path.join(root, "out/test"),
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node18",
    alias: { vscode: path.join(dir, "vscode-stub.ts") },
    logLevel: "warning",
  });
}
