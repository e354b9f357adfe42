// The folders the build reads from: the shared package and the workspace around it.
import path from 'node:path';

export const SHARED_DIR = path.dirname(import.meta.dirname);
export const WORKSPACE_DIR = path.dirname(SHARED_DIR);
