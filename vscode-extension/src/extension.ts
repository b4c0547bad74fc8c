// The extension's entry point: starts `runic lsp` through vscode-languageclient for `.fut` files,
// and wires the commands ("Runic: Show IR…", "Runic: Restart server", the Run lens's
// `runic.run`), the IR views' `runic-ir:` provider and the status bar item together.

import * as fs from "node:fs";
import * as os from "node:os";
import * as vscode from "vscode";
import {
  ExecuteCommandRequest,
  LanguageClient,
  LanguageClientOptions,
  ServerOptions,
  State,
} from "vscode-languageclient/node";
import { IrViewProvider } from "./irView";
import { encodeIrUri, SCHEME } from "./irUri";
import { RUN_COMMAND, RunPresenter } from "./run";
import { entryAtOrAbove } from "./runResult";
import {
  Environment,
  initializationOptions,
  readSettings,
  resolveServer,
  serverEnvironment,
} from "./settings";
import { announcedStages, stageItems } from "./stages";
import { announcedDevice, StatusItem } from "./status";

let client: LanguageClient | undefined;
let output: vscode.OutputChannel;
let traceOutput: vscode.OutputChannel;
let status: StatusItem;
let runFallback: vscode.Disposable | undefined;
let presenter: RunPresenter;
let lastStage: string | undefined;

function environment(context: vscode.ExtensionContext): Environment {
  return {
    extensionPath: context.extensionPath,
    workspaceFolder: vscode.workspace.workspaceFolders?.[0]?.uri.fsPath,
    home: os.homedir(),
    platform: process.platform,
    pathVariable: process.env.PATH ?? "",
    isExecutable(file: string): boolean {
      try {
        fs.accessSync(file, fs.constants.X_OK);
        return fs.statSync(file).isFile();
      } catch {
        return false;
      }
    },
  };
}

/** Sends `runic.run` to the server through `workspace/executeCommand`. */
function executeRun(args: unknown[], token: vscode.CancellationToken): Promise<unknown> {
  if (client === undefined || !client.isRunning()) {
    return Promise.reject(new Error("the Runic server is not running"));
  }
  return client.sendRequest(ExecuteCommandRequest.type, { command: RUN_COMMAND, arguments: args }, token);
}

async function startClient(context: vscode.ExtensionContext): Promise<void> {
  const settings = readSettings((key) => vscode.workspace.getConfiguration("runic").get(key));
  let command: string;
  try {
    const server = resolveServer(settings, environment(context));
    command = server.command;
    output.appendLine(`Starting ${command} lsp (found through ${server.source}).`);
  } catch (error) {
    const message = (error as Error).message;
    output.appendLine(message);
    status.setState("failed", message);
    void vscode.window.showErrorMessage(`Runic: ${message}`);
    return;
  }
  const serverOptions: ServerOptions = {
    command,
    args: ["lsp"],
    options: { env: serverEnvironment(process.env, settings) },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [{ language: "futhark" }],
    outputChannel: output,
    traceOutputChannel: traceOutput,
    initializationOptions: initializationOptions(settings),
    middleware: {
      // The server's own `runic.run` (registered by the client when the server announces it in
      // `executeCommandProvider`) goes through the presenter for progress and results.
      executeCommand: (name, args, next) =>
        name === RUN_COMMAND ? presenter.run(args, (a) => Promise.resolve(next(name, a))) : next(name, args),
    },
  };
  client = new LanguageClient("runic", "Runic", serverOptions, clientOptions);
  client.onDidChangeState((event) => {
    if (event.newState === State.Starting) status.setState("starting");
    else if (event.newState === State.Running) status.setState("running");
    else status.setState("stopped");
  });
  client.onNotification("runic/status", (params: { device?: string; message?: string }) => {
    if (typeof params?.device === "string") status.setDevice(params.device);
    if (typeof params?.message === "string") output.appendLine(params.message);
  });
  status.setState("starting");
  try {
    await client.start();
  } catch (error) {
    status.setState("failed", (error as Error).message);
    output.appendLine(`The server failed to start: ${(error as Error).message}`);
    return;
  }
  const capabilities = client.initializeResult?.capabilities;
  status.setDevice(announcedDevice(capabilities));
  // A server without `runic.run` in `executeCommandProvider` gets no client-side command from
  // vscode-languageclient; register one so that a lens still reaches the server.
  runFallback?.dispose();
  runFallback = undefined;
  if (!capabilities?.executeCommandProvider?.commands.includes(RUN_COMMAND)) {
    runFallback = vscode.commands.registerCommand(RUN_COMMAND, (...args: unknown[]) =>
      presenter.run(args, executeRun),
    );
  }
  output.appendLine(`The server shows the stages: ${announcedStages(capabilities).join(", ") || "(none)"}.`);
}

async function stopClient(): Promise<void> {
  const running = client;
  client = undefined;
  runFallback?.dispose();
  runFallback = undefined;
  if (running !== undefined) {
    try {
      await running.stop();
    } catch (error) {
      output.appendLine(`Stopping the server: ${(error as Error).message}`);
    }
  }
}

async function showIr(provider: IrViewProvider, stageArgument?: string): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  if (editor === undefined || editor.document.languageId !== "futhark") {
    void vscode.window.showErrorMessage("Runic: open a Futhark (.fut) file to see its IR.");
    return;
  }
  const stages = announcedStages(client?.initializeResult?.capabilities);
  if (stages.length === 0) {
    void vscode.window.showErrorMessage("Runic: the server announced no IR stages (is it running?).");
    return;
  }
  let stage = stageArgument;
  if (stage === undefined) {
    const picked = await vscode.window.showQuickPick(stageItems(stages, lastStage), {
      title: "Runic: Show IR",
      placeHolder: "Stage to show",
    });
    if (picked === undefined) return;
    stage = picked.label;
  }
  if (!stages.includes(stage)) {
    void vscode.window.showErrorMessage(`Runic: the server has no stage ${stage} (it has ${stages.join(", ")}).`);
    return;
  }
  lastStage = stage;
  const position = editor.selection.active;
  const parts = encodeIrUri({
    source: editor.document.uri.toString(),
    stage,
    position: { line: position.line, character: position.character },
  });
  const document = await vscode.workspace.openTextDocument(vscode.Uri.from(parts));
  await vscode.window.showTextDocument(document, {
    viewColumn: vscode.ViewColumn.Beside,
    preview: false,
    preserveFocus: true,
  });
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  output = vscode.window.createOutputChannel("Runic");
  traceOutput = vscode.window.createOutputChannel("Runic trace");
  status = new StatusItem();
  presenter = new RunPresenter(output);
  const provider = new IrViewProvider(
    (method, params, token) =>
      client?.isRunning() ? client.sendRequest(method, params, token) : undefined,
    () => vscode.workspace.getConfiguration("runic").get<number>("irView.debounceMs") ?? 300,
  );
  context.subscriptions.push(
    output,
    traceOutput,
    status,
    presenter,
    provider,
    vscode.workspace.registerTextDocumentContentProvider(SCHEME, provider),
    vscode.commands.registerCommand("runic.showIr", (stage?: string) => showIr(provider, stage)),
    vscode.commands.registerCommand("runic.showOutput", () => output.show()),
    vscode.commands.registerCommand("runic.runEntryAtCursor", () => {
      const editor = vscode.window.activeTextEditor;
      if (editor === undefined || editor.document.languageId !== "futhark") return;
      const lines = editor.document.getText().split(/\r?\n/);
      const entry = entryAtOrAbove(lines, editor.selection.active.line);
      if (entry === undefined) {
        void vscode.window.showErrorMessage("Runic: no entry point at or above the cursor.");
        return;
      }
      // The same command as the Run lens, so that it takes the same path.
      return vscode.commands.executeCommand(RUN_COMMAND, { uri: editor.document.uri.toString(), entry });
    }),
    vscode.commands.registerCommand("runic.restartServer", async () => {
      output.appendLine("Restarting the server.");
      await stopClient();
      await startClient(context);
      provider.refreshAll();
    }),
    vscode.workspace.onDidChangeConfiguration(async (event) => {
      if (event.affectsConfiguration("runic.server") || event.affectsConfiguration("runic.backend") || event.affectsConfiguration("runic.device")) {
        const answer = await vscode.window.showInformationMessage(
          "Runic: the server settings changed.",
          "Restart server",
        );
        if (answer !== undefined) await vscode.commands.executeCommand("runic.restartServer");
      }
    }),
    { dispose: () => void stopClient() },
  );
  await startClient(context);
}

export function deactivate(): Promise<void> {
  return stopClient();
}
