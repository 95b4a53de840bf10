-- Archives: rows older than the cut-off (today - 3 calendar months) live in *_his tables with
-- the live tables' columns; the special tenant's archive is also kept in the *_his_x layout (finance_no added).
-- Reports without a history tab read the <table>_all views (live UNION ALL archive).

CREATE TABLE sales_order_his (
  tenant_id BIGINT NOT NULL,
  order_no VARCHAR(32) NOT NULL,
  org_code VARCHAR(32) NOT NULL,
  store_no VARCHAR(32),
  order_source SMALLINT NOT NULL,        -- 1 offline store, 2 online mall
  order_kind SMALLINT NOT NULL,          -- 1 goods, 2 virtual
  virtual_type SMALLINT,                 -- 1 top-up, 2 service, 3 package card, 4 gift card, 5 points exchange, 6 promotion gift pack
  is_return SMALLINT NOT NULL,           -- 1: amounts and line qty/amounts are negative
  origin_order_no VARCHAR(32),
  member_no VARCHAR(32),
  cashier_account_id BIGINT,
  order_time TIMESTAMP NOT NULL,
  business_date DATE NOT NULL,
  total_amount DECIMAL(18,4) NOT NULL,
  discount_amount DECIMAL(18,4) NOT NULL,
  pay_amount DECIMAL(18,4) NOT NULL,
  is_mixed_payment SMALLINT NOT NULL,    -- 1 when more than one pay_type paid the order
  order_status SMALLINT NOT NULL,        -- 1 unpaid, 2 paid, 3 delivering, 4 completed, 5 closed
  prep_status SMALLINT,                  -- mall: 1 to prepare, 2 preparing, 3 prepared
  delivery_mode SMALLINT,                -- 1 pickup, 2 home delivery
  store_pickup_no VARCHAR(32),
  fulfil_org_code VARCHAR(32)
);

CREATE TABLE sales_order_item_his (
  tenant_id BIGINT NOT NULL,
  order_no VARCHAR(32) NOT NULL,
  line_no INTEGER NOT NULL,
  sku_no VARCHAR(32),
  service_no VARCHAR(32),
  card_no VARCHAR(32),
  supplier_no VARCHAR(32),               -- supplier of the SKU at sale time
  qty DECIMAL(18,3) NOT NULL,
  selling_price DECIMAL(18,4),
  sale_amount DECIMAL(18,4) NOT NULL,    -- incl. tax, after discounts
  discount_amount DECIMAL(18,4) NOT NULL,
  cost_price DECIMAL(18,4),
  cost_amount DECIMAL(18,4) NOT NULL,    -- moving-average cost incl. input tax
  output_tax_rate DECIMAL(6,4),
  input_tax_rate DECIMAL(6,4),
  points DECIMAL(18,3)
);

CREATE TABLE sales_payment_his (
  tenant_id BIGINT NOT NULL,
  order_no VARCHAR(32) NOT NULL,
  pay_line INTEGER NOT NULL,
  pay_type VARCHAR(32) NOT NULL,
  show_status VARCHAR(32),
  pay_amount DECIMAL(18,4) NOT NULL,     -- negative = refund
  fee_amount DECIMAL(18,4),
  trade_no VARCHAR(64),
  pay_time TIMESTAMP
);

CREATE TABLE purchase_receipt_his (
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

CREATE TABLE purchase_receipt_item_his (
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

CREATE TABLE purchase_return_his (
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

CREATE TABLE purchase_return_item_his (
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

CREATE TABLE sales_order_his_x (
  tenant_id BIGINT NOT NULL,
  order_no VARCHAR(32) NOT NULL,
  org_code VARCHAR(32) NOT NULL,
  store_no VARCHAR(32),
  order_source SMALLINT NOT NULL,        -- 1 offline store, 2 online mall
  order_kind SMALLINT NOT NULL,          -- 1 goods, 2 virtual
  virtual_type SMALLINT,                 -- 1 top-up, 2 service, 3 package card, 4 gift card, 5 points exchange, 6 promotion gift pack
  is_return SMALLINT NOT NULL,           -- 1: amounts and line qty/amounts are negative
  origin_order_no VARCHAR(32),
  member_no VARCHAR(32),
  cashier_account_id BIGINT,
  order_time TIMESTAMP NOT NULL,
  business_date DATE NOT NULL,
  total_amount DECIMAL(18,4) NOT NULL,
  discount_amount DECIMAL(18,4) NOT NULL,
  pay_amount DECIMAL(18,4) NOT NULL,
  is_mixed_payment SMALLINT NOT NULL,    -- 1 when more than one pay_type paid the order
  order_status SMALLINT NOT NULL,        -- 1 unpaid, 2 paid, 3 delivering, 4 completed, 5 closed
  prep_status SMALLINT,                  -- mall: 1 to prepare, 2 preparing, 3 prepared
  delivery_mode SMALLINT,                -- 1 pickup, 2 home delivery
  store_pickup_no VARCHAR(32),
  fulfil_org_code VARCHAR(32),
  finance_no VARCHAR(32)                -- store finance_no at sale time
);

CREATE TABLE sales_order_item_his_x (
  tenant_id BIGINT NOT NULL,
  order_no VARCHAR(32) NOT NULL,
  line_no INTEGER NOT NULL,
  sku_no VARCHAR(32),
  service_no VARCHAR(32),
  card_no VARCHAR(32),
  supplier_no VARCHAR(32),               -- supplier of the SKU at sale time
  qty DECIMAL(18,3) NOT NULL,
  selling_price DECIMAL(18,4),
  sale_amount DECIMAL(18,4) NOT NULL,    -- incl. tax, after discounts
  discount_amount DECIMAL(18,4) NOT NULL,
  cost_price DECIMAL(18,4),
  cost_amount DECIMAL(18,4) NOT NULL,    -- moving-average cost incl. input tax
  output_tax_rate DECIMAL(6,4),
  input_tax_rate DECIMAL(6,4),
  points DECIMAL(18,3)
);

-- Keys and indexes of the big fact tables: PostgreSQL only. DuckDB reads date-ordered data through its
-- zone maps; ART indexes on these tables would triple the demo file and slow the bulk load.
-- @postgres
ALTER TABLE sales_order_his ADD PRIMARY KEY (tenant_id, order_no);
ALTER TABLE sales_order_item_his ADD PRIMARY KEY (tenant_id, order_no, line_no);
ALTER TABLE sales_payment_his ADD PRIMARY KEY (tenant_id, order_no, pay_line);
ALTER TABLE purchase_receipt_his ADD PRIMARY KEY (tenant_id, receive_no);
ALTER TABLE purchase_receipt_item_his ADD PRIMARY KEY (tenant_id, receive_no, line_id);
ALTER TABLE purchase_return_his ADD PRIMARY KEY (tenant_id, return_no);
ALTER TABLE purchase_return_item_his ADD PRIMARY KEY (tenant_id, return_no, line_id);
ALTER TABLE sales_order_his_x ADD PRIMARY KEY (tenant_id, order_no);
ALTER TABLE sales_order_item_his_x ADD PRIMARY KEY (tenant_id, order_no, line_no);
CREATE INDEX ix_sales_order_his_date ON sales_order_his (tenant_id, business_date, org_code);
CREATE INDEX ix_purchase_receipt_his_date ON purchase_receipt_his (tenant_id, receive_time, org_code);
CREATE INDEX ix_purchase_return_his_date ON purchase_return_his (tenant_id, return_time, org_code);
CREATE INDEX ix_sales_order_his_x_date ON sales_order_his_x (tenant_id, business_date, org_code);
-- @end

CREATE VIEW sales_order_all AS
  SELECT * FROM sales_order
  UNION ALL
  SELECT * FROM sales_order_his;

CREATE VIEW sales_order_item_all AS
  SELECT * FROM sales_order_item
  UNION ALL
  SELECT * FROM sales_order_item_his;

CREATE VIEW sales_payment_all AS
  SELECT * FROM sales_payment
  UNION ALL
  SELECT * FROM sales_payment_his;

CREATE VIEW purchase_receipt_all AS
  SELECT * FROM purchase_receipt
  UNION ALL
  SELECT * FROM purchase_receipt_his;

CREATE VIEW purchase_receipt_item_all AS
  SELECT * FROM purchase_receipt_item
  UNION ALL
  SELECT * FROM purchase_receipt_item_his;

CREATE VIEW purchase_return_all AS
  SELECT * FROM purchase_return
  UNION ALL
  SELECT * FROM purchase_return_his;

CREATE VIEW purchase_return_item_all AS
  SELECT * FROM purchase_return_item
  UNION ALL
  SELECT * FROM purchase_return_item_his;
