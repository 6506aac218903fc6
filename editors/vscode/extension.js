// The fray extension: the TextMate grammar and language configuration do
// the highlighting (package.json declares them); this file starts the
// language server, `fray lsp` over stdio, and restarts it when the
// settings change. It is plain JavaScript so the extension needs no build
// step: `npx vsce package` packs it as it is.
'use strict';

const vscode = require('vscode');
const { LanguageClient, TransportKind } = require('vscode-languageclient/node');

/** @type {LanguageClient | undefined} */
let client;
/** @type {vscode.OutputChannel} */
let output;

/** The server's command line from the settings: fray.path lsp [args...]. */
function serverCommand() {
  const config = vscode.workspace.getConfiguration('fray');
  const command = (config.get('path') || 'fray').trim() || 'fray';
  const args = ['lsp', ...(config.get('server.args') || [])];
  return { command, args, enabled: config.get('server.enabled', true) };
}

async function start() {
  const { command, args, enabled } = serverCommand();
  if (!enabled) {
    output.appendLine('fray.server.enabled is off: highlighting only.');
    return;
  }
  const run = { command, args, transport: TransportKind.stdio };
  client = new LanguageClient(
    'fray',
    'fray language server',
    { run, debug: run },
    {
      documentSelector: [
        { scheme: 'file', language: 'fray' },
        { scheme: 'untitled', language: 'fray' },
      ],
      outputChannel: output,
      // The server reads rule files itself (imports, an encounter's
      // ruleset); tell it when any .fray file changes on disk.
      synchronize: {
        fileEvents: vscode.workspace.createFileSystemWatcher('**/*.fray'),
      },
    },
  );
  try {
    await client.start();
  } catch (err) {
    client = undefined;
    const message =
      `fray: could not start "${command} ${args.join(' ')}": ${err && err.message ? err.message : err}. ` +
      'Install fray (see the README) or set fray.path to the fray executable.';
    output.appendLine(message);
    const choice = await vscode.window.showErrorMessage(message, 'Open settings', 'Show output');
    if (choice === 'Open settings') {
      vscode.commands.executeCommand('workbench.action.openSettings', 'fray.path');
    } else if (choice === 'Show output') {
      output.show();
    }
  }
}

async function stop() {
  if (client) {
    const c = client;
    client = undefined;
    try {
      await c.stop();
    } catch (err) {
      output.appendLine(`fray: stopping the language server: ${err}`);
    }
  }
}

async function restart() {
  await stop();
  await start();
}

/** @param {vscode.ExtensionContext} context */
async function activate(context) {
  output = vscode.window.createOutputChannel('fray');
  context.subscriptions.push(
    output,
    vscode.commands.registerCommand('fray.restartServer', restart),
    vscode.commands.registerCommand('fray.showOutput', () => output.show()),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('fray.path') || e.affectsConfiguration('fray.server')) {
        restart();
      }
    }),
  );
  await start();
}

function deactivate() {
  return stop();
}

module.exports = { activate, deactivate, serverCommand };
