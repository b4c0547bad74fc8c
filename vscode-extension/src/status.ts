// The status bar item: the server's state (starting, running, stopped, failed) and, once the
// server reports one, the OpenCL device it runs on. A server reports its device either in its
// `initialize` result (`capabilities.experimental.runicDevice`) or later with the notification
// `runic/status` `{device?, message?}`. Clicking the item opens the "Runic" output.

import * as vscode from "vscode";

export type ServerState = "starting" | "running" | "stopped" | "failed";

/** The device a server announced in its capabilities, if any. */
export function announcedDevice(capabilities: unknown): string | undefined {
  const experimental = (capabilities as { experimental?: { runicDevice?: unknown } } | undefined)
    ?.experimental;
  const device = experimental?.runicDevice;
  return typeof device === "string" && device !== "" ? device : undefined;
}

export class StatusItem implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem(vscode.StatusBarAlignment.Left, 10);
  private state: ServerState = "stopped";
  private device: string | undefined;
  private detail = "";

  constructor() {
    this.item.name = "Runic";
    this.item.command = "runic.showOutput";
    this.render();
    this.item.show();
  }

  setState(state: ServerState, detail = ""): void {
    this.state = state;
    this.detail = detail;
    if (state !== "running") this.device = undefined;
    this.render();
  }

  setDevice(device: string | undefined): void {
    this.device = device;
    this.render();
  }

  /** The item's text, for tests. */
  get text(): string {
    return this.item.text;
  }

  private render(): void {
    const icon = {
      starting: "$(sync~spin)",
      running: "$(check)",
      stopped: "$(circle-slash)",
      failed: "$(error)",
    }[this.state];
    this.item.text = `${icon} Runic${this.device ? `: ${this.device}` : ""}`;
    const lines = [`Runic server: ${this.state}`];
    if (this.device) lines.push(`OpenCL device: ${this.device}`);
    if (this.detail) lines.push(this.detail);
    this.item.tooltip = lines.join("\n");
    this.item.backgroundColor =
      this.state === "failed" ? new vscode.ThemeColor("statusBarItem.errorBackground") : undefined;
  }

  dispose(): void {
    this.item.dispose();
  }
}
