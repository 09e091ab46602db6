import type { CookieJar } from '../../src/infrastructure/document-cookies.adapter';

/** A cookie jar that keeps what was written, the way document.cookie shows it (name=value; …). */
export class FakeCookieJar implements CookieJar {
  readonly writes: string[] = [];
  private readonly values = new Map<string, string>();

  constructor(initial = '') {
    for (const part of initial.split(';')) {
      const separator = part.indexOf('=');
      if (separator > 0) this.values.set(part.slice(0, separator).trim(), part.slice(separator + 1).trim());
    }
  }

  get cookie(): string {
    return [...this.values].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  set cookie(text: string) {
    this.writes.push(text);
    const [pair = ''] = text.split(';');
    const separator = pair.indexOf('=');
    this.values.set(pair.slice(0, separator), pair.slice(separator + 1));
  }
}
