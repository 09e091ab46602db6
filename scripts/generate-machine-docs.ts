/**
 * `npm run docs:machines`: writes docs/machines/<machine>.md for every machine — a Mermaid
 * stateDiagram-v2 generated from the machine definition, the file-top comment of its source as the
 * description, and its named actors, actions, guards and delays — plus docs/machines/README.md.
 *
 * test/machines/machine-docs.test.ts renders the same files in memory and fails when the committed
 * ones differ, so the diagrams never drift from the code.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { orderLifecycleMachine } from '../server/domain/order-lifecycle.machine';
import { clientCardMachine } from '../src/application/admin/clients/client-card.machine';
import { orderCardMachine } from '../src/application/admin/orders/order-card.machine';
import { stockMovementsMachine } from '../src/application/admin/products/stock-movements.machine';
import { profileScreenMachine } from '../src/application/admin/profile/profile-screen.machine';
import { requestCardMachine } from '../src/application/admin/requests/request-card.machine';
import { listCommandsMachine } from '../src/application/admin/shared/list-commands.machine';
import { staffScreenMachine } from '../src/application/admin/staff/staff-screen.machine';
import { accessFormMachine } from '../src/application/machines/access-form.machine';
import { adminCommandMachine } from '../src/application/machines/admin/admin-command.machine';
import { adminFormMachine } from '../src/application/machines/admin/admin-form.machine';
import { bulkPriceGridMachine } from '../src/application/machines/admin/bulk-price-grid.machine';
import { bulkSelectionMachine } from '../src/application/machines/admin/bulk-selection.machine';
import { categoryTreeMachine } from '../src/application/machines/admin/category-tree.machine';
import { imageManagerMachine } from '../src/application/machines/admin/image-manager.machine';
import { productImportMachine } from '../src/application/machines/admin/product-import.machine';
import { recordFormMachine } from '../src/application/machines/admin/record-form.machine';
import { adminCountersMachine } from '../src/application/machines/admin-counters.machine';
import { authMachine } from '../src/application/machines/auth.machine';
import { cartAvailabilityMachine } from '../src/application/machines/cart-availability.machine';
import { cartSyncMachine } from '../src/application/machines/cart-sync.machine';
import { checkoutMachine } from '../src/application/machines/checkout.machine';
import { cityMachine } from '../src/application/machines/city.machine';
import { clientCountersMachine } from '../src/application/machines/client-counters.machine';
import { consultationModalMachine } from '../src/application/machines/consultation-modal.machine';
import { favouritesShareMachine } from '../src/application/machines/favourites-share.machine';
import { favouritesSyncMachine } from '../src/application/machines/favourites-sync.machine';
import { feedbackModalMachine } from '../src/application/machines/feedback-modal.machine';
import { homeMeasurementsMachine } from '../src/application/machines/home-measurements.machine';
import { hoverPanelMachine } from '../src/application/machines/hover-panel.machine';
import { megaMenuMachine } from '../src/application/machines/mega-menu.machine';
import { payPageMachine } from '../src/application/machines/pay-page.machine';
import { recentlyViewedMachine } from '../src/application/machines/recently-viewed.machine';
import { requestFollowUpMachine } from '../src/application/machines/request-follow-up.machine';
import { searchSuggestionsMachine } from '../src/application/machines/search-suggestions.machine';
import { shopSystemMachine } from '../src/application/machines/shop-system.machine';
import { subscribeMachine } from '../src/application/machines/subscribe.machine';
import { thankYouMachine } from '../src/application/machines/thank-you.machine';

export const REPOSITORY_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const DOCS_DIRECTORY = 'docs/machines';

interface MachineEntry {
  /** The doc's file name without extension, and the machine file's name without `.machine.ts`. */
  readonly name: string;
  readonly machine: AnyStateMachine;
  /** Source files whose file-top comments describe the machine, the machine's own first. */
  readonly sources: readonly string[];
  /** The folder the sources are in, when not the browser's machines folder (server/domain). */
  readonly folder?: string;
}

const MACHINES_SOURCE = 'src/application/machines';

export const MACHINE_ENTRIES: readonly MachineEntry[] = [
  { name: 'shop-system', machine: shopSystemMachine, sources: ['shop-system.machine.ts'] },
  { name: 'auth', machine: authMachine, sources: ['auth.machine.ts'] },
  { name: 'cart-sync', machine: cartSyncMachine, sources: ['cart-sync.machine.ts'] },
  { name: 'favourites-sync', machine: favouritesSyncMachine, sources: ['favourites-sync.machine.ts'] },
  { name: 'recently-viewed', machine: recentlyViewedMachine, sources: ['recently-viewed.machine.ts'] },
  {
    name: 'admin-counters',
    machine: adminCountersMachine,
    sources: ['admin-counters.machine.ts', 'unread-counters.machine.ts'],
  },
  {
    name: 'client-counters',
    machine: clientCountersMachine,
    sources: ['client-counters.machine.ts', 'unread-counters.machine.ts'],
  },
  { name: 'city', machine: cityMachine, sources: ['city.machine.ts'] },
  {
    name: 'consultation-modal',
    machine: consultationModalMachine,
    sources: ['consultation-modal.machine.ts', 'request-modal.machine.ts'],
  },
  {
    name: 'feedback-modal',
    machine: feedbackModalMachine,
    sources: ['feedback-modal.machine.ts', 'request-modal.machine.ts'],
  },
  { name: 'subscribe', machine: subscribeMachine, sources: ['subscribe.machine.ts'] },
  { name: 'access-form', machine: accessFormMachine, sources: ['access-form.machine.ts'] },
  {
    name: 'favourites-share',
    machine: favouritesShareMachine,
    sources: ['favourites-share.machine.ts'],
  },
  {
    name: 'request-follow-up',
    machine: requestFollowUpMachine,
    sources: ['request-follow-up.machine.ts'],
  },
  { name: 'checkout', machine: checkoutMachine, sources: ['checkout.machine.ts'] },
  { name: 'cart-availability', machine: cartAvailabilityMachine, sources: ['cart-availability.machine.ts'] },
  { name: 'home-measurements', machine: homeMeasurementsMachine, sources: ['home-measurements.machine.ts'] },
  { name: 'pay-page', machine: payPageMachine, sources: ['pay-page.machine.ts'] },
  { name: 'thank-you', machine: thankYouMachine, sources: ['thank-you.machine.ts'] },
  { name: 'mega-menu', machine: megaMenuMachine, sources: ['mega-menu.machine.ts'] },
  { name: 'hover-panel', machine: hoverPanelMachine, sources: ['hover-panel.machine.ts'] },
  {
    name: 'search-suggestions',
    machine: searchSuggestionsMachine,
    sources: ['search-suggestions.machine.ts'],
  },
  { name: 'admin-form', machine: adminFormMachine, sources: ['admin/admin-form.machine.ts'] },
  { name: 'bulk-selection', machine: bulkSelectionMachine, sources: ['admin/bulk-selection.machine.ts'] },
  { name: 'admin-command', machine: adminCommandMachine, sources: ['admin/admin-command.machine.ts'] },
  {
    name: 'admin-record-form',
    machine: recordFormMachine<object>(),
    sources: ['admin/record-form.machine.ts'],
  },
  {
    name: 'admin-bulk-price-grid',
    machine: bulkPriceGridMachine,
    sources: ['admin/bulk-price-grid.machine.ts'],
  },
  {
    name: 'admin-category-tree',
    machine: categoryTreeMachine(),
    sources: ['admin/category-tree.machine.ts'],
  },
  {
    name: 'admin-image-manager',
    machine: imageManagerMachine,
    sources: ['admin/image-manager.machine.ts'],
  },
  {
    name: 'admin-product-import',
    machine: productImportMachine,
    sources: ['admin/product-import.machine.ts'],
  },
  {
    name: 'admin-list-commands',
    machine: listCommandsMachine<unknown>(),
    sources: ['shared/list-commands.machine.ts'],
    folder: 'src/application/admin',
  },
  {
    name: 'admin-order-card',
    machine: orderCardMachine,
    sources: ['order-card.machine.ts'],
    folder: 'src/application/admin/orders',
  },
  {
    name: 'client-card',
    machine: clientCardMachine,
    sources: ['client-card.machine.ts'],
    folder: 'src/application/admin/clients',
  },
  {
    name: 'staff-screen',
    machine: staffScreenMachine,
    sources: ['staff-screen.machine.ts'],
    folder: 'src/application/admin/staff',
  },
  {
    name: 'profile-screen',
    machine: profileScreenMachine,
    sources: ['profile-screen.machine.ts'],
    folder: 'src/application/admin/profile',
  },
  {
    name: 'request-card',
    machine: requestCardMachine,
    sources: ['request-card.machine.ts'],
    folder: 'src/application/admin/requests',
  },
  {
    name: 'admin-stock-movements',
    machine: stockMovementsMachine,
    sources: ['stock-movements.machine.ts'],
    folder: 'src/application/admin/products',
  },
  {
    name: 'order-lifecycle',
    machine: orderLifecycleMachine,
    sources: ['order-lifecycle.machine.ts'],
    folder: 'server/domain',
  },
];

/** The leading block comment of a source file, as plain text lines. */
export function fileTopComment(source: string): string {
  const match = /^\s*\/\*\*([\s\S]*?)\*\//.exec(source);
  if (!match?.[1]) return '';
  return match[1]
    .split('\n')
    .map((line) => line.replace(/^\s*\* ?/, '').trimEnd())
    .join('\n')
    .trim();
}

function mermaidId(node: AnyStateNode): string {
  return node.id.replace(/[^A-Za-z0-9_]/g, '_');
}

function guardLabel(transition: AnyTransitionDefinition): string {
  const guard: unknown = transition.guard;
  if (!guard) return '';
  if (typeof guard === 'string') return ` [${guard}]`;
  if (typeof guard === 'object' && guard !== null && 'type' in guard && typeof guard.type === 'string') {
    return ` [${guard.type}]`;
  }
  return ' [guarded]';
}

/** A readable event label: `done(checkAuth)`, `error(saveServerCart)`, `after saveDebounce`, `always`. */
function eventLabel(eventType: string): string {
  if (eventType === '') return 'always';
  const done = /^xstate\.done\.actor\.(.+)$/.exec(eventType);
  if (done) return `done(${done[1]})`;
  const error = /^xstate\.error\.actor\.(.+)$/.exec(eventType);
  if (error) return `error(${error[1]})`;
  const after = /^xstate\.after\.([^.]+)\./.exec(eventType);
  if (after) return `after ${after[1]}`;
  return eventType;
}

function childStates(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states) as AnyStateNode[];
}

function transitionsOf(node: AnyStateNode): AnyTransitionDefinition[] {
  const all: AnyTransitionDefinition[] = [];
  for (const list of node.transitions.values()) all.push(...list);
  all.push(...(node.always ?? []));
  return all;
}

function renderNode(node: AnyStateNode, indent: string, lines: string[]): void {
  const children = childStates(node);
  if (children.length === 0) return;
  const regions = node.type === 'parallel';
  children.forEach((child, index) => {
    if (regions && index > 0) lines.push(`${indent}--`);
    const id = mermaidId(child);
    lines.push(`${indent}state "${child.key}" as ${id}`);
    if (!regions && child.key === node.initial?.target[0]?.key) lines.push(`${indent}[*] --> ${id}`);
    if (child.type === 'final') lines.push(`${indent}${id} --> [*]`);
    if (childStates(child).length > 0) {
      lines.push(`${indent}state ${id} {`);
      renderNode(child, `${indent}  `, lines);
      lines.push(`${indent}}`);
    }
  });
}

function renderEdges(node: AnyStateNode, lines: string[]): void {
  for (const transition of transitionsOf(node)) {
    for (const target of transition.target ?? []) {
      lines.push(
        `  ${mermaidId(node)} --> ${mermaidId(target)}: ${eventLabel(transition.eventType)}${guardLabel(transition)}`,
      );
    }
  }
  for (const child of childStates(node)) renderEdges(child, lines);
}

/** A Mermaid stateDiagram-v2 of the machine's states and targeted transitions. */
export function mermaidDiagram(machine: AnyStateMachine): string {
  const lines = ['stateDiagram-v2', '  direction LR'];
  const root = machine.root;
  renderNode(root, '  ', lines);
  // Transitions declared on the root apply in every state; they are drawn from the root's id.
  const rootEdges: string[] = [];
  for (const transition of transitionsOf(root)) {
    for (const target of transition.target ?? []) {
      rootEdges.push(
        `  ${mermaidId(root)}_any --> ${mermaidId(target)}: ${eventLabel(transition.eventType)}${guardLabel(transition)}`,
      );
    }
  }
  if (rootEdges.length > 0) {
    lines.push(`  state "(any state)" as ${mermaidId(root)}_any`);
    lines.push(...rootEdges);
  }
  for (const child of childStates(root)) renderEdges(child, lines);
  return lines.join('\n');
}

function namesOf(record: Record<string, unknown> | undefined): string[] {
  return Object.keys(record ?? {}).sort();
}

function implementationsSection(machine: AnyStateMachine): string {
  const { actors, actions, guards, delays } = machine.implementations;
  const row = (label: string, names: string[]) =>
    `| ${label} | ${names.length > 0 ? names.map((name) => `\`${name}\``).join(', ') : '—'} |`;
  return [
    '| named in `setup()` | |',
    '|---|---|',
    row('actors', namesOf(actors)),
    row('actions', namesOf(actions)),
    row('guards', namesOf(guards)),
    row('delays', namesOf(delays)),
  ].join('\n');
}

function readSource(file: string, folder = MACHINES_SOURCE): string {
  return readFileSync(join(REPOSITORY_ROOT, folder, file), 'utf8');
}

export function renderMachineDoc(entry: MachineEntry): string {
  const folder = entry.folder ?? MACHINES_SOURCE;
  const [own, ...shared] = entry.sources.map((file) => ({
    file,
    comment: fileTopComment(readSource(file, folder)),
  }));
  const parts = [
    '<!-- Generated by `npm run docs:machines` from the machine definitions; do not edit by hand. -->',
    '',
    `# ${entry.name} (\`${entry.machine.id}\`)`,
    '',
    `Source: [${folder}/${own?.file ?? ''}](../../${folder}/${own?.file ?? ''})`,
    '',
    own?.comment ?? '',
    '',
  ];
  for (const extra of shared) {
    parts.push(`From [${extra.file}](../../${folder}/${extra.file}):`, '', extra.comment, '');
  }
  parts.push(
    '## Statechart',
    '',
    '```mermaid',
    mermaidDiagram(entry.machine),
    '```',
    '',
    '## Implementations',
    '',
  );
  parts.push(
    'Everything is referenced by name, so `.provide()` can swap it. Actors and side-effect actions are',
    'supplied by the composition root (tests provide stubs); their defaults in the machine file throw',
    '"… not provided". Context updates (`assign`) are the machine\'s own.',
    '',
    implementationsSection(entry.machine),
    '',
  );
  return parts.join('\n');
}

export function renderReadme(): string {
  const rows = MACHINE_ENTRIES.map((entry) => {
    const summary = fileTopComment(readSource(entry.sources[0] ?? '', entry.folder))
      .split('\n\n')[0]
      ?.replace(/\s+/g, ' ')
      .trim();
    return `| [${entry.name}](${entry.name}.md) | \`${entry.machine.id}\` | ${summary ?? ''} |`;
  });
  return [
    '<!-- Generated by `npm run docs:machines` from the machine definitions; do not edit by hand. -->',
    '',
    '# State machines',
    '',
    'Behaviour of the browser app lives in these xstate v5 machines (src/application/machines). Each page',
    'shows the statechart generated from the machine definition. Regenerate with `npm run docs:machines`;',
    'test/machines/machine-docs.test.ts fails when these files are stale.',
    '',
    '| machine | id | what it models |',
    '|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

/** Every generated file, by path relative to the repository root. */
export function renderAllMachineDocs(): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of MACHINE_ENTRIES)
    files.set(`${DOCS_DIRECTORY}/${entry.name}.md`, renderMachineDoc(entry));
  files.set(`${DOCS_DIRECTORY}/README.md`, renderReadme());
  return files;
}

function main(): void {
  mkdirSync(join(REPOSITORY_ROOT, DOCS_DIRECTORY), { recursive: true });
  for (const [path, content] of renderAllMachineDocs()) {
    writeFileSync(join(REPOSITORY_ROOT, path), content);
    console.log(`wrote ${path}`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) main();
