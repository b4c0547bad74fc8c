// Settings resolution, free of the `vscode` module so that it can be unit-tested in Node: which
// `runic` binary to start (the `runic.server.path` setting, else the binary bundled in the
// extension, else `runic` on PATH), the server's environment and its initialization options.

import * as path from "node:path";

/** The settings of the `runic` section that this module reads. */
export interface RunicSettings {
  serverPath: string;
  extraEnv: Record<string, string>;
  backend: string;
  device: string;
}

/** What the resolution needs of the outside world (the file system, the environment). */
export interface Environment {
  /** The extension's own folder (where a bundled server would be). */
  extensionPath: string;
  /** The first workspace folder, for `${workspaceFolder}` in the path setting. */
  workspaceFolder?: string;
  home: string;
  platform: NodeJS.Platform;
  /** The PATH variable. */
  pathVariable: string;
  isExecutable(file: string): boolean;
}

export type ServerSource = "settings" | "bundled" | "path";

export interface ResolvedServer {
  command: string;
  source: ServerSource;
}

export const BACKENDS = ["auto", "interp", "opencl"] as const;

export function executableName(platform: NodeJS.Platform): string {
  return platform === "win32" ? "runic.exe" : "runic";
}

/** Where the packaging step puts a bundled server binary. */
export function bundledServerPath(env: Environment): string {
  return path.join(env.extensionPath, "server", executableName(env.platform));
}

/** Expands `~` and `${workspaceFolder}` in a path from the settings. */
export function expandPath(raw: string, env: Environment): string {
  let expanded = raw.trim();
  if (expanded === "~" || expanded.startsWith("~/")) {
    expanded = path.join(env.home, expanded.slice(1));
  }
  if (expanded.includes("${workspaceFolder}")) {
    if (env.workspaceFolder === undefined) {
      throw new Error(`runic.server.path uses \${workspaceFolder} but no folder is open: ${raw}`);
    }
    expanded = expanded.split("${workspaceFolder}").join(env.workspaceFolder);
  }
  return expanded;
}

/** Finds `name` in the directories of PATH; undefined when it is in none. */
export function searchPath(name: string, env: Environment): string | undefined {
  const separator = env.platform === "win32" ? ";" : ":";
  for (const dir of env.pathVariable.split(separator)) {
    if (dir === "") continue;
    const candidate = path.join(dir, name);
    if (env.isExecutable(candidate)) return candidate;
  }
  return undefined;
}

/**
 * The server to start. A path set in the settings wins and must exist (a typo should not
 * silently start another binary); then the bundled binary; then PATH.
 */
export function resolveServer(settings: RunicSettings, env: Environment): ResolvedServer {
  if (settings.serverPath.trim() !== "") {
    const configured = expandPath(settings.serverPath, env);
    if (configured.includes(path.sep) || configured.includes("/")) {
      const absolute = path.isAbsolute(configured)
        ? configured
        : path.resolve(env.workspaceFolder ?? env.home, configured);
      if (!env.isExecutable(absolute)) {
        throw new Error(`runic.server.path is ${settings.serverPath}, which is not an executable file`);
      }
      return { command: absolute, source: "settings" };
    }
    // A bare name: look it up on PATH.
    const found = searchPath(configured, env);
    if (found === undefined) {
      throw new Error(`runic.server.path is ${settings.serverPath}, which is not on PATH`);
    }
    return { command: found, source: "settings" };
  }
  const bundled = bundledServerPath(env);
  if (env.isExecutable(bundled)) return { command: bundled, source: "bundled" };
  const onPath = searchPath(executableName(env.platform), env);
  if (onPath !== undefined) return { command: onPath, source: "path" };
  throw new Error(
    "cannot find the runic server: set runic.server.path, or put `runic` on PATH " +
      "(build it with `cargo build --release` and add target/release to PATH)",
  );
}

/** Reads the settings from a getter shaped like `WorkspaceConfiguration.get`, with defaults. */
export function readSettings(get: <T>(key: string) => T | undefined): RunicSettings {
  const backend = get<string>("backend") ?? "auto";
  const extraEnv = get<Record<string, unknown>>("server.extraEnv") ?? {};
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(extraEnv)) {
    if (typeof value === "string") env[key] = value;
  }
  return {
    serverPath: get<string>("server.path") ?? "",
    extraEnv: env,
    backend: (BACKENDS as readonly string[]).includes(backend) ? backend : "auto",
    device: get<string>("device") ?? "",
  };
}

/** The options sent in `initialize` (`initializationOptions`): how runs should execute. */
export function initializationOptions(settings: RunicSettings): { backend: string; device?: string } {
  const options: { backend: string; device?: string } = { backend: settings.backend };
  if (settings.device.trim() !== "") options.device = settings.device.trim();
  return options;
}

/** The server's environment: the editor's, plus the extra variables of the settings. */
export function serverEnvironment(
  base: NodeJS.ProcessEnv,
  settings: RunicSettings,
): NodeJS.ProcessEnv {
  return { ...base, ...settings.extraEnv };
}
