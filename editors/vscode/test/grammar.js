// Runs the TextMate grammar in the engine VS Code uses (vscode-textmate
// with the Oniguruma regular expressions of vscode-oniguruma) over every
// shipped .fray file: each pattern must compile there, and a few tokens
// must get their scopes. dsl/check/editors_grammar_test.go checks the
// grammar token by token against fray's own lexer; this checks the same
// file is read the same way by the real engine.
'use strict';

const assert = require('assert');
const fs = require('fs');
const path = require('path');
const oniguruma = require('vscode-oniguruma');
const vsctm = require('vscode-textmate');

const repo = path.join(__dirname, '..', '..', '..');

function fraysUnder(dir, out) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) fraysUnder(p, out);
    else if (e.name.endsWith('.fray')) out.push(p);
  }
  return out;
}

async function main() {
  const wasm = fs.readFileSync(require.resolve('vscode-oniguruma/release/onig.wasm')).buffer;
  await oniguruma.loadWASM(wasm);
  const registry = new vsctm.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (p) => new oniguruma.OnigScanner(p),
      createOnigString: (s) => new oniguruma.OnigString(s),
    }),
    loadGrammar: async (scope) => {
      if (scope !== 'source.fray') return null;
      const file = path.join(__dirname, '..', 'syntaxes', 'fray.tmLanguage.json');
      return vsctm.parseRawGrammar(fs.readFileSync(file, 'utf8'), file);
    },
  });
  const grammar = await registry.loadGrammar('source.fray');

  // Scopes of the token holding `needle` on the first line that has it.
  const scopesOf = (text, needle) => {
    let stack = vsctm.INITIAL;
    for (const line of text.split('\n')) {
      const r = grammar.tokenizeLine(line, stack);
      const at = line.indexOf(needle);
      if (at >= 0) {
        const t = r.tokens.find((t) => t.startIndex <= at && at < t.endIndex);
        return t.scopes;
      }
      stack = r.ruleStack;
    }
    throw new Error(`no line has ${JSON.stringify(needle)}`);
  };
  const has = (scopes, prefix) => scopes.some((s) => s.startsWith(prefix));

  const sample = [
    '# A comment with d6 and "quotes"',
    'ruleset "Sample" {',
    '  segments 10',
    '}',
    'const die: dice = 2d6',
    'event hit(a: combatant, n: int) "{a.name} hits for {n}"',
    'fn best_of(l: list[combatant]): combatant = first(filter(l, #.hp > 0))',
    'phase fight each round {',
    '  for c in combatants by "speed" c.speed desc {',
    '    let best = d%',
    '  }',
    '}',
  ].join('\n');
  const checks = [
    ['# A comment', 'comment.line.number-sign.fray'],
    ['ruleset', 'keyword.declaration.fray'],
    ['2d6', 'constant.numeric.dice.fray'],
    ['d%', 'constant.numeric.dice.fray'],
    ['10', 'constant.numeric.fray'],
    ['"Sample"', 'string.quoted.double.fray'],
    ['a.name}', 'meta.interpolation.fray'],
    ['#.hp', 'variable.language.current-element.fray'],
    ['each', 'keyword.other.timing.fray'],
    ['desc', 'keyword.other.fray'],
    ['let', 'keyword.control.fray'],
    ['list[', 'storage.type.fray'],
  ];
  for (const [needle, want] of checks) {
    const scopes = scopesOf(sample, needle);
    assert.ok(has(scopes, want), `${JSON.stringify(needle)}: scopes ${scopes.join(' ')}, want ${want}`);
  }

  // Every shipped file: no string or template part runs on past its line
  // (the next line would be coloured as a string).
  const files = fraysUnder(path.join(repo, 'rules'), []).concat(fraysUnder(path.join(repo, 'testdata', 'encounters'), []));
  let lines = 0;
  for (const file of files) {
    let stack = vsctm.INITIAL;
    for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
      stack = grammar.tokenizeLine(line, stack).ruleStack;
      lines++;
      const carried = grammar.tokenizeLine('x', stack).tokens[0].scopes;
      assert.ok(!has(carried, 'string.') && !has(carried, 'meta.interpolation.') && !has(carried, 'comment.'),
        `${path.relative(repo, file)}: after this line the grammar is still in ${carried.join(' ')}: ${line}`);
    }
  }
  assert.ok(files.length >= 10, `only ${files.length} rule files found under ${repo}`);
  console.log(`test/grammar.js: ok (${checks.length} scopes, ${files.length} files, ${lines} lines)`);
}

main().catch((err) => {
  console.error(err.message || err);
  process.exit(1);
});
