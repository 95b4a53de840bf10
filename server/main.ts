import { configFromEnv } from './config';
import { openDb } from './db/open';
import { migrate } from './db/migrate';
import { seedIfEmpty } from './db/seed';
import { spreadDemoTenants } from './db/demo-shards';
import { buildServer } from './app';
import { fillEmptySummariesEverywhere, startUpkeep } from './upkeep';
import { startDailyClose } from './close';
import { startInbox } from './ingest/inbox';
import { demoLogin } from './startup/demo-login';
import { browserUrl, readyLine } from './startup/lines';
import { friendlyLines, loggerOptions, seedProgress } from './startup/logger';

/** Opens (or creates, migrates and seeds) the database and serves the API and the SPA. */
async function main(): Promise<void> {
  const started = Date.now();
  const config = configFromEnv();
  const db = await openDb(config.db);
  const applied = await migrate(db);
  const app = await buildServer({
    db,
    config,
    logger: loggerOptions(config),
  });
  const say = friendlyLines(config, app.log);
  if (applied.length) app.log.info({ applied }, 'migrations applied');
  const upkeep = await startUpkeep(app);
  if (upkeep.interrupted.length) app.log.warn({ jobs: upkeep.interrupted }, 'jobs interrupted by a restart failed');
  const seeded = await seedIfEmpty(db, { scale: 'demo', onProgress: seedProgress(say, app.log) });
  if (seeded) app.log.info('demo data seeded');
  if (seeded) await spreadDemoTenants(config.db, (line) => app.log.info(line));
  const filled = await fillEmptySummariesEverywhere(app);
  if (filled.length) app.log.info({ filled }, 'report summaries filled');

  const dailyClose = startDailyClose(app);
  // DuckDB admits one writing process: `npm run load` hands its files to this one through the inbox
  const inbox = config.db.databaseUrl ? null : startInbox(app, config.db.dataDir);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    upkeep.stop();
    await dailyClose.stop();
    await inbox?.stop();
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  say(readyLine(browserUrl(config.host, config.port), await demoLogin(db)), { ms: Date.now() - started, database: db.dialect });
  // days that ended while no process ran are closed now, oldest first, while requests are served
  void dailyClose.runNow();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
