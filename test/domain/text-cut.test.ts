import { describe, expect, it } from 'vitest';
import {
  collapseWhitespace,
  cutName,
  FAVOURITES_PANEL_ITEMS,
  FAVOURITES_PANEL_NAME_LIMIT,
  MINI_CART_ITEMS,
  MINI_CART_NAME_LIMIT,
  overflowLabel,
  panelOverflow,
  safePrefix,
} from '../../src/domain/text-cut';

describe('panel constants (spec §9)', () => {
  it('match the spec', () => {
    expect(FAVOURITES_PANEL_ITEMS).toBe(6);
    expect(FAVOURITES_PANEL_NAME_LIMIT).toBe(30);
    expect(MINI_CART_ITEMS).toBe(5);
    expect(MINI_CART_NAME_LIMIT).toBe(25);
  });
});

describe('cutName', () => {
  it('keeps a name that fits', () => {
    expect(cutName('Диван угловой', 25)).toBe('Диван угловой');
    expect(cutName('1234567890123456789012345', 25)).toBe('1234567890123456789012345');
  });

  it('cuts a long name after `max` characters and adds "..."', () => {
    expect(cutName('Диван угловой раскладной Монреаль серый', MINI_CART_NAME_LIMIT)).toBe(
      'Диван угловой раскладной...',
    );
    expect(cutName('Кресло-качалка из ротанга с подушкой', FAVOURITES_PANEL_NAME_LIMIT)).toBe(
      'Кресло-качалка из ротанга с по...',
    );
  });

  it('collapses whitespace before measuring', () => {
    expect(cutName('  Стол \n\t обеденный  ', 25)).toBe('Стол обеденный');
  });

  it('does not split an emoji', () => {
    expect(cutName('ab😀cd', 3)).toBe('ab...');
  });

  it('is total on odd limits', () => {
    expect(cutName('Стол', 0)).toBe('...');
    expect(cutName('Стол', -5)).toBe('...');
    expect(cutName('Стол', Number.NaN)).toBe('...');
    expect(cutName('Стол', Number.POSITIVE_INFINITY)).toBe('Стол');
    expect(cutName('Стол', 2.9)).toBe('Ст...');
    expect(cutName('', 0)).toBe('');
  });

  it('accepts another cut mark', () => {
    expect(cutName('Табурет барный', 7, '…')).toBe('Табурет…');
  });
});

describe('overflowLabel', () => {
  it.each([
    [7, 6, '+1 товар...'],
    [9, 6, '+3 товара...'],
    [11, 6, '+5 товаров...'],
    [17, 6, '+11 товаров...'],
    [27, 6, '+21 товар...'],
  ])('%i items, %i shown → %s', (total, shown, label) => {
    expect(overflowLabel(total, shown)).toBe(label);
  });

  it('is null when nothing overflows or the counts are unusable', () => {
    expect(overflowLabel(6, 6)).toBeNull();
    expect(overflowLabel(3, 6)).toBeNull();
    expect(overflowLabel(0, 0)).toBeNull();
    expect(overflowLabel(Number.NaN, 6)).toBeNull();
    expect(overflowLabel(Number.POSITIVE_INFINITY, 6)).toBeNull();
  });
});

describe('panelOverflow', () => {
  it('shows up to the limit and labels the rest', () => {
    expect(panelOverflow(8, FAVOURITES_PANEL_ITEMS)).toEqual({ shown: 6, label: '+2 товара...' });
    expect(panelOverflow(4, MINI_CART_ITEMS)).toEqual({ shown: 4, label: null });
    expect(panelOverflow(-3, MINI_CART_ITEMS)).toEqual({ shown: 0, label: null });
  });
});

describe('helpers', () => {
  it('collapseWhitespace handles no-break spaces and line breaks', () => {
    expect(collapseWhitespace('\u00A0a\u202F\u00A0b\r\nc ')).toBe('a b c');
  });

  it('safePrefix never ends in half a surrogate pair', () => {
    expect(safePrefix('a😀', 2)).toBe('a');
    expect(safePrefix('a😀', 3)).toBe('a😀');
    expect(safePrefix('abc', 0)).toBe('');
  });
});
