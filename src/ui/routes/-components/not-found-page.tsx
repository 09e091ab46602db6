import { useLocation } from '@tanstack/react-router';
import { NotFoundContent } from '../../components/not-found-content';
import { PageHead } from './page-head';

/** The head of the not-found page; the text repeats what the page says. */
export const NOT_FOUND_HEAD = {
  title: 'Страница не найдена',
  description: 'Такой страницы нет. Проверьте адрес или вернитесь на главную страницу или в каталог.',
} as const;

/**
 * The not-found page with its head tags (spec §2 "any other path"). It is never indexed: whatever
 * URL it answers, a search engine must not keep it. The head lives here rather than in
 * NotFoundContent so that shared components keep no knowledge of the routes' head handling.
 */
export function NotFoundPage() {
  const path = useLocation({ select: (location) => location.href });
  return (
    <>
      <PageHead
        title={NOT_FOUND_HEAD.title}
        description={NOT_FOUND_HEAD.description}
        path={path}
        robots="noindex,nofollow"
      />
      <NotFoundContent />
    </>
  );
}
