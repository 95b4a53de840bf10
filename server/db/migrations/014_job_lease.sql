-- Which server process runs a background job, and when it last said so. Several processes share one
-- database: a restarted process fails only its own interrupted jobs, and any process fails the jobs
-- of a process that stopped beating (crashed and not restarted). A separate table: import_log keeps
-- its shape, and DuckDB cannot add columns to a table with an index.
CREATE TABLE job_lease (
  job_id VARCHAR(64) NOT NULL,
  tenant_id BIGINT NOT NULL,
  instance_id VARCHAR(100) NOT NULL,
  heartbeat_at TIMESTAMP NOT NULL,
  PRIMARY KEY (job_id)
);
