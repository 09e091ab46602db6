import 'reflect-metadata';
import { container, type DependencyContainer } from 'tsyringe';
import { CLOCK_PORT, type ClockPort } from '../application/ports/clock.port';
import type { PortToken } from '../application/ports/port-token';
import { SystemClock } from './system-clock.adapter';

/**
 * The composition root: the only place that knows which adapter serves which port.
 * src/ui/main.tsx is the single view-side file allowed to import it (see .dependency-cruiser.cjs).
 */
export function createAppContainer(): DependencyContainer {
  const app = container.createChildContainer();
  app.register<ClockPort>(CLOCK_PORT, { useValue: new SystemClock() });
  return app;
}

export function resolvePort<T>(from: DependencyContainer, token: PortToken<T>): T {
  return from.resolve<T>(token);
}
