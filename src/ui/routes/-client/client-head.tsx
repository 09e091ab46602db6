import { useLocation } from '@tanstack/react-router';
import { PageHead } from '../-components/page-head';

/**
 * The head of a client screen: its title and, through the shared page head, robots by the spec's
 * path rule (noindex,nofollow for /cart, /checkout, /orders, /login …; spec §2 "Page indexing").
 * The path is the one actually shown, so the rule sees exactly what a crawler would.
 */
export function ClientHead({ title, description }: { title: string; description?: string }) {
  const path = useLocation({ select: (location) => location.pathname });
  return <PageHead title={title} description={description ?? title} path={path} />;
}
