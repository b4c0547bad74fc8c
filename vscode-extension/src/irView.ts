// The IR views: a `TextDocumentContentProvider` for `runic-ir:` documents that asks the server
// (`runic/viewIr`) for their text, sets each view's language from the response (C for OpenCL),
// and refreshes the open views of a source file shortly after it is edited (debounced).

import * as vscode from "vscode";
import { decodeIrQuery, IrTarget, SCHEME, viewIrParams } from "./irUri";
import { editorLanguage } from "./stages";

export const VIEW_IR = "runic/viewIr";

export interface ViewIrResult {
  text: string;
  language: string;
}

/** Sends a request to the server; undefined while no server runs. */
export type Requester = (
  method: string,
  params: unknown,
  token: vscode.CancellationToken,
) => Promise<unknown> | undefined;

export class IrViewProvider implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  /** Languages of the last responses, by view URI, applied once the document is open. */
  private readonly languages = new Map<string, string>();
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(
    private readonly request: Requester,
    private readonly debounceMs: () => number,
  ) {
    this.subscriptions.push(
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (event.document.languageId === "futhark") this.sourceChanged(event.document.uri);
      }),
      vscode.workspace.onDidOpenTextDocument((document) => void this.applyLanguage(document)),
    );
  }

  async provideTextDocumentContent(
    uri: vscode.Uri,
    token: vscode.CancellationToken,
  ): Promise<string> {
    let target: IrTarget;
    try {
      target = decodeIrQuery(uri.query);
    } catch (error) {
      return `-- ${(error as Error).message}\n`;
    }
    const pending = this.request(VIEW_IR, viewIrParams(target), token);
    if (pending === undefined) {
      return "-- The Runic server is not running (see the 'Runic' output).\n";
    }
    try {
      const result = (await pending) as ViewIrResult;
      if (typeof result?.text !== "string") {
        return `-- The server's answer to ${VIEW_IR} has no text.\n`;
      }
      this.languages.set(uri.toString(), editorLanguage(result.language));
      const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
      if (open !== undefined) void this.applyLanguage(open);
      return result.text;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return `-- The server could not show stage ${target.stage}: ${message}\n`;
    }
  }

  /** The URIs of the open views whose source is `source`. */
  openViewsOf(source: vscode.Uri): vscode.Uri[] {
    const key = source.toString();
    return vscode.workspace.textDocuments
      .map((document) => document.uri)
      .filter((uri) => {
        if (uri.scheme !== SCHEME) return false;
        try {
          return decodeIrQuery(uri.query).source === key;
        } catch {
          return false;
        }
      });
  }

  /** Refreshes every open view (after a restart of the server). */
  refreshAll(): void {
    for (const document of vscode.workspace.textDocuments) {
      if (document.uri.scheme === SCHEME) this.changed.fire(document.uri);
    }
  }

  private sourceChanged(source: vscode.Uri): void {
    if (source.scheme === SCHEME) return;
    const key = source.toString();
    const previous = this.timers.get(key);
    if (previous !== undefined) clearTimeout(previous);
    this.timers.set(
      key,
      setTimeout(() => {
        this.timers.delete(key);
        for (const view of this.openViewsOf(source)) this.changed.fire(view);
      }, this.debounceMs()),
    );
  }

  private async applyLanguage(document: vscode.TextDocument): Promise<void> {
    if (document.uri.scheme !== SCHEME) return;
    const language = this.languages.get(document.uri.toString());
    if (language !== undefined && document.languageId !== language) {
      await vscode.languages.setTextDocumentLanguage(document, language);
    }
  }

  dispose(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    for (const subscription of this.subscriptions) subscription.dispose();
    this.changed.dispose();
  }
}
