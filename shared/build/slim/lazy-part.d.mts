import type { ComponentType, ReactNode } from 'react';

// biome-ignore lint/suspicious/noExplicitAny: any component, as the swapped modules' own
export declare function lazyPart<P = any>(
  load: () => Promise<{ default: ComponentType<P> }>,
  fallback?: (props: P) => ReactNode,
): ComponentType<P>;
