/**
 * `npm run complete-lock`: adds the other platforms' native packages back into package-lock.json.
 *
 * The registry this project installs from serves only the linux-x64 builds of some native packages
 * (DuckDB bindings, Rollup). `npm install` then drops the other platforms from the lock, and `npm ci`
 * refuses the lock because their parents still name them as optional dependencies. Each missing
 * package is added the way npm records a platform package it will skip: exact version, optional, with
 * its os/cpu/libc read from the package name. Run it after any `npm install` that rewrites the lock.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

interface LockEntry {
  version?: string;
  dev?: boolean;
  optional?: boolean;
  os?: string[];
  cpu?: string[];
  libc?: string[];
  optionalDependencies?: Record<string, string>;
  [key: string]: unknown;
}

const OSES = ['darwin', 'linux', 'win32', 'android', 'freebsd', 'openbsd', 'netbsd', 'openharmony', 'sunos', 'aix'];
const CPUS = ['arm64', 'x64', 'ia32', 'loong64', 'ppc64', 'riscv64', 's390x', 'mips64el', 'arm'];

/** os/cpu/libc of a platform package, from tokens such as `linux-arm64-musl` or `android-arm-eabi`. */
export function platformOf(name: string): Pick<LockEntry, 'os' | 'cpu' | 'libc'> | null {
  const tokens = name.split('/').pop()!.split('-');
  const os = tokens.find((t) => OSES.includes(t));
  const cpu = CPUS.find((c) => tokens.includes(c));
  if (!os || !cpu) return null;
  if (os !== 'linux') return { os: [os], cpu: [cpu] };
  return { os: [os], cpu: [cpu], libc: [tokens.some((t) => t.startsWith('musl')) ? 'musl' : 'glibc'] };
}

function main(): void {
  const file = join(import.meta.dirname, '..', 'package-lock.json');
  const lock = JSON.parse(readFileSync(file, 'utf8')) as { packages: Record<string, LockEntry> };
  const added: string[] = [];
  for (const [path, entry] of Object.entries(lock.packages)) {
    for (const [name, spec] of Object.entries(entry.optionalDependencies ?? {})) {
      const nested = `${path ? `${path}/` : ''}node_modules/${name}`;
      if (lock.packages[nested] || lock.packages[`node_modules/${name}`]) continue;
      const platform = platformOf(name);
      if (!platform || !/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(spec)) {
        throw new Error(`${path}: optional dependency ${name}@${spec} is missing and not a pinned platform package`);
      }
      lock.packages[`node_modules/${name}`] = {
        version: spec,
        ...platform,
        ...(entry.dev ? { dev: true } : {}),
        optional: true,
      };
      added.push(`${name}@${spec}`);
    }
  }
  const sorted = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
  writeFileSync(file, `${JSON.stringify({ ...lock, packages: sorted }, null, 2)}\n`);
  console.log(added.length ? `added ${added.length}: ${added.join(', ')}` : 'lock already complete');
}

if (process.argv[1] === import.meta.filename) main();
