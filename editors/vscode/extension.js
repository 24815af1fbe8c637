// Starts `gig lsp` for the TOML files of a gigscript project: card files, deck files and
// rulings files.
const vscode = require("vscode");
const { LanguageClient, TransportKind } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const command = vscode.workspace.getConfiguration("gigscript").get("command", "gig");
  const server = { command, args: ["lsp"], transport: TransportKind.stdio };
  client = new LanguageClient(
    "gigscript",
    "gigscript",
    { run: server, debug: server },
    {
      documentSelector: [
        { scheme: "file", language: "toml", pattern: "**/cards/**/*.toml" },
        { scheme: "file", language: "toml", pattern: "**/decks/*.toml" },
        { scheme: "file", language: "toml", pattern: "**/tests/rulings/*.toml" },
      ],
    },
  );
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
