-- The daily close (docs/daily-close.md): per tenant, the last business day closed, the day through which
-- the daily stock and lot snapshots are complete, and the lease of the process running its close, so one
-- process among several closes a tenant at a time. One row per tenant and closed day records how each
-- close went (the 日结记录 screen and /api/health read it).
CREATE TABLE day_close (
  tenant_id BIGINT NOT NULL,
  closed_through DATE,
  snapshots_through DATE,
  lease_owner VARCHAR(100),
  lease_until TIMESTAMP,
  PRIMARY KEY (tenant_id)
);

CREATE TABLE day_close_log (
  tenant_id BIGINT NOT NULL,
  biz_date DATE NOT NULL,
  instance_id VARCHAR(100),
  started_at TIMESTAMP NOT NULL,
  finished_at TIMESTAMP,
  duration_ms BIGINT,
  rows_archived BIGINT,
  rows_daily BIGINT,
  status VARCHAR(16) NOT NULL,           -- running, done, failed
  message VARCHAR(2000),
  attempts INTEGER NOT NULL,
  PRIMARY KEY (tenant_id, biz_date)
);

