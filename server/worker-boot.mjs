// A worker thread starts from plain JavaScript: it does not inherit the TypeScript loader that runs
// the server (tsx, or vitest in tests), so it registers tsx and then loads its .ts entry
// (`workerData.entry`). Used by the bounded pools (PDF rendering, import sheet reading) and the export's sheet encoders.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
