import type { ViteUserConfig } from 'vitest/config';

declare const config: ViteUserConfig;
export default config;
