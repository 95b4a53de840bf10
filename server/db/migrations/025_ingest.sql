-- Data in (docs/loading.md): the keys other systems (tills, ERPs) push data with, and one row per
-- load, from a folder or a push, for the 数据接入 screen. A key is stored as the sha256 of its secret;
-- the secret is shown once, when the key is created. A load's fingerprint (sha256 of its files) lets
-- the same files loaded again be recognised and change nothing.
CREATE TABLE ingest_key (
  tenant_id BIGINT NOT NULL,
  key_id BIGINT NOT NULL,
  key_name VARCHAR(64) NOT NULL,
  key_prefix VARCHAR(16) NOT NULL,       -- the secret's first characters, to tell keys apart on screen
  key_hash VARCHAR(64) NOT NULL,
  tables VARCHAR(4000) NOT NULL,         -- comma-separated table names the key may push
  created_by BIGINT NOT NULL,
  created_at TIMESTAMP NOT NULL,
  revoked_by BIGINT,
  revoked_at TIMESTAMP,
  last_used_at TIMESTAMP,
  PRIMARY KEY (tenant_id, key_id)
);
-- led by the tenant, as every key of a tenant table (Citus distributes by tenant_id); a push names its tenant
CREATE UNIQUE INDEX ingest_key_hash ON ingest_key (tenant_id, key_hash);

CREATE TABLE ingest_log (
  tenant_id BIGINT NOT NULL,
  log_id BIGINT NOT NULL,
  source VARCHAR(16) NOT NULL,           -- file (npm run load, the drop folder) or push (POST /api/ingest)
  key_id BIGINT,                         -- the ingest key of a push
  tables VARCHAR(4000) NOT NULL,         -- table:rows, comma-separated
  rows_accepted BIGINT NOT NULL,
  rows_rejected BIGINT NOT NULL,
  status VARCHAR(16) NOT NULL,           -- done, refused, repeated (the same files again: nothing written)
  fingerprint VARCHAR(64),
  started_at TIMESTAMP NOT NULL,
  duration_ms BIGINT NOT NULL,
  rejects TEXT,                          -- the rejects file's CSV text (bounded), for download
  PRIMARY KEY (tenant_id, log_id)
);
CREATE INDEX ingest_log_fingerprint ON ingest_log (tenant_id, fingerprint);
