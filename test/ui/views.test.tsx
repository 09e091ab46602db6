import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Badge, ProductBadgeView } from '../../src/ui/components/badge';
import { Breadcrumbs } from '../../src/ui/components/breadcrumbs';
import { Button } from '../../src/ui/components/button';
import { EmptyState } from '../../src/ui/components/empty-state';
import { countLabel, IconButton } from '../../src/ui/components/icon-button';
import { NotFoundContent } from '../../src/ui/components/not-found-content';
import { SliderSection } from '../../src/ui/components/slider';
import { LoadingScreen } from '../../src/ui/components/spinner';
import { SubscribeBlock } from '../../src/ui/components/subscribe-block';
import { renderWithRouter } from './render-with-router';

afterEach(cleanup);

describe('LoadingScreen', () => {
  it('announces the two loading texts of the spec', () => {
    render(<LoadingScreen kind="app" />);
    expect(screen.getByRole('status').textContent).toBe('Подготавливаем магазин…');
    cleanup();
    render(<LoadingScreen kind="page" />);
    expect(screen.getByRole('status').textContent).toBe('Загрузка страницы…');
  });
});

describe('NotFoundContent', () => {
  it('has one h1 and ways back into the shop', async () => {
    await renderWithRouter(<NotFoundContent />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Страница не найдена');
    expect(screen.getByRole('link', { name: 'На главную' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Перейти в каталог' }).getAttribute('href')).toBe('/categories');
  });
});

describe('EmptyState', () => {
  it('shows its title at the requested level, text and actions', () => {
    render(
      <EmptyState
        title="Список не найден или пуст."
        headingLevel="h1"
        actions={<Button>На главную</Button>}
      />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Список не найден или пуст.' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'На главную' })).toBeTruthy();
  });
});

describe('Badge', () => {
  it("labels product badges with the domain's texts", () => {
    render(
      <>
        <ProductBadgeView badge="trending" />
        <ProductBadgeView badge="new" />
        <ProductBadgeView badge="available" />
        <ProductBadgeView badge="preorder" />
        <Badge tone="sale">−15%</Badge>
      </>,
    );
    for (const text of ['Хит', 'Новинка', 'В наличии', 'Под заказ', '−15%'])
      expect(screen.getByText(text)).toBeTruthy();
  });
});

describe('IconButton', () => {
  it('is named by its aria-label and shows a count bubble', () => {
    const onClick = vi.fn();
    render(<IconButton aria-label="Корзина" icon={<svg />} count={120} onClick={onClick} />);
    const button = screen.getByRole('button', { name: 'Корзина' });
    expect(button.getAttribute('type')).toBe('button');
    expect(button.textContent).toBe('99+');
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('shows no bubble for zero or nonsense counts', () => {
    expect([0, -3, Number.NaN, Number.POSITIVE_INFINITY, undefined].map(countLabel)).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
    expect(countLabel(7)).toBe('7');
  });
});

describe('Breadcrumbs', () => {
  it('links every crumb but the current page', async () => {
    await renderWithRouter(
      <Breadcrumbs
        items={[
          { label: 'Главная', href: '/' },
          { label: 'Мебель', href: '/category/mebel' },
          { label: 'Диваны' },
        ]}
      />,
    );
    expect(screen.getByRole('navigation', { name: 'Хлебные крошки' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Мебель' }).getAttribute('href')).toBe('/category/mebel');
    expect(screen.getByText('Диваны').getAttribute('aria-current')).toBe('page');
  });
});

describe('SliderSection', () => {
  it('shows its items in a labelled, keyboard-scrollable list', async () => {
    await renderWithRouter(
      <SliderSection title="Новинки" status="ready">
        <p key="a">Первый</p>
        <p key="b">Второй</p>
      </SliderSection>,
    );
    const list = screen.getByRole('list', { name: 'Новинки' });
    expect(list.getAttribute('tabindex')).toBe('0');
    expect(list.children).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Прокрутить вперёд' })).toBeTruthy();
  });

  it('is busy while loading and shows no list', async () => {
    await renderWithRouter(<SliderSection title="Новости" status="loading" />);
    expect(screen.getByRole('region', { name: 'Новости' }).getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByRole('list')).toBeNull();
  });
});

describe('SubscribeBlock', () => {
  it('hands over the e-mail and the consent (unchecked until the visitor ticks it)', async () => {
    const onSubmit = vi.fn();
    await renderWithRouter(<SubscribeBlock onSubmit={onSubmit} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Ваш email' }), {
      target: { value: 'anna@example.ru' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Подписаться' }));
    expect(onSubmit).toHaveBeenLastCalledWith({ email: 'anna@example.ru', consent: false });
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Подписаться' }));
    expect(onSubmit).toHaveBeenLastCalledWith({ email: 'anna@example.ru', consent: true });
  });

  it('shows the consent error and keeps the button disabled until a handler is wired', async () => {
    await renderWithRouter(<SubscribeBlock consentError="Вам нужно принять правила" />);
    expect(screen.getByRole('alert').textContent).toBe('Вам нужно принять правила');
    expect((screen.getByRole('button', { name: 'Подписаться' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
