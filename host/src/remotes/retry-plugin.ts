import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

const ATTEMPTS = 3;
const FIRST_DELAY_MS = 300;

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Retries a remote's manifest fetch a few times with a growing pause, so a remote that is restarting
 * or a dropped connection does not cost the user a screen. When every attempt fails the error goes on
 * to the area's error boundary, which shows the fallback with its own "Coba lagi" button.
 * (The published retry plugin trails the 2.x runtime; this is the small part of it we need.)
 */
export default function retryPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'keuangan-remote-retry',
    async fetch(url, init) {
      let lastError: unknown;
      for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
        if (attempt > 0) await delay(FIRST_DELAY_MS * 2 ** (attempt - 1));
        try {
          const response = await fetch(url, init);
          if (response.ok) return response;
          lastError = new Error(`${url} menjawab ${response.status}`);
        } catch (error) {
          lastError = error;
        }
      }
      throw lastError;
    },
  };
}
