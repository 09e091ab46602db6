import type { LoggerPort } from '../../src/application/ports/logger.port';

/** A logger that keeps what it was told, so tests can assert on warnings. */
export class RecordingLogger implements LoggerPort {
  readonly warnings: string[] = [];
  readonly errors: string[] = [];

  warn(message: string): void {
    this.warnings.push(message);
  }

  error(message: string): void {
    this.errors.push(message);
  }
}
