// The VS Code test: installs the packaged extension (dist/runic-futhark.vsix) into code-server,
// opens a workspace with the fixture in headless Chromium driven by Playwright, and checks what
// a user sees: the status bar item, the uniqueness error and its explanation in the Problems
// panel, "Runic: Show IR…" with its stage picker opening the syntax view beside the source, the
// view following an edit, "Run entry point at cursor", the Run lens of
// editors/fixtures/run.fut clicked and answered, and the generated OpenCL kernel of an entry
// point shown beside its source. Screenshots go to test-artifacts/. Any missing
// piece (code-server, Chromium, the .vsix, the runic binary) is a failure, never a skip.
import { spawn, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as net from "node:net";
import * as os from "node:os";
import * as path from "node:path";
import { chromium } from "playwright-core";

const extensionDir = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
const repo = path.resolve(extensionDir, "..");
const runic = process.env.RUNIC ?? path.join(repo, "target/debug/runic");
const vsix = path.join(extensionDir, "dist/runic-futhark.vsix");
const codeServer = path.join(
  process.env.RUNIC_CODE_SERVER_DIR ?? path.join(extensionDir, ".code-server"),
  "node_modules/.bin/code-server",
);
const browserPath = process.env.CHROMIUM ?? "/usr/bin/chromium";
const artifacts = path.join(extensionDir, "test-artifacts");
const fixture = path.join(repo, "editors/fixtures/uniqueness.fut");
const runFixture = path.join(repo, "editors/fixtures/run.fut");

let failures = 0;
function check(name, condition, detail = "") {
  console.log(`${condition ? "ok  " : "FAIL"} ${name}${!condition && detail ? `: ${detail}` : ""}`);
  if (!condition) failures++;
  return condition;
}
function fatal(message) {
  console.error(`vscode test: ${message}`);
  process.exit(1);
}

for (const [what, file] of [
  ["the runic binary", runic],
  ["the packaged extension (npm run package)", vsix],
  ["code-server (scripts/install-code-server.sh)", codeServer],
  ["Chromium", browserPath],
  ["the fixture", fixture],
  ["the run fixture", runFixture],
]) {
  if (!fs.existsSync(file)) fatal(`${what} is missing: ${file}`);
}

/** The OpenCL device `runic run --backend auto --verbose` runs on; undefined without one. */
function autoDevice() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "runic-device-"));
  const program = path.join(dir, "one.fut");
  fs.writeFileSync(program, "entry main (x: i32) : i32 = x + 1\n");
  const run = spawnSync(runic, ["run", "--backend", "auto", "--verbose", program], { input: "1\n", encoding: "utf8" });
  fs.rmSync(dir, { recursive: true, force: true });
  if (run.stdout.trim() !== "2i32") fatal(`runic run --backend auto failed: ${run.stderr}`);
  const line = run.stderr.split("\n").find((l) => l.startsWith("runic: running on "));
  return line?.slice("runic: running on ".length);
}

async function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

async function waitFor(what, predicate, timeoutMs, intervalMs = 200) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await predicate()) return true;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

// A fresh home for code-server: user data, extensions, and the workspace.
const work = fs.mkdtempSync(path.join(os.tmpdir(), "runic-vscode-"));
const userData = path.join(work, "user-data");
const extensions = path.join(work, "extensions");
const workspace = path.join(work, "workspace");
fs.mkdirSync(path.join(userData, "User"), { recursive: true });
fs.mkdirSync(path.join(workspace, ".vscode"), { recursive: true });
fs.copyFileSync(fixture, path.join(workspace, "uniqueness.fut"));
fs.copyFileSync(runFixture, path.join(workspace, "run.fut"));
const userSettings = {
  "security.workspace.trust.enabled": false,
  "workbench.startupEditor": "none",
  "workbench.tips.enabled": false,
  "workbench.enableExperiments": false,
  "extensions.autoCheckUpdates": false,
  "extensions.autoUpdate": false,
  "telemetry.telemetryLevel": "off",
  "editor.minimap.enabled": false,
  "window.commandCenter": false,
  "workbench.colorTheme": "Default Light Modern",
  "editor.fontSize": 13,
};
fs.writeFileSync(path.join(userData, "User/settings.json"), JSON.stringify(userSettings, null, 2));
fs.writeFileSync(
  path.join(workspace, ".vscode/settings.json"),
  JSON.stringify({ "runic.server.path": runic, "runic.irView.debounceMs": 200 }, null, 2),
);
const env = {
  ...process.env,
  XDG_CONFIG_HOME: path.join(work, "config"),
  XDG_DATA_HOME: path.join(work, "data"),
  XDG_CACHE_HOME: path.join(work, "cache"),
};
const common = ["--user-data-dir", userData, "--extensions-dir", extensions];

// Install the .vsix the way a user would.
const install = spawnSync(codeServer, [...common, "--install-extension", vsix], { env, encoding: "utf8" });
check("code-server installs the .vsix", install.status === 0, `${install.stdout}${install.stderr}`);
const installed = fs.existsSync(extensions) ? fs.readdirSync(extensions) : [];
check("the extension is in the extensions folder", installed.some((name) => name.startsWith("runic.runic-futhark-")), installed.join(", "));

const port = await freePort();
const serverLog = fs.createWriteStream(path.join(work, "code-server.log"));
const server = spawn(
  codeServer,
  [
    ...common,
    "--auth", "none",
    "--bind-addr", `127.0.0.1:${port}`,
    "--disable-telemetry",
    "--disable-update-check",
    "--disable-workspace-trust",
    "--disable-getting-started-override",
    workspace,
  ],
  { env, stdio: ["ignore", "pipe", "pipe"], detached: true },
);
server.stdout.pipe(serverLog);
server.stderr.pipe(serverLog);
let browser;
fs.mkdirSync(artifacts, { recursive: true });
const started = Date.now();

async function shutdown(code) {
  try {
    await browser?.close();
  } catch {
    // already gone
  }
  try {
    process.kill(-server.pid, "SIGTERM");
  } catch {
    // already gone
  }
  if (code !== 0) {
    console.log(`--- code-server log (${path.join(work, "code-server.log")}) ---`);
    console.log(fs.readFileSync(path.join(work, "code-server.log"), "utf8").slice(-4000));
  } else {
    fs.rmSync(work, { recursive: true, force: true });
  }
  process.exit(code);
}

try {
  const up = await waitFor(
    "code-server",
    async () => (await fetch(`http://127.0.0.1:${port}/healthz`)).ok,
    60000,
  );
  if (!check("code-server answers", up)) await shutdown(1);

  browser = await chromium.launch({
    executablePath: browserPath,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  const page = await browser.newPage({ viewport: { width: 1500, height: 950 } });
  page.on("pageerror", (error) => console.log(`(page error: ${error.message})`));
  await page.goto(`http://127.0.0.1:${port}/?folder=${encodeURIComponent(workspace)}`);
  check(
    "the workbench loads",
    await waitFor("workbench", () => page.locator(".monaco-workbench .part.editor").isVisible(), 90000),
  );

  // Open the fixture from the explorer.
  const file = page.getByRole("treeitem", { name: /uniqueness\.fut/ });
  await file.waitFor({ timeout: 60000 });
  await file.click();
  check(
    "the fixture opens as Futhark",
    await waitFor("language", async () => (await page.locator(".statusbar-item", { hasText: "Futhark" }).count()) > 0, 30000),
  );

  // The extension starts the server: the status bar says so.
  const status = page.locator(".statusbar-item", { hasText: "Runic" });
  check(
    "the status bar shows the running server",
    await waitFor("status", async () => (await status.first().getAttribute("aria-label"))?.includes("Runic") && (await status.first().innerHTML()).includes("codicon-check"), 60000),
    await status.first().innerHTML().catch(() => "(no item)"),
  );
  // runic.backend is `auto` by default: the device `runic run --backend auto` picks, if any.
  const device = autoDevice() ?? "interpreter";
  check(
    `the status bar names what runs programs (the server's runicDevice: ${device})`,
    await waitFor("device", async () => (await status.first().innerText()).includes(device), 30000),
    await status.first().innerText().catch(() => "(no item)"),
  );

  // The TextMate grammar colours the source: `def` is a keyword token.
  const defToken = page.locator(".view-line span span", { hasText: /^def$/ }).first();
  const tokenClass = (await defToken.getAttribute("class").catch(() => "")) ?? "";
  const plainClass =
    (await page.locator(".view-line span span", { hasText: /^xs$/ }).first().getAttribute("class").catch(() => "")) ?? "";
  check("the grammar colours keywords apart from names", tokenClass !== "" && tokenClass !== plainClass, `${tokenClass} vs ${plainClass}`);

  // The uniqueness error and its explanation in the Problems panel.
  await page.keyboard.press("Control+Shift+M");
  const problems = page.locator(".markers-panel");
  const message = 'Consuming variable "xs", which is not consumable.';
  const related = '"xs" is not consumable: it is a parameter without a unique type ("*")';
  check(
    "the Problems panel shows the error",
    await waitFor("problem", async () => (await problems.innerText()).includes(message), 60000),
    await problems.innerText().catch(() => "(no panel)"),
  );
  check(
    "the Problems panel shows the related explanation",
    await waitFor("related", async () => (await problems.innerText()).includes(related), 10000),
    await problems.innerText().catch(() => "(no panel)"),
  );
  // VS Code shows relatedInformation itself, so the server sends no hint diagnostics for it: each
  // note once, and one problem in all.
  const panelText = await problems.innerText().catch(() => "");
  check("the explanation is shown once", panelText.split(related).length - 1 === 1, panelText);
  check("no note is a problem of its own", !panelText.includes("explains the error at"), panelText);
  await page.screenshot({ path: path.join(artifacts, "problems.png") });

  // Runic: Show IR… on the declaration of f (line 3), picking the syntax stage.
  await page.locator(".monaco-editor .view-lines").first().click();
  await page.keyboard.press("Control+G");
  await page.keyboard.type("3");
  await page.keyboard.press("Enter");
  await page.keyboard.press("F1");
  await page.keyboard.type("Runic: Show IR");
  const paletteEntry = page.locator(".quick-input-list .monaco-list-row", { hasText: "Runic: Show IR" });
  await paletteEntry.first().waitFor({ timeout: 10000 });
  await page.keyboard.press("Enter");
  const stageRow = page.locator(".quick-input-list .monaco-list-row", { hasText: "syntax" });
  check("the stage picker lists syntax", await waitFor("picker", () => stageRow.first().isVisible(), 10000));
  await page.screenshot({ path: path.join(artifacts, "stage-picker.png") });
  await stageRow.first().click();

  const viewTab = page.locator(".tab", { hasText: "[syntax: line 3]" });
  check("the IR view opens in a tab", await waitFor("tab", () => viewTab.first().isVisible(), 20000));
  const groups = page.locator(".editor-group-container");
  check("the view is beside the source", (await groups.count()) === 2, `${await groups.count()} editor groups`);
  const viewLines = groups.nth(1).locator(".view-lines");
  // Monaco renders spaces as no-break spaces.
  const viewEditor = { innerText: async () => (await viewLines.innerText()).replace(/\u00a0/g, " ") };
  check(
    "the view shows the syntax tree of f",
    await waitFor("ir text", async () => {
      const text = await viewEditor.innerText();
      return text.includes("VALUE_DECL") && text.includes('IDENT@154..155 "f"');
    }, 20000),
    await viewEditor.innerText().catch(() => "(no view)"),
  );
  // Typing into the view changes nothing; VS Code says the editor is read-only.
  await viewLines.click();
  await page.keyboard.type("zzz");
  const refused = await waitFor(
    "read-only",
    async () => (await page.locator(".monaco-editor-overlaymessage").innerText()).includes("read-only"),
    5000,
  );
  check("the view is read-only", refused && !(await viewEditor.innerText()).includes("zzz"));

  // An edit to the source: rename f; the view follows.
  const sourceEditor = groups.nth(0).locator(".view-lines");
  await sourceEditor.click();
  await page.keyboard.press("Control+G");
  await page.keyboard.type("3:5");
  await page.keyboard.press("Enter");
  await page.keyboard.type("renamed_");
  check(
    "the view follows the edit",
    await waitFor("refresh", async () => (await viewEditor.innerText()).includes('"renamed_f"'), 20000),
    await viewEditor.innerText().catch(() => "(no view)"),
  );
  await page.screenshot({ path: path.join(artifacts, "ir-view.png") });

  // Runic: Restart server: the status goes through starting back to running, and the new
  // server publishes the error again.
  await sourceEditor.click();
  await page.keyboard.press("F1");
  await page.keyboard.type("Runic: Restart server");
  await page.locator(".quick-input-list .monaco-list-row", { hasText: "Runic: Restart server" }).first().waitFor({ timeout: 10000 });
  await page.keyboard.press("Enter");
  const sawStarting = await waitFor("restart", async () => (await status.first().innerHTML()).includes("codicon-sync"), 10000, 20);
  const runningAgain = await waitFor("running again", async () => (await status.first().innerHTML()).includes("codicon-check"), 30000);
  check("Restart server restarts it", runningAgain, `saw starting: ${sawStarting}`);
  check(
    "the restarted server reports the error again",
    await waitFor("problem again", async () => (await problems.innerText()).includes(message), 30000),
  );

  // Runic: Run entry point at cursor, on main: the command of the Run lens goes to the server
  // and its answer (here the compile error that stops the run) is shown in the "Runic" output.
  await sourceEditor.click();
  await page.keyboard.press("Control+G");
  await page.keyboard.type("6");
  await page.keyboard.press("Enter");
  await page.keyboard.press("F1");
  await page.keyboard.type("Runic: Run entry point at cursor");
  await page.locator(".quick-input-list .monaco-list-row", { hasText: "Runic: Run entry point" }).first().waitFor({ timeout: 10000 });
  await page.keyboard.press("Enter");
  const outputView = page.locator(".part.panel .view-lines");
  const outputText = async () => (await outputView.first().innerText()).replace(/\u00a0/g, " ");
  check(
    "the run's answer is in the Runic output",
    await waitFor("run output", async () => /▶ main/.test(await outputText()), 30000),
    await outputText().catch(() => "(no output view)"),
  );
  check(
    "the answer is the compile error",
    await waitFor("compile error", async () => (await outputText()).includes("error: compile error: Consuming variable"), 10000),
    await outputText().catch(() => "(no output view)"),
  );
  await page.screenshot({ path: path.join(artifacts, "run.png") });

  // The Run lenses of run.fut: one per dataset of main, one for squares. Clicking main's
  // second dataset runs it; the result, verdict and timings appear in the output and after the
  // entry point's line.
  await page.keyboard.press("Control+P");
  await page.keyboard.type("run.fut");
  await page.locator(".quick-input-list .monaco-list-row", { hasText: "run.fut" }).first().waitFor({ timeout: 10000 });
  await page.keyboard.press("Enter");
  const lens = (title) => page.locator(".codelens-decoration a", { hasText: title });
  check(
    "the Run lenses show on the entry points",
    await waitFor("lenses", async () =>
      (await lens("▶ Run main (dataset #0)").count()) === 1 &&
      (await lens("▶ Run main (dataset #1)").count()) === 1 &&
      (await lens("▶ Run squares").count()) === 1, 60000),
    await page.locator(".codelens-decoration").allInnerTexts().then((t) => t.join(" | ")).catch(() => "(none)"),
  );
  await lens("▶ Run main (dataset #1)").first().click();
  check(
    "clicking the lens runs main on dataset #1",
    await waitFor("lens run", async () => /▶ main \(1\)[\s\S]*30i32/.test(await outputText()), 30000),
    await outputText().catch(() => "(no output view)"),
  );
  const answer = await outputText();
  check("the answer says it passed", answer.includes("passed: true"), answer);
  check("the answer has the timings", /timings: compile_ms: [\d.]+ ms, run_ms: [\d.]+ ms/.test(answer), answer);
  check(
    "the result shows after the entry point",
    await waitFor("inline", async () => (await page.locator(".view-lines").first().innerHTML()).includes("ced-"), 10000),
  );
  console.log(`     (the output says: ${answer.split("\n").slice(-8).join(" | ")})`);
  // The progress notification closes a moment after the answer.
  await waitFor("progress closed", async () => (await page.locator(".notification-toast", { hasText: "Running" }).count()) === 0, 5000);
  await page.screenshot({ path: path.join(artifacts, "run-lens.png") });

  // "Show generated kernel": Runic: Show IR… on squares (line 12), picking the opencl stage,
  // opens the OpenCL C of its kernels beside the source; the kernels close the text.
  await page.locator(".view-lines").first().click();
  await page.keyboard.press("Control+G");
  await page.keyboard.type("12");
  await page.keyboard.press("Enter");
  await page.keyboard.press("F1");
  await page.keyboard.type("Runic: Show IR");
  await page.locator(".quick-input-list .monaco-list-row", { hasText: "Runic: Show IR" }).first().waitFor({ timeout: 10000 });
  await page.keyboard.press("Enter");
  const openclRow = page.locator(".quick-input-list .monaco-list-row", { hasText: "OpenCL C" });
  check("the stage picker lists the OpenCL stage", await waitFor("opencl picker", () => openclRow.first().isVisible(), 10000));
  await openclRow.first().click();
  const kernelTab = page.locator(".tab", { hasText: "[opencl: line 12]" });
  check("the kernel view opens in a tab", await waitFor("kernel tab", () => kernelTab.first().isVisible(), 30000));
  const kernelLines = page.locator(".editor-group-container").nth(1).locator(".view-lines");
  const kernelText = async () => (await kernelLines.innerText()).replace(/\u00a0/g, " ");
  // Monaco renders only the lines in sight: go to the end, where the kernels are.
  await waitFor("kernel text", async () => (await kernelText()).includes("#pragma OPENCL"), 20000);
  await kernelLines.click();
  await page.keyboard.press("Control+End");
  check(
    "the view shows the generated kernel of squares",
    await waitFor("kernel", async () => /__kernel void segmap_\d+\(/.test(await kernelText()), 10000),
    await kernelText().catch(() => "(no view)"),
  );
  await page.screenshot({ path: path.join(artifacts, "kernel-view.png") });
  console.log(`(browser part took ${Math.round((Date.now() - started) / 1000)} s; screenshots in ${artifacts})`);
} catch (error) {
  check("the test ran without an exception", false, error?.stack ?? String(error));
  try {
    const pages = browser?.contexts()[0]?.pages() ?? [];
    if (pages[0]) await pages[0].screenshot({ path: path.join(artifacts, "failure.png") });
  } catch {
    // no page to show
  }
}
console.log(failures === 0 ? "vscode: all checks passed" : `vscode: ${failures} check(s) failed`);
await shutdown(failures === 0 ? 0 : 1);
