import type { LoggerPort } from '../application/ports/logger.port';

/** The browser console; `target` is a seam for tests, which pass a recording console. */
export class ConsoleLogger implements LoggerPort {
  private readonly target: Pick<Console, 'warn' | 'error'>;

  constructor(target: Pick<Console, 'warn' | 'error'> = console) {
    this.target = target;
  }

  warn(message: string, details?: unknown): void {
    if (details === undefined) this.target.warn(message);
    else this.target.warn(message, details);
  }

  error(message: string, details?: unknown): void {
    if (details === undefined) this.target.error(message);
    else this.target.error(message, details);
  }
}
