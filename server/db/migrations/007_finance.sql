-- Settlements, invoices, advances, AR/AP.
-- party_type is the party's org type: 2 store (party_no = store_no), 3 wholesale client (wholesaler_no), 4 supplier (supplier_no).

CREATE TABLE settlement (
  tenant_id BIGINT NOT NULL,
  settlement_no VARCHAR(32) NOT NULL,
  party_type SMALLINT NOT NULL,
  party_no VARCHAR(32) NOT NULL,
  org_code VARCHAR(32),
  period_month VARCHAR(7) NOT NULL,      -- 'YYYY-MM'
  settlement_amount DECIMAL(18,4) NOT NULL,
  settled_amount DECIMAL(18,4) NOT NULL,
  status SMALLINT NOT NULL,              -- 0 unsettled, 2 partly, 3 cleared, 4 voided
  invoice_status SMALLINT NOT NULL,      -- 0 not invoiced, 1 invoiced
  created_at TIMESTAMP, updated_at TIMESTAMP, created_by VARCHAR(64), updated_by VARCHAR(64)
);

CREATE TABLE settlement_item (
  tenant_id BIGINT NOT NULL,
  settlement_no VARCHAR(32) NOT NULL,
  doc_type SMALLINT NOT NULL,            -- stock document type, as stock_ledger.doc_type
  doc_no VARCHAR(32) NOT NULL,
  amount DECIMAL(18,4) NOT NULL
);

CREATE TABLE invoice_type (
  tenant_id BIGINT NOT NULL,
  party_type SMALLINT NOT NULL,
  invoice_type VARCHAR(32) NOT NULL,
  invoice_type_name VARCHAR(100) NOT NULL,
  PRIMARY KEY (tenant_id, party_type, invoice_type)
);

CREATE TABLE invoice (
  tenant_id BIGINT NOT NULL,
  invoice_no VARCHAR(32) NOT NULL,
  party_type SMALLINT NOT NULL,
  party_no VARCHAR(32) NOT NULL,
  invoice_type VARCHAR(32),
  invoice_date DATE NOT NULL,
  amount_ex_tax DECIMAL(18,4) NOT NULL,
  tax_amount DECIMAL(18,4) NOT NULL,
  tax_rate DECIMAL(6,4),
  settlement_no VARCHAR(32),
  status SMALLINT,
  created_at TIMESTAMP, updated_at TIMESTAMP, created_by VARCHAR(64), updated_by VARCHAR(64)
);

CREATE TABLE advance_payment (
  tenant_id BIGINT NOT NULL,
  adv_no VARCHAR(32) NOT NULL,
  party_type SMALLINT NOT NULL,
  party_no VARCHAR(32) NOT NULL,
  org_code VARCHAR(32),
  adv_type SMALLINT NOT NULL,            -- 1 pre-receipt, 2 prepayment, 3 refund, 4 settlement, 9 supplier prepayment adjustment
  amount DECIMAL(18,4) NOT NULL,         -- type 9 signed, others positive
  biz_time TIMESTAMP NOT NULL,
  settlement_no VARCHAR(32),
  remark VARCHAR(200)
);

CREATE TABLE ar_ap_type (
  tenant_id BIGINT NOT NULL,
  arap_type VARCHAR(32) NOT NULL,
  arap_type_name VARCHAR(100) NOT NULL,
  direction SMALLINT NOT NULL,           -- 1 AR, 2 AP
  PRIMARY KEY (tenant_id, arap_type)
);

CREATE TABLE ar_ap_ledger (
  tenant_id BIGINT NOT NULL,
  ledger_id BIGINT NOT NULL,
  direction SMALLINT NOT NULL,           -- 1 AR, 2 AP
  arap_type VARCHAR(32) NOT NULL,
  party_type SMALLINT NOT NULL,
  party_no VARCHAR(32) NOT NULL,
  org_code VARCHAR(32),
  doc_no VARCHAR(32),
  amount DECIMAL(18,4) NOT NULL,         -- + incurred, - paid or received
  biz_time TIMESTAMP NOT NULL
);

-- Keys and indexes of the big fact tables: PostgreSQL only. DuckDB reads date-ordered data through its
-- zone maps; ART indexes on these tables would triple the demo file and slow the bulk load.
-- @postgres
ALTER TABLE settlement ADD PRIMARY KEY (tenant_id, settlement_no);
ALTER TABLE settlement_item ADD PRIMARY KEY (tenant_id, settlement_no, doc_type, doc_no);
ALTER TABLE invoice ADD PRIMARY KEY (tenant_id, invoice_no);
ALTER TABLE advance_payment ADD PRIMARY KEY (tenant_id, adv_no);
ALTER TABLE ar_ap_ledger ADD PRIMARY KEY (tenant_id, ledger_id);
CREATE INDEX ix_settlement_period ON settlement (tenant_id, period_month, party_type, party_no);
CREATE INDEX ix_invoice_date ON invoice (tenant_id, invoice_date, party_type);
CREATE INDEX ix_advance_payment_time ON advance_payment (tenant_id, biz_time, party_type);
CREATE INDEX ix_ar_ap_ledger_time ON ar_ap_ledger (tenant_id, biz_time, direction);
-- @end
