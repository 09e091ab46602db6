/**
 * A test double of a port that fails loudly on any method the test did not give it
 * ("AdminOrdersRepository: unimplemented stream"), so a use case that reaches for more than it
 * should is caught instead of silently getting undefined (style.md habit 5).
 */
export function strictPort<T extends object>(name: string, given: Partial<T>): T {
  return new Proxy(given, {
    get(target, property, receiver) {
      if (property in target) return Reflect.get(target, property, receiver);
      if (property === 'then') return undefined;
      return () => {
        throw new Error(`${name}: unimplemented ${String(property)}`);
      };
    },
  }) as T;
}
