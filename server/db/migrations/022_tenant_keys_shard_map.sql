-- Every tenant table's keys begin with tenant_id, so each table can be distributed by tenant_id as is
-- (Citus create_distributed_table) and a tenant's rows always travel together (tenant:move).
-- Sessions and job leases are still looked up by token and job alone: plain indexes keep that fast.
-- DuckDB keeps its keys (it cannot change a primary key in place); its single file is never distributed.
-- @postgres
ALTER TABLE account_session DROP CONSTRAINT account_session_pkey;
ALTER TABLE account_session ADD PRIMARY KEY (tenant_id, token_hash);
CREATE INDEX ix_account_session_token ON account_session (token_hash);
ALTER TABLE job_lease DROP CONSTRAINT job_lease_pkey;
ALTER TABLE job_lease ADD PRIMARY KEY (tenant_id, job_id);
CREATE INDEX ix_job_lease_job ON job_lease (job_id);
-- @end

-- Which shard (database) holds a tenant, kept on the first shard; a tenant not listed lives there.
-- state 'moving' while `npm run tenant:move` copies the tenant: its requests are refused meanwhile.
CREATE TABLE tenant_shard (
  tenant_id BIGINT NOT NULL,
  shard VARCHAR(64) NOT NULL,
  state VARCHAR(16) NOT NULL,
  changed_at TIMESTAMP NOT NULL,
  PRIMARY KEY (tenant_id)
);
