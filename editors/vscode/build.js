// Bundles extension.js and the packages it uses into out/extension.js
// (one file loads faster than node_modules and makes a small .vsix), and
// writes out/THIRD_PARTY_NOTICES.txt with the licence of every package
// the bundle holds, as their licences ask.
'use strict';

const esbuild = require('esbuild');
const fs = require('fs');
const path = require('path');

async function main() {
  const result = await esbuild.build({
    entryPoints: ['extension.js'],
    bundle: true,
    platform: 'node',
    target: 'node18',
    format: 'cjs',
    external: ['vscode'],
    minify: true,
    legalComments: 'none',
    metafile: true,
    outfile: 'out/extension.js',
    logLevel: 'info',
  });
  const pkgs = new Set();
  for (const input of Object.keys(result.metafile.inputs)) {
    const m = input.match(/^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//);
    if (m) pkgs.add(m[1]);
  }
  const notices = ['The fray extension bundles these packages:\n'];
  for (const dir of [...pkgs].sort()) {
    const meta = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
    const file = fs.readdirSync(dir).find((f) => /^licen[cs]e(\.(md|txt))?$/i.test(f));
    if (!file) throw new Error(`${dir}: no licence file to include`);
    notices.push(`\n${'='.repeat(72)}\n${meta.name} ${meta.version} (${meta.license})\n${'='.repeat(72)}\n`);
    notices.push(fs.readFileSync(path.join(dir, file), 'utf8').trim() + '\n');
  }
  fs.writeFileSync('out/THIRD_PARTY_NOTICES.txt', notices.join(''));
  console.log(`out/THIRD_PARTY_NOTICES.txt: ${pkgs.size} packages`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
