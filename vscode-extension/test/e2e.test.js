// End-to-end: a Node LSP client (vscode-jsonrpc, the transport vscode-languageclient uses) drives the real
// `cyclecheck server` through open, diagnostics, code action, an edit that fixes the cycle, and shutdown.
// Run with `node --test test/`; CYCLECHECK_BIN names the built executable.
"use strict";
const assert = require("node:assert/strict");
const { spawn } = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { test } = require("node:test");
const { pathToFileURL } = require("node:url");
const rpc = require("vscode-jsonrpc/node");
const { InitializeRequest, DidOpenTextDocumentNotification, DidChangeTextDocumentNotification,
  PublishDiagnosticsNotification, CodeActionRequest, DocumentDiagnosticRequest, ShutdownRequest,
  ExitNotification } = require("vscode-languageserver-protocol");

const binary = process.env.CYCLECHECK_BIN;

const CYCLE = [
  "class Trainer:",
  "    def __init__(self):",
  "        self.cb = self.on_step",
  "",
  "    def on_step(self):",
  "        pass",
  "",
  "",
  "def main():",
  "    Trainer()",
  "",
].join("\n");

// Starts the server in a fresh workspace directory and connects to it.
function startServer() {
  const workspace = fs.mkdtempSync(path.join(os.tmpdir(), "cyclecheck-e2e-"));
  const child = spawn(binary, ["server"], { cwd: workspace, stdio: ["pipe", "pipe", "inherit"] });
  const connection = rpc.createMessageConnection(
    new rpc.StreamMessageReader(child.stdout), new rpc.StreamMessageWriter(child.stdin));
  const published = [];
  const waiters = [];
  connection.onNotification(PublishDiagnosticsNotification.type, (params) => {
    published.push(params);
    for (const waiter of waiters.splice(0)) waiter();
  });
  connection.listen();
  // Resolves with the first published diagnostics that satisfy `predicate`.
  function waitForDiagnostics(predicate, what) {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), 15000);
      const check = () => {
        const match = published.find(predicate);
        if (match) {
          clearTimeout(timer);
          resolve(match);
        } else {
          waiters.push(check);
        }
      };
      check();
    });
  }
  const exited = new Promise((resolve) => child.on("exit", (code) => resolve(code)));
  return { workspace, child, connection, waitForDiagnostics, exited };
}

test("cyclecheck server: open, diagnose, code action, fix, shutdown", { skip: !binary && "CYCLECHECK_BIN is not set" },
  async () => {
    const server = startServer();
    const { connection } = server;
    try {
      const uri = pathToFileURL(path.join(server.workspace, "train.py")).href;
      const init = await connection.sendRequest(InitializeRequest.type, {
        processId: process.pid,
        rootUri: pathToFileURL(server.workspace).href,
        capabilities: {},  // no pull support: the server publishes
        workspaceFolders: null,
      });
      assert.equal(init.capabilities.textDocumentSync.change, 2, "incremental sync");
      assert.equal(init.capabilities.positionEncoding, "utf-16");
      connection.sendNotification("initialized", {});

      connection.sendNotification(DidOpenTextDocumentNotification.type, {
        textDocument: { uri, languageId: "python", version: 1, text: CYCLE },
      });
      const first = await server.waitForDiagnostics(
        (params) => params.uri === uri && params.version === 1, "diagnostics of version 1");
      const finding = first.diagnostics.find((diagnostic) => diagnostic.code === "CC104");
      assert.ok(finding, `a CC104 finding, got ${JSON.stringify(first.diagnostics)}`);
      assert.equal(finding.range.start.line, 2, "on the `self.cb = self.on_step` line");
      assert.equal(finding.source, "cyclecheck");
      assert.match(finding.codeDescription.href, /callable-holds-owner$/);

      const actions = await connection.sendRequest(CodeActionRequest.type, {
        textDocument: { uri },
        range: finding.range,
        context: { diagnostics: [finding] },
      });
      const suppress = actions.find((action) => action.title === "Suppress CC104 on this line");
      assert.ok(suppress, `a suppression action, got ${JSON.stringify(actions)}`);
      const [edit] = suppress.edit.changes[uri];
      assert.equal(edit.newText, "  # cyclecheck: ignore[CC104]");
      assert.deepEqual(edit.range.start, { line: 2, character: "        self.cb = self.on_step".length });

      // Fix the cycle with a one-line incremental edit: the finding goes away.
      connection.sendNotification(DidChangeTextDocumentNotification.type, {
        textDocument: { uri, version: 2 },
        contentChanges: [{
          range: { start: { line: 2, character: 18 }, end: { line: 2, character: 30 } },
          text: "None",
        }],
      });
      const second = await server.waitForDiagnostics(
        (params) => params.uri === uri && params.version === 2, "diagnostics of version 2");
      assert.deepEqual(second.diagnostics.filter((diagnostic) => diagnostic.code === "CC104"), []);

      await connection.sendRequest(ShutdownRequest.type);
      connection.sendNotification(ExitNotification.type);
      assert.equal(await server.exited, 0);
    } finally {
      connection.dispose();
      server.child.kill();
      fs.rmSync(server.workspace, { recursive: true, force: true });
    }
  });

test("cyclecheck server: pull diagnostics in UTF-8", { skip: !binary && "CYCLECHECK_BIN is not set" }, async () => {
  const server = startServer();
  const { connection } = server;
  try {
    const uri = pathToFileURL(path.join(server.workspace, "pulled.py")).href;
    const init = await connection.sendRequest(InitializeRequest.type, {
      processId: process.pid,
      rootUri: pathToFileURL(server.workspace).href,
      capabilities: { general: { positionEncodings: ["utf-8", "utf-16"] }, textDocument: { diagnostic: {} } },
      workspaceFolders: null,
    });
    assert.equal(init.capabilities.positionEncoding, "utf-8");
    assert.equal(init.capabilities.diagnosticProvider.interFileDependencies, true);
    connection.sendNotification("initialized", {});
    connection.sendNotification(DidOpenTextDocumentNotification.type, {
      textDocument: { uri, languageId: "python", version: 1, text: "# é😀\n" + CYCLE },
    });
    const report = await connection.sendRequest(DocumentDiagnosticRequest.type, { textDocument: { uri } });
    assert.equal(report.kind, "full");
    const finding = report.items.find((diagnostic) => diagnostic.code === "CC104");
    assert.ok(finding, `a CC104 finding, got ${JSON.stringify(report.items)}`);
    assert.equal(finding.range.start.line, 3);
    await connection.sendRequest(ShutdownRequest.type);
    connection.sendNotification(ExitNotification.type);
    assert.equal(await server.exited, 0);
  } finally {
    connection.dispose();
    server.child.kill();
    fs.rmSync(server.workspace, { recursive: true, force: true });
  }
});
