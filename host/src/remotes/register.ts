import type { RemoteName } from '@keuangan/shared/core';
import { registerRemotes } from '@module-federation/enhanced/runtime';

/**
 * Registers the remotes listed in assets/config.json. Nothing is fetched here: a remote's manifest is
 * requested the first time one of its routes opens, so an offline remote cannot break start-up.
 */
export function registerConfiguredRemotes(remotes: Record<RemoteName, string>, force = false) {
  registerRemotes(
    Object.entries(remotes).map(([name, entry]) => ({ name, entry })),
    { force },
  );
}
