import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DOCS_DIRECTORY,
  fileTopComment,
  MACHINE_ENTRIES,
  mermaidDiagram,
  REPOSITORY_ROOT,
  renderAllMachineDocs,
} from '../../scripts/generate-machine-docs';
import { atomicStateIds } from './support/state-graph';

const REGENERATE = 'docs/machines is stale: run `npm run docs:machines`';

describe('generated machine docs', () => {
  const expected = renderAllMachineDocs();

  it.each([...expected.keys()])('%s matches the machine definitions', (path) => {
    let committed = '';
    try {
      committed = readFileSync(join(REPOSITORY_ROOT, path), 'utf8');
    } catch {
      committed = '(missing)';
    }
    expect(committed, REGENERATE).toBe(expected.get(path));
  });

  it('has no page for a machine that no longer exists', () => {
    const onDisk = readdirSync(join(REPOSITORY_ROOT, DOCS_DIRECTORY))
      .filter((name) => name.endsWith('.md'))
      .map((name) => `${DOCS_DIRECTORY}/${name}`)
      .sort();
    expect(onDisk, REGENERATE).toEqual([...expected.keys()].sort());
  });

  it('documents every machine file of src/application/machines', () => {
    const machineFiles = readdirSync(join(REPOSITORY_ROOT, 'src/application/machines')).filter((name) =>
      name.endsWith('.machine.ts'),
    );
    const documented = new Set(MACHINE_ENTRIES.flatMap((entry) => entry.sources));
    expect(machineFiles.filter((name) => !documented.has(name))).toEqual([]);
  });

  it.each(MACHINE_ENTRIES.map((entry) => [entry.name, entry] as const))(
    'the %s diagram names every state and every file has a file-top comment',
    (_, entry) => {
      const diagram = mermaidDiagram(entry.machine);
      expect(diagram.startsWith('stateDiagram-v2')).toBe(true);
      for (const id of atomicStateIds(entry.machine)) {
        expect(diagram).toContain(` as ${id.replace(/[^A-Za-z0-9_]/g, '_')}`);
      }
      for (const source of entry.sources) {
        const folder = entry.folder ?? 'src/application/machines';
        const text = readFileSync(join(REPOSITORY_ROOT, folder, source), 'utf8');
        expect(fileTopComment(text).length).toBeGreaterThan(80);
      }
    },
  );

  it('reads a file-top comment and ignores a file without one', () => {
    expect(fileTopComment('/**\n * First line.\n *\n * Second.\n */\nexport {};')).toBe(
      'First line.\n\nSecond.',
    );
    expect(fileTopComment('export const x = 1; /** late */')).toBe('');
  });
});
