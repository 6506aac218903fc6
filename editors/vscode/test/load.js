// Loads the bundle with a stand-in for the vscode module (which only VS
// Code provides) and checks it exports the extension's entry points and
// reads the settings into the server's command line: a bundle that lost a
// module or a setting fails here, in CI, rather than in an editor.
'use strict';

const assert = require('assert');
const Module = require('module');
const path = require('path');

const settings = { path: ' /opt/fray/bin/fray ', 'server.args': ['--root', '/work'], 'server.enabled': true };
// Only the settings are real; every other name the language client reads
// when it loads (classes it extends, enums) is a bare class.
const vscodeBase = {
  workspace: {
    getConfiguration: (section) => {
      assert.strictEqual(section, 'fray');
      return { get: (key, dflt) => (key in settings ? settings[key] : dflt) };
    },
  },
};
const vscode = new Proxy(vscodeBase, { get: (t, k) => (k in t ? t[k] : class {}) });
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return request === 'vscode' ? 'vscode' : resolve.call(this, request, ...rest);
};
require.cache.vscode = { id: 'vscode', filename: 'vscode', loaded: true, exports: vscode };

const ext = require(path.join(__dirname, '..', 'out', 'extension.js'));
assert.strictEqual(typeof ext.activate, 'function', 'activate is exported');
assert.strictEqual(typeof ext.deactivate, 'function', 'deactivate is exported');
assert.deepStrictEqual(ext.serverCommand(), {
  command: '/opt/fray/bin/fray',
  args: ['lsp', '--root', '/work'],
  enabled: true,
});
settings.path = '';
assert.strictEqual(ext.serverCommand().command, 'fray', 'an empty fray.path means fray on PATH');

const manifest = require('../package.json');
assert.strictEqual(manifest.main, './out/extension.js');
assert.deepStrictEqual(manifest.contributes.languages[0].extensions, ['.fray']);
assert.strictEqual(manifest.contributes.languages[0].id, 'fray');
assert.ok(manifest.contributes.configuration.properties['fray.path'], 'the fray.path setting is declared');
console.log('test/load.js: ok');
