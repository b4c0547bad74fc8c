// Unit tests of settings resolution: which server binary is started, the settings' defaults.
import { test } from "node:test";
import * as assert from "node:assert/strict";
import {
  Environment,
  initializationOptions,
  readSettings,
  resolveServer,
  RunicSettings,
} from "../../src/settings";

function env(executables: string[], extra: Partial<Environment> = {}): Environment {
  return {
    extensionPath: "/ext",
    workspaceFolder: "/ws",
    home: "/home/u",
    platform: "linux",
    pathVariable: "/usr/local/bin:/usr/bin",
    isExecutable: (file) => executables.includes(file),
    ...extra,
  };
}

const defaults: RunicSettings = { serverPath: "", extraEnv: {}, backend: "auto", device: "" };

test("the path setting wins over the bundled binary and PATH", () => {
  const found = resolveServer(
    { ...defaults, serverPath: "/opt/runic/bin/runic" },
    env(["/opt/runic/bin/runic", "/ext/server/runic", "/usr/bin/runic"]),
  );
  assert.deepEqual(found, { command: "/opt/runic/bin/runic", source: "settings" });
});

test("the path setting expands ~ and ${workspaceFolder}, and resolves relative paths", () => {
  const e = env(["/home/u/bin/runic", "/ws/target/debug/runic"]);
  assert.equal(resolveServer({ ...defaults, serverPath: "~/bin/runic" }, e).command, "/home/u/bin/runic");
  assert.equal(
    resolveServer({ ...defaults, serverPath: "${workspaceFolder}/target/debug/runic" }, e).command,
    "/ws/target/debug/runic",
  );
  assert.equal(resolveServer({ ...defaults, serverPath: "target/debug/runic" }, e).command, "/ws/target/debug/runic");
});

test("a path setting that names no executable is an error, not a fallback", () => {
  assert.throws(
    () => resolveServer({ ...defaults, serverPath: "/nowhere/runic" }, env(["/usr/bin/runic"])),
    /not an executable file/,
  );
});

test("a bare name in the path setting is looked up on PATH", () => {
  const found = resolveServer({ ...defaults, serverPath: "runic-dev" }, env(["/usr/bin/runic-dev"]));
  assert.deepEqual(found, { command: "/usr/bin/runic-dev", source: "settings" });
  assert.throws(() => resolveServer({ ...defaults, serverPath: "runic-dev" }, env([])), /not on PATH/);
});

test("the bundled binary comes before PATH", () => {
  const found = resolveServer(defaults, env(["/ext/server/runic", "/usr/bin/runic"]));
  assert.deepEqual(found, { command: "/ext/server/runic", source: "bundled" });
});

test("PATH is searched in order", () => {
  const found = resolveServer(defaults, env(["/usr/bin/runic", "/usr/local/bin/runic"]));
  assert.deepEqual(found, { command: "/usr/local/bin/runic", source: "path" });
});

test("no server anywhere is an error that says how to get one", () => {
  assert.throws(() => resolveServer(defaults, env([])), /runic\.server\.path/);
});

test("Windows looks for runic.exe with ; as the PATH separator", () => {
  const found = resolveServer(
    defaults,
    env(["C:\\tools/runic.exe"], { platform: "win32", pathVariable: "C:\\nothing;C:\\tools" }),
  );
  assert.equal(found.source, "path");
  assert.match(found.command, /runic\.exe$/);
});

test("readSettings fills in defaults and drops bad values", () => {
  const values: Record<string, unknown> = {
    backend: "cuda",
    "server.extraEnv": { RUST_LOG: "debug", BAD: 3 },
  };
  const settings = readSettings((key) => values[key] as never);
  assert.deepEqual(settings, {
    serverPath: "",
    extraEnv: { RUST_LOG: "debug" },
    backend: "auto",
    device: "",
  });
});

test("initialization options carry the backend and the device when one is set", () => {
  assert.deepEqual(initializationOptions(defaults), { backend: "auto" });
  assert.deepEqual(initializationOptions({ ...defaults, backend: "opencl", device: " A100 " }), {
    backend: "opencl",
    device: "A100",
  });
});
