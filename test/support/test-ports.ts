import type { DependencyContainer } from 'tsyringe';
import type { PortToken } from '../../src/application/ports/port-token';
import type { UseCaseRunner } from '../../src/application/use-case';
import { createAppContainer, runnerOfUseCases } from '../../src/infrastructure/composition-root';

/** One fake port under its token (typed: the fake must be the port the token stands for). */
export interface PortProvision {
  readonly register: (into: DependencyContainer) => void;
}

export function provide<T>(token: PortToken<T>, port: T): PortProvision {
  return { register: (into) => into.register<T>(token, { useValue: port }) };
}

/**
 * A test's own container (a tsyringe child of the app's, with no browser and no network), its ports
 * the test's fakes: the use cases a view or loader asks for are built from them exactly as the app
 * builds them from its adapters. A port the test did not provide answers like an unreachable server.
 */
function testContainer(provisions: readonly PortProvision[]): DependencyContainer {
  const container = createAppContainer({
    window: null,
    fetch: () => Promise.reject(new TypeError('no network in a test container')),
    logger: { warn() {}, error() {} },
  }).createChildContainer();
  for (const provision of provisions) provision.register(container);
  return container;
}

/** The use cases of a test container (a test runtime's `use`). */
export function testUseCases(provisions: readonly PortProvision[]): UseCaseRunner {
  return runnerOfUseCases(testContainer(provisions));
}
