import { describe, expect, it } from 'vitest';
import { err, ok, type Result } from '../../src/domain/validation-result';

describe('Result', () => {
  it('ok carries a value, err carries an error, and `ok` tells them apart', () => {
    const results: Result<number, string>[] = [ok(1), err('empty')];
    expect(results).toEqual([
      { ok: true, value: 1 },
      { ok: false, error: 'empty' },
    ]);
    const described = results.map((result) =>
      result.ok ? `value ${result.value}` : `error ${result.error}`,
    );
    expect(described).toEqual(['value 1', 'error empty']);
  });
});
