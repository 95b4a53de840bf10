-- Tenants that moved away from this database (npm run tenant:move, docs/scaling.md): written by the
-- removal of the tenant's rows in the same transaction, removed when the tenant moves back. A
-- transaction of the tenant that begins here after its move (a request that chose this shard before
-- the move and outlived it) finds the row and is refused instead of writing rows nobody reads.
CREATE TABLE tenant_departed (
  tenant_id BIGINT NOT NULL,
  shard VARCHAR(64) NOT NULL,             -- where it went
  departed_at TIMESTAMP NOT NULL,
  PRIMARY KEY (tenant_id)
);
