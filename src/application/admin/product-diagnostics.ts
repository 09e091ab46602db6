/**
 * «Почему нельзя купить»: what keeps a product from being bought on the storefront (issue 11, after
 * Saleor's Availability Doctor). Each check names the problem and how to fix it, in Russian.
 */
export interface BuyabilityFacts {
  readonly price: number;
  readonly imageCount: number;
  readonly hidden: boolean;
  readonly deleted: boolean;
  /** null when the category is not known (not loaded yet). */
  readonly categoryActive: boolean | null;
  /** null: stock is not tracked. */
  readonly stock: number | null;
}

export interface BuyabilityProblem {
  readonly code: 'deleted' | 'hidden' | 'no-price' | 'no-image' | 'inactive-category' | 'no-stock';
  readonly title: string;
  readonly fix: string;
  /** A blocker stops the sale; a warning only hurts it (a product without a picture still sells). */
  readonly severity: 'blocker' | 'warning';
}

export function buyabilityProblems(facts: BuyabilityFacts): BuyabilityProblem[] {
  const problems: BuyabilityProblem[] = [];
  if (facts.deleted)
    problems.push({
      code: 'deleted',
      title: 'Товар удалён',
      fix: 'Восстановите его из списка удалённых.',
      severity: 'blocker',
    });
  if (facts.hidden)
    problems.push({
      code: 'hidden',
      title: 'Товар скрыт с витрины',
      fix: 'Снимите отметку «Скрыт».',
      severity: 'blocker',
    });
  if (facts.price <= 0)
    problems.push({
      code: 'no-price',
      title: 'Нет цены',
      fix: 'Укажите цену больше нуля.',
      severity: 'blocker',
    });
  if (facts.categoryActive === false)
    problems.push({
      code: 'inactive-category',
      title: 'Категория выключена',
      fix: 'Включите категорию в разделе «Контент» или перенесите товар в другую.',
      severity: 'blocker',
    });
  if (facts.stock !== null && facts.stock <= 0)
    problems.push({
      code: 'no-stock',
      title: 'Нет в наличии',
      fix: 'Укажите остаток больше нуля или не ведите учёт остатка.',
      severity: 'blocker',
    });
  if (facts.imageCount === 0)
    problems.push({
      code: 'no-image',
      title: 'Нет фотографии',
      fix: 'Загрузите хотя бы одно фото — без него товар почти не покупают.',
      severity: 'warning',
    });
  return problems;
}
