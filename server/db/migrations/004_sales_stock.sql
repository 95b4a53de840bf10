-- Sales, payments, wholesale, stock ledger and snapshots.
-- Fact tables are written in date order by the seed; live tables hold the last 3 months (archives: 009).

CREATE TABLE sales_order (
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

CREATE TABLE sales_order_item (
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

CREATE TABLE sales_payment (
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

CREATE TABLE payment_trade_type (
  tenant_id BIGINT NOT NULL,
  pay_type VARCHAR(32) NOT NULL,
  pay_type_name VARCHAR(100) NOT NULL,
  show_status VARCHAR(32),
  show_status_name VARCHAR(100),
  fee_rate DECIMAL(6,4),
  sort INTEGER,
  created_at TIMESTAMP, updated_at TIMESTAMP, created_by VARCHAR(64), updated_by VARCHAR(64),
  PRIMARY KEY (tenant_id, pay_type)
);

-- T+1 settled copy of sales_payment: no row for today (reports 76/78 are not real-time)
CREATE TABLE sales_payment_daily (
  tenant_id BIGINT NOT NULL,
  business_date DATE NOT NULL,
  org_code VARCHAR(32) NOT NULL,
  pay_type VARCHAR(32) NOT NULL,
  show_status VARCHAR(32) NOT NULL,
  cashier_account_id BIGINT NOT NULL,
  receipt_amount DECIMAL(18,4) NOT NULL,
  refund_amount DECIMAL(18,4) NOT NULL,
  fee_amount DECIMAL(18,4) NOT NULL,
  payment_count INTEGER NOT NULL
);

CREATE TABLE wholesale_order (
  tenant_id BIGINT NOT NULL,
  wo_no VARCHAR(32) NOT NULL,
  wholesaler_no VARCHAR(32) NOT NULL,
  center_code VARCHAR(32),
  org_code VARCHAR(32),
  salesman_id VARCHAR(32),
  is_return SMALLINT NOT NULL,
  origin_wo_no VARCHAR(32),
  order_date DATE NOT NULL,
  status SMALLINT,
  created_at TIMESTAMP, updated_at TIMESTAMP, created_by VARCHAR(64), updated_by VARCHAR(64)
);

CREATE TABLE wholesale_order_item (
  tenant_id BIGINT NOT NULL,
  wo_no VARCHAR(32) NOT NULL,
  line_no INTEGER NOT NULL,
  sku_no VARCHAR(32) NOT NULL,
  qty DECIMAL(18,3) NOT NULL,            -- negative on return orders, like amount and cost_amount
  price DECIMAL(18,4),
  amount DECIMAL(18,4) NOT NULL,
  output_tax_rate DECIMAL(6,4),
  input_tax_rate DECIMAL(6,4),
  cost_amount DECIMAL(18,4) NOT NULL
);

CREATE TABLE output_tax (
  tenant_id BIGINT NOT NULL,
  tax_rate DECIMAL(6,4) NOT NULL,
  tax_name VARCHAR(100) NOT NULL,
  PRIMARY KEY (tenant_id, tax_rate)
);

-- current stock per org x warehouse x sku
CREATE TABLE stock (
  tenant_id BIGINT NOT NULL,
  org_code VARCHAR(32) NOT NULL,
  center_code VARCHAR(32) NOT NULL,
  sku_no VARCHAR(32) NOT NULL,
  stock_num DECIMAL(18,3) NOT NULL,
  usable_num DECIMAL(18,3) NOT NULL,
  freeze_num DECIMAL(18,3) NOT NULL,
  stock_amount DECIMAL(18,4) NOT NULL,
  avg_cost DECIMAL(18,4),
  last_modify TIMESTAMP
);

-- one row per stock change; doc_type codes as in the RECEIVE_OUB_OPTION dictionary
CREATE TABLE stock_ledger (
  tenant_id BIGINT NOT NULL,
  ledger_id BIGINT NOT NULL,
  org_code VARCHAR(32) NOT NULL,
  center_code VARCHAR(32) NOT NULL,
  sku_no VARCHAR(32) NOT NULL,
  lot_no VARCHAR(32),
  doc_type SMALLINT NOT NULL,
  doc_no VARCHAR(32) NOT NULL,
  doc_item_id INTEGER,
  qty DECIMAL(18,3) NOT NULL,            -- signed: + in, - out
  cost_price DECIMAL(18,4),
  amount DECIMAL(18,4) NOT NULL,         -- signed
  stock_before DECIMAL(18,3) NOT NULL,
  cost_diff_amount DECIMAL(18,4) NOT NULL, -- non-zero only when stock_before < 0; not included in amount
  biz_time TIMESTAMP NOT NULL,
  biz_date DATE NOT NULL
);

-- closing balance per day; a missing row means zero quantity and amount
CREATE TABLE stock_daily_snapshot (
  tenant_id BIGINT NOT NULL,
  biz_date DATE NOT NULL,
  org_code VARCHAR(32) NOT NULL,
  center_code VARCHAR(32) NOT NULL,
  sku_no VARCHAR(32) NOT NULL,
  qty DECIMAL(18,3) NOT NULL,
  amount DECIMAL(18,4) NOT NULL
);

CREATE TABLE lot_stock_daily_snapshot (
  tenant_id BIGINT NOT NULL,
  biz_date DATE NOT NULL,
  org_code VARCHAR(32) NOT NULL,
  center_code VARCHAR(32) NOT NULL,
  sku_no VARCHAR(32) NOT NULL,
  lot_no VARCHAR(32) NOT NULL,
  qty DECIMAL(18,3) NOT NULL,
  amount DECIMAL(18,4) NOT NULL
);

-- Keys and indexes of the big fact tables: PostgreSQL only. DuckDB reads date-ordered data through its
-- zone maps; ART indexes on these tables would triple the demo file and slow the bulk load.
-- @postgres
ALTER TABLE sales_order ADD PRIMARY KEY (tenant_id, order_no);
ALTER TABLE sales_order_item ADD PRIMARY KEY (tenant_id, order_no, line_no);
ALTER TABLE sales_payment ADD PRIMARY KEY (tenant_id, order_no, pay_line);
ALTER TABLE sales_payment_daily ADD PRIMARY KEY (tenant_id, business_date, org_code, pay_type, show_status, cashier_account_id);
ALTER TABLE wholesale_order ADD PRIMARY KEY (tenant_id, wo_no);
ALTER TABLE wholesale_order_item ADD PRIMARY KEY (tenant_id, wo_no, line_no);
ALTER TABLE stock ADD PRIMARY KEY (tenant_id, org_code, center_code, sku_no);
ALTER TABLE stock_ledger ADD PRIMARY KEY (tenant_id, ledger_id);
ALTER TABLE stock_daily_snapshot ADD PRIMARY KEY (tenant_id, biz_date, org_code, center_code, sku_no);
ALTER TABLE lot_stock_daily_snapshot ADD PRIMARY KEY (tenant_id, biz_date, org_code, center_code, lot_no);
CREATE INDEX ix_sales_order_date ON sales_order (tenant_id, business_date, org_code);
CREATE INDEX ix_wholesale_order_date ON wholesale_order (tenant_id, order_date, center_code);
CREATE INDEX ix_stock_ledger_date ON stock_ledger (tenant_id, biz_date, org_code, sku_no);
-- @end
