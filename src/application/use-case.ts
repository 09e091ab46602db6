import type { PortToken } from './ports/port-token';

/**
 * The one door from views to the application layer (style.md rule 13; issue 25 item 2).
 *
 * A use case is a named command, query or provided machine: the ports it needs, by token, and what it
 * makes of them. Views and route loaders never hold a port; they ask the running shop for a use case
 * (`useUseCase(changeOrderStatus)` in a view, `context.shop.resolve(productPage)` in a loader) and the
 * composition root's tsyringe container builds it from its registered ports — once per container, and
 * there is one container per page, per server render and per test (a child container each), so a test
 * gives a use case its own fakes by registering them under the same tokens.
 *
 * Use cases are registered on first use rather than listed in the composition root: that keeps each one
 * in the chunk of the screen that needs it (the back office's use cases never reach the storefront's
 * bundle), while the registration itself — token → factory, instance-cached — stays the container's.
 */
export interface UseCase<Run> {
  /** `area.verbNoun`, e.g. `admin.orders.changeStatus`: what the inspector and errors call it. */
  readonly name: string;
  readonly token: PortToken<Run>;
  readonly create: (from: PortResolver) => Run;
}

/** What a use case is built from: the container, seen only as «give me the port of this token». */
interface PortResolver {
  resolve<T>(token: PortToken<T>): T;
}

/** What the running shop hands out: a use case, built from this page's (or render's, or test's) ports. */
export type UseCaseRunner = <Run>(useCase: UseCase<Run>) => Run;

type PortsOf<Tokens> = {
  readonly [Key in keyof Tokens]: Tokens[Key] extends PortToken<infer Port> ? Port : never;
};

/**
 * Defines a use case. `ports` names each port the use case needs by its token; `create` receives the
 * resolved ports and returns the use case itself (a function, an object of functions, or a machine
 * provided with its actors).
 *
 * ```ts
 * export const changeOrderStatus = defineUseCase(
 *   'admin.orders.changeStatus',
 *   { orders: ADMIN_ORDERS_PORT },
 *   ({ orders }) => (id: number, status: AdminOrderStatus, seen: AdminOrderStatus, signal?: AbortSignal) =>
 *     orders.updateStatus(id, status, seen, { signal }),
 * );
 * ```
 */
export function defineUseCase<const Tokens extends Readonly<Record<string, PortToken<unknown>>>, Run>(
  name: string,
  ports: Tokens,
  create: (ports: PortsOf<Tokens>) => Run,
): UseCase<Run> {
  return {
    name,
    token: Symbol(`shop.useCase.${name}`) as PortToken<Run>,
    create: (from) =>
      create(
        Object.fromEntries(
          Object.entries(ports).map(([key, token]) => [key, from.resolve(token)]),
        ) as PortsOf<Tokens>,
      ),
  };
}
