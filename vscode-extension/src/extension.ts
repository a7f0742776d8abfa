// A thin client: starts `cyclecheck server` and lets vscode-languageclient do the rest. The one feature of
// its own is drawing the cycle of the finding under the cursor with `cyclecheck graph`.
import { execFile } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import * as vscode from "vscode";
import { LanguageClient, LanguageClientOptions, ServerOptions } from "vscode-languageclient/node";

let client: LanguageClient | undefined;

function settings(): vscode.WorkspaceConfiguration {
  return vscode.workspace.getConfiguration("cyclecheck");
}

// The first configured path that exists, else `cyclecheck` on PATH.
function executable(): string {
  for (const candidate of settings().get<string[]>("path", [])) {
    const resolved = candidate.replace(/^~(?=$|\/)/, os.homedir());
    if (fs.existsSync(resolved)) return resolved;
  }
  return "cyclecheck";
}

// What the server reads as workspace configuration: the keys of [tool.cyclecheck] plus `run`.
function serverSettings(): Record<string, unknown> {
  const config = settings();
  return {
    select: config.get<string[]>("select", []),
    ignore: config.get<string[]>("ignore", []),
    showPossible: config.get<boolean>("showPossible", false),
    run: config.get<string>("run", "onType"),
  };
}

async function start(context: vscode.ExtensionContext): Promise<void> {
  if (!settings().get<boolean>("enable", true)) return;
  const serverOptions: ServerOptions = {
    command: executable(),
    args: ["server", ...settings().get<string[]>("args", [])],
    options: { cwd: vscode.workspace.workspaceFolders?.[0]?.uri.fsPath },
  };
  const onType = settings().get<string>("run", "onType") === "onType";
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: "file", language: "python" },
      { scheme: "untitled", language: "python" },
    ],
    initializationOptions: { settings: serverSettings() },
    synchronize: { configurationSection: "cyclecheck" },
    diagnosticPullOptions: { onChange: onType, onSave: true },
  };
  client = new LanguageClient("cyclecheck", "cyclecheck", serverOptions, clientOptions);
  context.subscriptions.push(client);
  try {
    await client.start();
  } catch (error) {
    void vscode.window.showErrorMessage(
      `cyclecheck: cannot start "${executable()} server" (${String(error)}). Set cyclecheck.path to the executable.`,
    );
  }
}

async function restart(context: vscode.ExtensionContext): Promise<void> {
  if (client) {
    const stopping = client;
    client = undefined;
    await stopping.stop().catch(() => undefined);
  }
  await start(context);
}

function run(command: string, args: string[], cwd: string | undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { cwd, maxBuffer: 64 << 20 }, (error, stdout, stderr) => {
      // `check` exits 1 when it finds something: that is a result, not a failure.
      if (error && typeof error.code === "number" && error.code > 1) reject(new Error(stderr || error.message));
      else if (error && typeof error.code !== "number") reject(error);
      else resolve(stdout);
    });
  });
}

interface JsonFinding {
  code: string;
  fingerprint: string;
  location: { row: number };
}

// Draws the cycle of the cyclecheck finding under the cursor and opens the SVG.
async function showGraph(): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  if (!editor || editor.document.uri.scheme !== "file") {
    void vscode.window.showInformationMessage("cyclecheck: open a saved Python file first.");
    return;
  }
  const document = editor.document;
  const cursor = editor.selection.active;
  const diagnostic = vscode.languages
    .getDiagnostics(document.uri)
    .find((item) => item.source === "cyclecheck" && item.range.contains(cursor));
  if (!diagnostic) {
    void vscode.window.showInformationMessage("cyclecheck: no finding under the cursor.");
    return;
  }
  if (document.isDirty) await document.save();
  const file = document.uri.fsPath;
  const cwd = vscode.workspace.getWorkspaceFolder(document.uri)?.uri.fsPath ?? path.dirname(file);
  const fingerprint = (diagnostic as { data?: { fingerprint?: string } }).data?.fingerprint;
  const code = typeof diagnostic.code === "object" ? String(diagnostic.code.value) : String(diagnostic.code);
  try {
    const findings = JSON.parse(
      await run(executable(), ["check", file, "--output-format", "json", "--exit-zero"], cwd),
    ) as JsonFinding[];
    let index = findings.findIndex((finding) => fingerprint !== undefined && finding.fingerprint === fingerprint);
    if (index < 0) {
      index = findings.findIndex(
        (finding) => finding.code === code && finding.location.row === diagnostic.range.start.line + 1,
      );
    }
    if (index < 0) {
      void vscode.window.showWarningMessage("cyclecheck: the saved file no longer has this finding.");
      return;
    }
    const output = path.join(os.tmpdir(), `cyclecheck-${findings[index].fingerprint || index}.svg`);
    await run(executable(), ["graph", file, "--finding", String(index + 1), "-o", output], cwd);
    await vscode.commands.executeCommand("vscode.open", vscode.Uri.file(output), vscode.ViewColumn.Beside);
  } catch (error) {
    void vscode.window.showErrorMessage(`cyclecheck graph failed: ${String(error)}`);
  }
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  context.subscriptions.push(
    vscode.commands.registerCommand("cyclecheck.showGraph", showGraph),
    vscode.commands.registerCommand("cyclecheck.restart", () => restart(context)),
    vscode.workspace.onDidChangeConfiguration((event) => {
      // Settings the server reads arrive through didChangeConfiguration; these need a new process.
      for (const key of ["enable", "path", "args", "run"]) {
        if (event.affectsConfiguration(`cyclecheck.${key}`)) return void restart(context);
      }
    }),
  );
  await start(context);
}

export async function deactivate(): Promise<void> {
  if (client) await client.stop();
}
