import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints, before vitest's own summary, where the suite's wall time went (issue 24, item 13): for each
 * project the span from its first file's start to its last file's end and the sum of its files'
 * durations, then the slowest files. vite.config.ts lists it before the default reporter, so the run
 * still ends with vitest's summary and its Duration line. docs/performance.md «Test suite wall time».
 */
const SLOWEST_SHOWN = 12;

interface ModuleTiming {
  readonly project: string;
  readonly file: string;
  readonly startedAt: number;
  readonly endedAt: number;
}

function seconds(ms: number): string {
  if (ms >= 60_000) return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
  return `${(ms / 1000).toFixed(1)} s`;
}

export default class WallTimeReporter implements Reporter {
  private readonly timings = new Map<string, ModuleTiming>();
  private root = '';
  private runStartedAt = 0;

  onInit(vitest: { config: { root: string } }): void {
    this.root = vitest.config.root;
  }

  onTestRunStart(): void {
    this.timings.clear();
    this.runStartedAt = Date.now();
  }

  onTestModuleEnd(module: TestModule): void {
    const endedAt = Date.now();
    // The file's own time: its environment, set-up files, import and collection, tests and hooks.
    const diagnostic = module.diagnostic();
    const took =
      diagnostic.environmentSetupDuration +
      diagnostic.prepareDuration +
      diagnostic.setupDuration +
      diagnostic.collectDuration +
      diagnostic.duration;
    const file = module.moduleId.startsWith(this.root)
      ? module.moduleId.slice(this.root.length + 1)
      : module.moduleId;
    this.timings.set(module.id, { project: module.project.name, file, startedAt: endedAt - took, endedAt });
  }

  onTestRunEnd(): void {
    const timings = [...this.timings.values()];
    if (timings.length === 0) return;
    const lines = ['', ` Wall time by project (run ${seconds(Date.now() - this.runStartedAt)}):`];
    const projects = [...new Set(timings.map((timing) => timing.project))].sort();
    for (const project of projects) {
      const files = timings.filter((timing) => timing.project === project);
      const span =
        Math.max(...files.map((file) => file.endedAt)) - Math.min(...files.map((file) => file.startedAt));
      const sum = files.reduce((total, file) => total + (file.endedAt - file.startedAt), 0);
      lines.push(
        `   ${project.padEnd(6)} ${String(files.length).padStart(4)} files  ${seconds(span).padStart(11)} from first start to last end, ${seconds(sum)} in its files`,
      );
    }
    lines.push(` Slowest files:`);
    const slowest = [...timings]
      .sort((a, b) => b.endedAt - b.startedAt - (a.endedAt - a.startedAt))
      .slice(0, SLOWEST_SHOWN);
    for (const file of slowest) {
      lines.push(
        `   ${seconds(file.endedAt - file.startedAt).padStart(11)}  ${file.project.padEnd(6)} ${file.file}`,
      );
    }
    process.stdout.write(`${lines.join('\n')}\n`);
  }
}
