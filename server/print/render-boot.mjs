// The render thread starts from plain JavaScript: a worker does not inherit the TypeScript loader
// that runs the server (tsx, or vitest in tests), so it registers tsx and then loads its .ts entry.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
