-- Idempotent creates: the first answer to a create carrying an Idempotency-Key, kept for
-- a day so that a retried or repeated request answers it instead of storing a second record. A row
-- without an answer is a create in progress; its owner fills the answer or removes the row.
CREATE TABLE idempotency_key (
  tenant_id BIGINT NOT NULL,
  account_id BIGINT NOT NULL,
  idem_key VARCHAR(200) NOT NULL,
  fingerprint VARCHAR(64) NOT NULL,   -- sha256 of method, address and body: a key is for one request
  status_code INTEGER,
  response TEXT,
  created_at TIMESTAMP NOT NULL,
  PRIMARY KEY (tenant_id, account_id, idem_key)
);
