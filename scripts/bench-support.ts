import { type ChildProcess, spawn } from 'node:child_process';

/** A positive number given as `--name N` on the command line, or the fallback. */
export function numberOption(name: string, fallback: number): number {
  const index = process.argv.indexOf(name);
  const value = index >= 0 ? Number(process.argv[index + 1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name}: положительное число`);
  return value;
}

/** Runs a command with the terminal's output; rejects when it exits with anything but 0. */
export function runCommand(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: 'inherit' });
    child.on('exit', (code) =>
      code === 0 ? done() : fail(new Error(`${command} ${args.join(' ')}: ${code}`)),
    );
  });
}

/** Waits until the server at `base` answers /api/categories (at most 5 minutes, or until it exits). */
export async function waitForServer(base: string, child: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    if (child.exitCode !== null) throw new Error('сервер завершился при запуске');
    try {
      const response = await fetch(`${base}/api/categories`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((wait) => setTimeout(wait, 500));
  }
  throw new Error('сервер не ответил за 5 минут');
}

/** The nearest-rank percentile of ascending values (0 for none). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}
