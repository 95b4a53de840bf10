-- Purchasing, lots and stock documents. Archives of receipts and returns: 009.

CREATE TABLE purchase_order (
  tenant_id BIGINT NOT NULL,
  po_no VARCHAR(32) NOT NULL,
  supplier_no VARCHAR(32) NOT NULL,
  org_code VARCHAR(32),
  center_code VARCHAR(32),
  purchase_order_source VARCHAR(32),
  order_time TIMESTAMP,
  status SMALLINT,
  created_at TIMESTAMP, updated_at TIMESTAMP, created_by VARCHAR(64), updated_by VARCHAR(64)
);

-- option list "purchase order sources"
CREATE TABLE purchase_order_source (
  tenant_id BIGINT NOT NULL,
  source_code VARCHAR(32) NOT NULL,
  source_name VARCHAR(100) NOT NULL,
  PRIMARY KEY (tenant_id, source_code)
);

CREATE TABLE purchase_receipt (
  tenant_id BIGINT NOT NULL,
  receive_no VARCHAR(32) NOT NULL,
  receive_type SMALLINT NOT NULL,        -- 1 purchase, 3 urgent, 25 cross-dock, 26 direct-delivery
  po_no VARCHAR(32),
  purchase_order_source VARCHAR(32),
  supplier_no VARCHAR(32) NOT NULL,
  org_code VARCHAR(32) NOT NULL,
  center_code VARCHAR(32),
  receive_time TIMESTAMP NOT NULL,
  status SMALLINT,
  settlement_no VARCHAR(32),
  created_at TIMESTAMP, updated_at TIMESTAMP, created_by VARCHAR(64), updated_by VARCHAR(64)
);

CREATE TABLE purchase_receipt_item (
  tenant_id BIGINT NOT NULL,
  receive_no VARCHAR(32) NOT NULL,
  line_id INTEGER NOT NULL,
  sku_no VARCHAR(32) NOT NULL,
  qty DECIMAL(18,3) NOT NULL,
  price DECIMAL(18,4),
  amount DECIMAL(18,4) NOT NULL,         -- incl. tax
  input_tax_rate DECIMAL(6,4),
  lot_no VARCHAR(32)
);

CREATE TABLE purchase_return (
  tenant_id BIGINT NOT NULL,
  return_no VARCHAR(32) NOT NULL,
  supplier_no VARCHAR(32) NOT NULL,
  org_code VARCHAR(32) NOT NULL,
  center_code VARCHAR(32),
  return_reason VARCHAR(32),             -- dict RORDER_OPTION
  return_time TIMESTAMP NOT NULL,
  status SMALLINT,
  settlement_no VARCHAR(32),
  created_at TIMESTAMP, updated_at TIMESTAMP, created_by VARCHAR(64), updated_by VARCHAR(64)
);

CREATE TABLE purchase_return_item (
  tenant_id BIGINT NOT NULL,
  return_no VARCHAR(32) NOT NULL,
  line_id INTEGER NOT NULL,
  sku_no VARCHAR(32) NOT NULL,
  qty DECIMAL(18,3) NOT NULL,            -- positive: the document is a return
  price DECIMAL(18,4),
  amount DECIMAL(18,4) NOT NULL,
  input_tax_rate DECIMAL(6,4),
  lot_no VARCHAR(32)
);

CREATE TABLE lot (
  tenant_id BIGINT NOT NULL,
  lot_no VARCHAR(32) NOT NULL,
  sku_no VARCHAR(32) NOT NULL,
  org_code VARCHAR(32) NOT NULL,
  center_code VARCHAR(32),
  supplier_no VARCHAR(32),
  produce_date DATE,
  expiration_date DATE,
  produce_no VARCHAR(32),
  lot_price DECIMAL(18,4),
  receive_no VARCHAR(32),
  receive_time TIMESTAMP
);

CREATE TABLE lot_stock (
  tenant_id BIGINT NOT NULL,
  lot_no VARCHAR(32) NOT NULL,
  org_code VARCHAR(32) NOT NULL,
  center_code VARCHAR(32) NOT NULL,
  sku_no VARCHAR(32) NOT NULL,
  stock_num DECIMAL(18,3) NOT NULL,
  last_modify TIMESTAMP
);

CREATE TABLE lot_allocation (
  tenant_id BIGINT NOT NULL,
  id BIGINT NOT NULL DEFAULT nextval('app_id_seq'),
  business_no VARCHAR(32) NOT NULL,
  business_item_id INTEGER,
  sku_no VARCHAR(32) NOT NULL,
  lot_no VARCHAR(32),
  change_stock_num DECIMAL(18,3) NOT NULL,
  store_lot_type SMALLINT,               -- 13 issue (requisition)
  dorder_item_source SMALLINT,           -- 4 manually entered lot row
  receive_oub_num DECIMAL(18,3),
  created_at TIMESTAMP,
  PRIMARY KEY (tenant_id, id)
);

CREATE TABLE adjustment_reason (
  tenant_id BIGINT NOT NULL,
  reason_code VARCHAR(32) NOT NULL,
  reason_name VARCHAR(100) NOT NULL,
  PRIMARY KEY (tenant_id, reason_code)
);

CREATE TABLE stock_adjustment (
  tenant_id BIGINT NOT NULL,
  adjust_no VARCHAR(32) NOT NULL,
  org_code VARCHAR(32) NOT NULL,
  center_code VARCHAR(32),
  direction SMALLINT NOT NULL,           -- 1 in, 2 out
  reason_code VARCHAR(32),
  adjust_time TIMESTAMP NOT NULL,
  status SMALLINT,
  created_at TIMESTAMP, updated_at TIMESTAMP, created_by VARCHAR(64), updated_by VARCHAR(64)
);

CREATE TABLE stock_adjustment_item (
  tenant_id BIGINT NOT NULL,
  adjust_no VARCHAR(32) NOT NULL,
  line_id INTEGER NOT NULL,
  sku_no VARCHAR(32) NOT NULL,
  lot_no VARCHAR(32),
  qty DECIMAL(18,3) NOT NULL,            -- positive; direction gives the sign
  cost_price DECIMAL(18,4),
  amount DECIMAL(18,4) NOT NULL
);

CREATE TABLE stocktake (
  tenant_id BIGINT NOT NULL,
  stocktake_no VARCHAR(32) NOT NULL,
  org_code VARCHAR(32) NOT NULL,
  center_code VARCHAR(32),
  stocktake_date DATE NOT NULL,
  status SMALLINT,
  created_at TIMESTAMP, updated_at TIMESTAMP, created_by VARCHAR(64), updated_by VARCHAR(64)
);

CREATE TABLE stocktake_item (
  tenant_id BIGINT NOT NULL,
  stocktake_no VARCHAR(32) NOT NULL,
  sku_no VARCHAR(32) NOT NULL,
  book_qty DECIMAL(18,3) NOT NULL,
  actual_qty DECIMAL(18,3) NOT NULL,
  diff_qty DECIMAL(18,3) NOT NULL,       -- actual - book
  diff_amount DECIMAL(18,4) NOT NULL,    -- signed like diff_qty
  result SMALLINT NOT NULL              -- 0 balanced, 1 gain, 2 loss
);

CREATE TABLE transfer_order (
  tenant_id BIGINT NOT NULL,
  transfer_no VARCHAR(32) NOT NULL,
  from_org_code VARCHAR(32) NOT NULL,
  to_org_code VARCHAR(32) NOT NULL,
  out_time TIMESTAMP,
  in_time TIMESTAMP,
  status SMALLINT,
  created_at TIMESTAMP, updated_at TIMESTAMP, created_by VARCHAR(64), updated_by VARCHAR(64)
);

CREATE TABLE transfer_item (
  tenant_id BIGINT NOT NULL,
  transfer_no VARCHAR(32) NOT NULL,
  line_id INTEGER NOT NULL,
  sku_no VARCHAR(32) NOT NULL,
  lot_no VARCHAR(32),
  qty DECIMAL(18,3) NOT NULL,
  amount DECIMAL(18,4) NOT NULL
);

CREATE TABLE stock_issue_order (
  tenant_id BIGINT NOT NULL,
  issue_no VARCHAR(32) NOT NULL,
  org_code VARCHAR(32) NOT NULL,
  issue_type SMALLINT NOT NULL,          -- 12 scrap, 13 requisition
  reason VARCHAR(100),
  issue_time TIMESTAMP NOT NULL,
  status SMALLINT,
  created_at TIMESTAMP, updated_at TIMESTAMP, created_by VARCHAR(64), updated_by VARCHAR(64)
);

CREATE TABLE stock_issue_item (
  tenant_id BIGINT NOT NULL,
  issue_no VARCHAR(32) NOT NULL,
  line_id INTEGER NOT NULL,
  sku_no VARCHAR(32) NOT NULL,
  qty DECIMAL(18,3) NOT NULL,            -- positive
  cost_amount DECIMAL(18,4) NOT NULL
);

CREATE TABLE store_return_order (
  tenant_id BIGINT NOT NULL,
  return_no VARCHAR(32) NOT NULL,
  org_code VARCHAR(32) NOT NULL,
  target_type SMALLINT NOT NULL,         -- 1 warehouse, 2 supplier
  target_code VARCHAR(32) NOT NULL,      -- center_code or supplier_no
  reason_code VARCHAR(32),               -- dict RORDER_OPTION
  return_time TIMESTAMP NOT NULL,
  status SMALLINT,
  created_at TIMESTAMP, updated_at TIMESTAMP, created_by VARCHAR(64), updated_by VARCHAR(64)
);

CREATE TABLE store_return_item (
  tenant_id BIGINT NOT NULL,
  return_no VARCHAR(32) NOT NULL,
  line_id INTEGER NOT NULL,
  sku_no VARCHAR(32) NOT NULL,
  qty DECIMAL(18,3) NOT NULL,
  amount DECIMAL(18,4) NOT NULL,
  rejected_qty DECIMAL(18,3) NOT NULL,   -- part the target refused (stays at the store)
  rejected_amount DECIMAL(18,4) NOT NULL
);

-- Keys and indexes of the big fact tables: PostgreSQL only. DuckDB reads date-ordered data through its
-- zone maps; ART indexes on these tables would triple the demo file and slow the bulk load.
-- @postgres
ALTER TABLE purchase_order ADD PRIMARY KEY (tenant_id, po_no);
ALTER TABLE purchase_receipt ADD PRIMARY KEY (tenant_id, receive_no);
ALTER TABLE purchase_receipt_item ADD PRIMARY KEY (tenant_id, receive_no, line_id);
ALTER TABLE purchase_return ADD PRIMARY KEY (tenant_id, return_no);
ALTER TABLE purchase_return_item ADD PRIMARY KEY (tenant_id, return_no, line_id);
ALTER TABLE lot ADD PRIMARY KEY (tenant_id, lot_no);
ALTER TABLE lot_stock ADD PRIMARY KEY (tenant_id, lot_no, org_code, center_code);
ALTER TABLE stock_adjustment ADD PRIMARY KEY (tenant_id, adjust_no);
ALTER TABLE stock_adjustment_item ADD PRIMARY KEY (tenant_id, adjust_no, line_id);
ALTER TABLE stocktake ADD PRIMARY KEY (tenant_id, stocktake_no);
ALTER TABLE stocktake_item ADD PRIMARY KEY (tenant_id, stocktake_no, sku_no);
ALTER TABLE transfer_order ADD PRIMARY KEY (tenant_id, transfer_no);
ALTER TABLE transfer_item ADD PRIMARY KEY (tenant_id, transfer_no, line_id);
ALTER TABLE stock_issue_order ADD PRIMARY KEY (tenant_id, issue_no);
ALTER TABLE stock_issue_item ADD PRIMARY KEY (tenant_id, issue_no, line_id);
ALTER TABLE store_return_order ADD PRIMARY KEY (tenant_id, return_no);
ALTER TABLE store_return_item ADD PRIMARY KEY (tenant_id, return_no, line_id);
CREATE INDEX ix_purchase_order_time ON purchase_order (tenant_id, order_time, org_code);
CREATE INDEX ix_purchase_receipt_time ON purchase_receipt (tenant_id, receive_time, org_code);
CREATE INDEX ix_purchase_return_time ON purchase_return (tenant_id, return_time, org_code);
CREATE INDEX ix_stock_adjustment_time ON stock_adjustment (tenant_id, adjust_time, org_code);
CREATE INDEX ix_stocktake_date ON stocktake (tenant_id, stocktake_date, org_code);
CREATE INDEX ix_transfer_order_time ON transfer_order (tenant_id, out_time, from_org_code);
CREATE INDEX ix_stock_issue_time ON stock_issue_order (tenant_id, issue_time, org_code);
CREATE INDEX ix_store_return_time ON store_return_order (tenant_id, return_time, org_code);
-- @end
