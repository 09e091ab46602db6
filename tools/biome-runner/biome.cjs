#!/usr/bin/env node
// Finds Biome's binary for this machine (installed as an optional dependency of the project) and runs it.
const { spawnSync } = require('node:child_process');
const { createRequire } = require('node:module');
const { join } = require('node:path');

const projectRequire = createRequire(join(process.cwd(), 'package.json'));
const platformPackage = `@biomejs/cli-${process.platform}-${process.arch}`;
let binary;
try {
  binary = join(projectRequire.resolve(`${platformPackage}/package.json`), '..', 'biome');
} catch {
  console.error(`Biome: ${platformPackage} is not installed; add it to optionalDependencies.`);
  process.exit(2);
}
const result = spawnSync(binary, process.argv.slice(2), { stdio: 'inherit' });
process.exit(result.status ?? 1);
