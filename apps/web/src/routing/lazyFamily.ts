import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * Lazily loaded pages of one family module. The family's chunk is fetched when the first of its
 * pages renders; the browser's module cache serves the rest, so a family costs one download however
 * many of its pages are visited. `pick` names the page within the family.
 */
export function lazyFamily<M>(
  load: () => Promise<M>,
): <P extends object>(
  pick: (family: M) => ComponentType<P>,
) => LazyExoticComponent<ComponentType<P>> {
  return (pick) => lazy(async () => ({ default: pick(await load()) }));
}
