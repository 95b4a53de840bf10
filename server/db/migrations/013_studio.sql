-- Report studio: a tenant's own report definitions, each with its numbered versions. The current
-- version is the highest one; a revert writes a new version carrying an older definition, so the
-- history only grows. Shipped reports stay files in report-defs/ and never appear here.

CREATE TABLE studio_report (
  tenant_id BIGINT NOT NULL,
  report_id INTEGER NOT NULL,            -- above 100000
  version INTEGER NOT NULL,              -- current version
  PRIMARY KEY (tenant_id, report_id)
);

CREATE TABLE studio_report_version (
  tenant_id BIGINT NOT NULL,
  report_id INTEGER NOT NULL,
  version INTEGER NOT NULL,
  definition TEXT NOT NULL,              -- the report file's JSON
  action VARCHAR(16) NOT NULL,           -- create, update, revert
  account_id BIGINT NOT NULL,
  username VARCHAR(64) NOT NULL,
  created_at TIMESTAMP NOT NULL,
  PRIMARY KEY (tenant_id, report_id, version)
);
