import { configFromEnv } from './config';
import { openDb } from './db/open';
import { migrate } from './db/migrate';
import { seedIfEmpty } from './db/seed';
import { spreadDemoTenants } from './db/demo-shards';
import { buildServer } from './app';
import { fillEmptySummariesEverywhere, startUpkeep } from './upkeep';
import { startDailyClose } from './close';

/** Opens (or creates, migrates and seeds) the database and serves the API and the SPA. */
async function main(): Promise<void> {
  const started = Date.now();
  const config = configFromEnv();
  const db = await openDb(config.db);
  const applied = await migrate(db);
  const app = await buildServer({
    db,
    config,
    logger: { level: config.logLevel, transport: undefined },
  });
  if (applied.length) app.log.info({ applied }, 'migrations applied');
  const upkeep = await startUpkeep(app);
  if (upkeep.interrupted.length) app.log.warn({ jobs: upkeep.interrupted }, 'jobs interrupted by a restart failed');
  const seeded = await seedIfEmpty(db, { scale: 'demo', onProgress: (msg) => app.log.info(msg) });
  if (seeded) app.log.info('demo data seeded');
  if (seeded) await spreadDemoTenants(config.db, (line) => app.log.info(line));
  const filled = await fillEmptySummariesEverywhere(app);
  if (filled.length) app.log.info({ filled }, 'report summaries filled');

  const dailyClose = startDailyClose(app);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    upkeep.stop();
    dailyClose.stop();
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  app.log.info({ ms: Date.now() - started, database: db.dialect }, `ready on http://${config.host}:${config.port}`);
  // days that ended while no process ran are closed now, oldest first, while requests are served
  void dailyClose.runNow();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
