import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';

/** A throwaway PostgreSQL cluster on 127.0.0.1 for the PostgreSQL test run. */
export interface PgCluster {
  url: string;
  port: number;
  /** stops the server and removes its files */
  stop(): void;
  /** stops the server, keeping its files (a standby that went away) */
  halt(): void;
  /** starts a halted server again */
  resume(): void;
}

export function findPgBin(): string | null {
  const fromEnv = process.env.PG_BIN;
  if (fromEnv && existsSync(join(fromEnv, 'initdb'))) return fromEnv;
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) {
    const bin = join(base, v, 'bin');
    if (existsSync(join(bin, 'initdb'))) return bin;
  }
  return null;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** initdb refuses to run as root: run the server binaries as the postgres user then. */
function runAs(bin: string, args: string[]): void {
  const isRoot = process.getuid?.() === 0;
  const cmd = isRoot ? 'runuser' : bin;
  const full = isRoot ? ['-u', 'postgres', '--', bin, ...args] : args;
  const r = spawnSync(cmd, full, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${bin} ${args.join(' ')} failed:\n${r.stdout}\n${r.stderr}`);
}

function requireBin(): string {
  const bin = findPgBin();
  if (!bin) throw new Error('PostgreSQL server binaries not found (apt-get install postgresql, or set PG_BIN)');
  return bin;
}

/** A new folder the server user may write. */
function clusterDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'hm-pg-'));
  chmodSync(dir, 0o777);
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres', dir]);
  return dir;
}

/** Starts the server of `dataDir` on `port` and returns its handle. */
function launch(bin: string, dir: string, dataDir: string, port: number): PgCluster {
  const start = () =>
    runAs(join(bin, 'pg_ctl'), [
      '-D', dataDir, '-w', '-l', join(dir, 'server.log'),
      '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`,
      'start',
    ]);
  const halt = () => runAs(join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', 'stop']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    halt,
    resume: start,
    stop: () => {
      try {
        halt();
      } catch {
        // already halted: the files are removed all the same
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

export async function startPgCluster(): Promise<PgCluster> {
  const bin = requireBin();
  const dir = clusterDir();
  const dataDir = join(dir, 'data');
  runAs(join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale']);
  return launch(bin, dir, dataDir, await freePort());
}

/**
 * A hot standby of `primary`, streaming from it: a base backup taken with `pg_basebackup -R` (which
 * writes the standby signal and the connection to the primary), started on a port of its own.
 */
export async function startStandby(primary: PgCluster): Promise<PgCluster> {
  const bin = requireBin();
  const dir = clusterDir();
  const dataDir = join(dir, 'data');
  runAs(join(bin, 'pg_basebackup'), ['-D', dataDir, '-R', '-X', 'stream', '-c', 'fast', '-d', `host=127.0.0.1 port=${primary.port} user=postgres`]);
  return launch(bin, dir, dataDir, await freePort());
}

/** Copies database `fromUrl` into the empty database `toUrl`: pg_dump piped into pg_restore. */
export function copyDatabase(fromUrl: string, toUrl: string): void {
  const bin = requireBin();
  const script = 'set -o pipefail; "$0/pg_dump" -Fc -Z 0 -d "$1" | "$0/pg_restore" --no-owner -d "$2"';
  const r = spawnSync('bash', ['-c', script, bin, fromUrl, toUrl], { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`copying ${fromUrl} failed:\n${r.stderr}`);
}
