import { cleanup, getDefaultNormalizer, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { formatPrice } from '../../src/domain/money';
import { Price } from '../../src/ui/components/price';

afterEach(cleanup);

// Prices carry the no-break spaces Intl puts in them; compare them as they are.
const exact = { normalizer: getDefaultNormalizer({ collapseWhitespace: false, trim: false }) };

describe('Price', () => {
  it('shows the price, the old price struck through and the rounded discount percent', () => {
    const { container } = render(<Price price={7990} oldPrice={9990} />);
    expect(screen.getByText(formatPrice(7990), exact)).toBeTruthy();
    const struck = container.querySelector('s');
    expect(struck?.textContent).toBe(`Старая цена: ${formatPrice(9990)}`);
    // (9990 − 7990) / 9990 × 100 = 20.02… → 20
    expect(screen.getByText('−20%')).toBeTruthy();
  });

  it('shows no old price and no percent when the old price is not higher', () => {
    const { container } = render(<Price price={5000} oldPrice={5000} />);
    expect(container.querySelector('s')).toBeNull();
    expect(container.textContent).not.toContain('%');
  });

  it("says 'Цена не указана' when there is no usable price", () => {
    render(<Price price={null} oldPrice={1000} />);
    expect(screen.getByText('Цена не указана')).toBeTruthy();
  });

  it('can leave the percent out while keeping the old price', () => {
    const { container } = render(<Price price={900} oldPrice={1000} showPercent={false} />);
    expect(container.querySelector('s')).not.toBeNull();
    expect(container.textContent).not.toContain('%');
  });
});
