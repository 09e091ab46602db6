import type { InspectionEvent, Observer } from 'xstate';

/** What `createActor(machine, { inspect })` accepts. */
export type MachineInspect = Observer<InspectionEvent>;

/** Whether the page asked for the inspector: `?inspect` in the URL (any value, or none). */
export function inspectorRequested(search: string): boolean {
  return new URLSearchParams(search).has('inspect');
}

/**
 * The Stately inspector for developers exploring machines — opt-in with `?inspect`, development
 * builds only, never in tests (stack.md gotcha 12: it opens a popup to stately.ai).
 *
 * `import.meta.env.DEV` is replaced by `false` in a production build, so the dynamic import below is
 * dead code there and @statelyai/inspect (a devDependency) never reaches the production bundle.
 */
export async function loadMachineInspector(search: string): Promise<MachineInspect | undefined> {
  if (!import.meta.env.DEV || import.meta.env.MODE === 'test') return undefined;
  if (!inspectorRequested(search)) return undefined;
  const { createBrowserInspector } = await import('@statelyai/inspect');
  return createBrowserInspector().inspect;
}
