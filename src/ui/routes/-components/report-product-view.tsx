import { useEffect, useRef } from 'react';
import { reportProductView } from '../../../application/analytics/report-product-view';
import type { ProductDetail } from '../../../application/ports/catalogue.port';
import { useUseCase } from '../../shell/shop-context';

/**
 * Tells web analytics the product page was shown (Metrica's `detail`, issue 26 item 4): once per
 * product arrived at, after the page is on screen — never on a re-render of the same product.
 */
export function ReportProductView({ product }: { readonly product: ProductDetail }) {
  const report = useUseCase(reportProductView);
  const latest = useRef(product);
  latest.current = product;
  const productId = product.id;
  useEffect(() => {
    if (latest.current.id === productId) report(latest.current);
  }, [report, productId]);
  return null;
}
