/** `npm start`: builds the SPA when it is missing, then runs the server (which migrates and seeds on first start). */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');

if (!existsSync(join(ROOT, 'dist', 'app', 'index.html'))) {
  console.log('Building the web app (first start only)…');
  const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

await import('../server/main');
