import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ClientType, LoginResponse, SessionInfo } from '../../engine/wire';
import { md5Hex } from '../../server/auth/password';
import { buildServer } from '../../server/app';
import type { ServerConfig } from '../../server/config';
import { openTestDb, type TestDb } from './testdb';

export const DEMO_PASSWORD = 'Demo@2026';

export interface TestServer {
  app: FastifyInstance;
  testDb: TestDb;
  close(): Promise<void>;
}

/**
 * The real Fastify app over a private seeded database, driven with app.inject. Its files (uploads,
 * exports, import work files) go to a folder of its own unless the test names one: servers of
 * parallel test files share an instance id, and a server removes its instance's leftover work files
 * when it starts.
 */
export async function startTestServer(config: Partial<ServerConfig> = {}): Promise<TestServer> {
  const testDb = await openTestDb();
  const ownFiles = config.filesDir ? null : mkdtempSync(join(tmpdir(), 'hm-test-files-'));
  const app = await buildServer({ db: testDb.db, config: { staticDir: '/nonexistent', ...(ownFiles ? { filesDir: ownFiles } : {}), ...config } });
  await app.ready();
  return {
    app,
    testDb,
    close: async () => {
      await app.close();
      await testDb.close();
      if (ownFiles) rmSync(ownFiles, { recursive: true, force: true });
    },
  };
}

export async function login(
  app: FastifyInstance,
  username: string,
  client: ClientType,
  merchant_no = '10139',
  password = DEMO_PASSWORD,
): Promise<LoginResponse> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { merchant_no, username, password: md5Hex(password), client },
  });
  if (res.statusCode !== 200) throw new Error(`login ${merchant_no}/${username} failed: ${res.body}`);
  return res.json().data as LoginResponse;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** [key, username, client, merchant_no] of an account a test file logs in once. */
export type Account = readonly [key: string, username: string, client: ClientType, merchant_no: string];

/**
 * A test server whose files live in a fresh temporary folder, with each account logged in: tokens and
 * sessions by key. `close` stops the server and removes the folder.
 */
export async function startWithAccounts(
  accounts: readonly Account[],
): Promise<{ server: TestServer; tokens: Record<string, string>; sessions: Record<string, SessionInfo>; close(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hm-it-'));
  const server = await startTestServer({ db: { dataDir }, filesDir: dataDir });
  const tokens: Record<string, string> = {};
  const sessions: Record<string, SessionInfo> = {};
  for (const [key, user, client, merchant] of accounts) {
    const res = await login(server.app, user, client, merchant);
    tokens[key] = res.token;
    sessions[key] = res.session;
  }
  return {
    server,
    tokens,
    sessions,
    close: async () => {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
