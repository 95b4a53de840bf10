import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

/**
 * A route's `lazy` loader for a page module: the module is imported on first visit and its named export
 * becomes the route's Component. The name is checked against the module's exports at compile time.
 */
export function page<M extends Record<K, ComponentType>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
): NonNullable<RouteObject['lazy']> {
  return async () => ({ Component: (await load())[name] });
}
