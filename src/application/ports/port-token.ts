/**
 * A typed DI token. tsyringe tokens are plain symbols, which forget the interface they stand for;
 * the phantom field carries it so `resolvePort(container, TOKEN)` returns the right type without casts
 * at call sites (stack.md: interfaces and `import type` become `Object` in emitted metadata).
 */
export type PortToken<T> = symbol & { readonly __port?: T };

export function portToken<T>(name: string): PortToken<T> {
  return Symbol.for(`shop.port.${name}`) as PortToken<T>;
}
