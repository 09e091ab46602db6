import { describe, expect, it } from 'vitest';
import { isPortFailure } from '../../src/application/ports/port-failure';
import { lazyPort } from '../../src/infrastructure/lazy-port';

interface GreeterPort {
  greet(name: string): Promise<string>;
}

class Greeter implements GreeterPort {
  private readonly greeting: string;
  constructor(greeting: string) {
    this.greeting = greeting;
  }
  async greet(name: string): Promise<string> {
    return `${this.greeting}, ${name}`;
  }
}

describe('lazyPort', () => {
  it('loads the adapter once, on the first call, and keeps `this`', async () => {
    let loads = 0;
    const port = lazyPort<GreeterPort>(async () => {
      loads += 1;
      return new Greeter('Здравствуйте');
    });
    expect(loads).toBe(0);

    const answers = await Promise.all([port.greet('Анна'), port.greet('Олег')]);

    expect(answers).toEqual(['Здравствуйте, Анна', 'Здравствуйте, Олег']);
    expect(loads).toBe(1);
  });

  it('rejects with a network PortFailure when loading fails, and retries on the next call', async () => {
    let attempts = 0;
    const port = lazyPort<GreeterPort>(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('chunk failed');
      return new Greeter('Привет');
    });

    await expect(port.greet('Анна')).rejects.toSatisfy(
      (error) => isPortFailure(error) && error.kind === 'network',
    );
    await expect(port.greet('Анна')).resolves.toBe('Привет, Анна');
  });

  it('is not a thenable', async () => {
    const port = lazyPort<GreeterPort>(async () => new Greeter('Привет'));
    expect(await Promise.resolve(port)).toBe(port);
  });
});
