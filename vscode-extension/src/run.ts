// The client side of the "Run" code lens: the server puts lenses with the command `runic.run` on
// entry points; running one goes through `workspace/executeCommand`. This shows a cancellable
// progress notification while it runs, writes the answer to the "Runic" output channel, and
// shows a short summary after the entry point's line until the document changes.

import * as vscode from "vscode";
import { formatRun, RunArguments, runArguments } from "./runResult";

export const RUN_COMMAND = "runic.run";

/** Sends `workspace/executeCommand` for `runic.run`; rejects when no server runs. */
export type Executor = (args: unknown[], token: vscode.CancellationToken) => Promise<unknown>;

export class RunPresenter implements vscode.Disposable {
  private readonly decoration = vscode.window.createTextEditorDecorationType({
    after: { margin: "0 0 0 2em", color: new vscode.ThemeColor("editorCodeLens.foreground") },
  });
  private readonly inline = new Map<string, vscode.DecorationOptions[]>();
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(private readonly output: vscode.OutputChannel) {
    this.subscriptions.push(
      vscode.workspace.onDidChangeTextDocument((event) => this.clear(event.document.uri)),
      vscode.window.onDidChangeVisibleTextEditors(() => this.redraw()),
    );
  }

  /** Runs an entry point through `execute`, with progress, output and the inline summary. */
  async run(args: unknown[], execute: Executor): Promise<unknown> {
    const target = runArguments(args);
    const title = target ? `Running ${target.entry}…` : "Running…";
    return vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title, cancellable: true },
      async (_progress, token) => {
        const started = Date.now();
        try {
          const answer = await execute(args, token);
          this.report(target, answer, Date.now() - started);
          return answer;
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          this.output.appendLine(`▶ ${target?.entry ?? "run"}: failed: ${message}`);
          this.output.show(true);
          if (target) this.show(target, `✗ ${message}`);
          void vscode.window.showErrorMessage(`Runic: run failed: ${message}`);
          return undefined;
        }
      },
    );
  }

  private report(target: RunArguments | undefined, answer: unknown, elapsedMs: number): void {
    const formatted = formatRun(target?.entry ?? "run", target?.dataset, answer);
    for (const line of formatted.lines) this.output.appendLine(line);
    this.output.appendLine(`(${elapsedMs} ms in all)`);
    this.output.show(true);
    if (target) this.show(target, `${formatted.failed ? "✗" : "⇒"} ${formatted.summary}`);
  }

  /** Puts `text` after the line of `entry`'s definition. */
  private show(target: RunArguments, text: string): void {
    const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === target.uri);
    if (document === undefined) return;
    const pattern = new RegExp(`^\\s*entry\\s+${target.entry.replace(/[^\w']/g, "\\$&")}\\b`);
    let line = 0;
    for (let i = 0; i < document.lineCount; i++) {
      if (pattern.test(document.lineAt(i).text)) {
        line = i;
        break;
      }
    }
    const end = document.lineAt(line).range.end;
    const options = this.inline.get(target.uri) ?? [];
    const kept = options.filter((option) => option.range.start.line !== line);
    kept.push({ range: new vscode.Range(end, end), renderOptions: { after: { contentText: text } } });
    this.inline.set(target.uri, kept);
    this.redraw();
  }

  private clear(uri: vscode.Uri): void {
    if (this.inline.delete(uri.toString())) this.redraw();
  }

  private redraw(): void {
    for (const editor of vscode.window.visibleTextEditors) {
      editor.setDecorations(this.decoration, this.inline.get(editor.document.uri.toString()) ?? []);
    }
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
    this.decoration.dispose();
  }
}
