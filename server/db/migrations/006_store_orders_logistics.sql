-- Store orders, distribution, packing, tours, 3PL storage.

CREATE TABLE dorder_group (
  tenant_id BIGINT NOT NULL,
  id BIGINT NOT NULL,
  dorder_group_name VARCHAR(100) NOT NULL,
  created_at TIMESTAMP, updated_at TIMESTAMP, created_by VARCHAR(64), updated_by VARCHAR(64),
  PRIMARY KEY (tenant_id, id)
);

CREATE TABLE store_order (
  tenant_id BIGINT NOT NULL,
  dorder_no VARCHAR(32) NOT NULL,
  store_no VARCHAR(32) NOT NULL,
  org_code VARCHAR(32) NOT NULL,
  center_code VARCHAR(32),
  status SMALLINT NOT NULL,              -- 1 submitted, 2 processed, 3 rejected
  pay_type SMALLINT,                     -- 0 WeChat, 1 cash on delivery, 15 online, 16 enterprise wallet, 17 prepayment, 18 bank-card union
  dorder_group_id BIGINT,
  order_time TIMESTAMP NOT NULL,
  amount DECIMAL(18,4) NOT NULL,
  created_at TIMESTAMP, updated_at TIMESTAMP, created_by VARCHAR(64), updated_by VARCHAR(64)
);

CREATE TABLE store_order_item (
  tenant_id BIGINT NOT NULL,
  dorder_no VARCHAR(32) NOT NULL,
  line_id INTEGER NOT NULL,
  sku_no VARCHAR(32) NOT NULL,
  qty DECIMAL(18,3) NOT NULL,
  price DECIMAL(18,4),
  amount DECIMAL(18,4) NOT NULL,
  shipped_qty DECIMAL(18,3) NOT NULL
);

CREATE TABLE distribution_order (
  tenant_id BIGINT NOT NULL,
  oub_no VARCHAR(32) NOT NULL,
  center_code VARCHAR(32) NOT NULL,
  to_org_code VARCHAR(32) NOT NULL,
  dorder_no VARCHAR(32),
  delivery_route_no VARCHAR(32),
  ship_time TIMESTAMP NOT NULL,
  cartons INTEGER,
  status SMALLINT,
  created_at TIMESTAMP, updated_at TIMESTAMP, created_by VARCHAR(64), updated_by VARCHAR(64)
);

CREATE TABLE distribution_order_item (
  tenant_id BIGINT NOT NULL,
  oub_no VARCHAR(32) NOT NULL,
  line_id INTEGER NOT NULL,
  sku_no VARCHAR(32) NOT NULL,
  lot_no VARCHAR(32),
  qty DECIMAL(18,3) NOT NULL,
  amount DECIMAL(18,4) NOT NULL
);

CREATE TABLE location (
  tenant_id BIGINT NOT NULL,
  location_no VARCHAR(32) NOT NULL,
  center_code VARCHAR(32) NOT NULL,
  location_attribute VARCHAR(32),
  PRIMARY KEY (tenant_id, location_no)
);

CREATE TABLE packing_order (
  tenant_id BIGINT NOT NULL,
  packing_no VARCHAR(32) NOT NULL,
  center_code VARCHAR(32) NOT NULL,
  packing_type SMALLINT NOT NULL,        -- 1 pick-by-item, 2 sow
  picker_account_id BIGINT,
  oub_no VARCHAR(32),
  start_time TIMESTAMP,
  finish_time TIMESTAMP,
  status SMALLINT
);

CREATE TABLE packing_order_item (
  tenant_id BIGINT NOT NULL,
  packing_no VARCHAR(32) NOT NULL,
  line_id INTEGER NOT NULL,
  sku_no VARCHAR(32) NOT NULL,
  location_no VARCHAR(32),
  qty DECIMAL(18,3) NOT NULL
);

CREATE TABLE tour_order (
  tenant_id BIGINT NOT NULL,
  tour_no VARCHAR(32) NOT NULL,
  tour_type SMALLINT NOT NULL,           -- 1 receipt (delivery), 2 return
  center_code VARCHAR(32),
  driver_account_id BIGINT,
  car_model VARCHAR(32),                 -- dict CAR_MODEL
  car_plate VARCHAR(32),
  carrier_no VARCHAR(32),
  delivery_route_no VARCHAR(32),
  depart_time TIMESTAMP NOT NULL,
  return_time TIMESTAMP,
  mileage_km DECIMAL(18,3),
  volume_m3 DECIMAL(18,3),
  weight_kg DECIMAL(18,3),
  freight_amount DECIMAL(18,4)
);

CREATE TABLE tour_order_stop (
  tenant_id BIGINT NOT NULL,
  tour_no VARCHAR(32) NOT NULL,
  seq INTEGER NOT NULL,
  org_code VARCHAR(32) NOT NULL,
  doc_no VARCHAR(32),
  qty DECIMAL(18,3)
);

CREATE TABLE storage_stock_ledger (
  tenant_id BIGINT NOT NULL,
  id BIGINT NOT NULL,
  storage_no VARCHAR(32) NOT NULL,
  storage_project_no VARCHAR(32),
  storage_client_no VARCHAR(32),
  sku_no VARCHAR(32) NOT NULL,
  location_no VARCHAR(32),
  direction SMALLINT NOT NULL,           -- 1 in, 2 out
  qty DECIMAL(18,3) NOT NULL,            -- positive; direction gives the sign
  biz_date DATE NOT NULL
);

-- Keys and indexes of the big fact tables: PostgreSQL only. DuckDB reads date-ordered data through its
-- zone maps; ART indexes on these tables would triple the demo file and slow the bulk load.
-- @postgres
ALTER TABLE store_order ADD PRIMARY KEY (tenant_id, dorder_no);
ALTER TABLE store_order_item ADD PRIMARY KEY (tenant_id, dorder_no, line_id);
ALTER TABLE distribution_order ADD PRIMARY KEY (tenant_id, oub_no);
ALTER TABLE distribution_order_item ADD PRIMARY KEY (tenant_id, oub_no, line_id);
ALTER TABLE packing_order ADD PRIMARY KEY (tenant_id, packing_no);
ALTER TABLE packing_order_item ADD PRIMARY KEY (tenant_id, packing_no, line_id);
ALTER TABLE tour_order ADD PRIMARY KEY (tenant_id, tour_no);
ALTER TABLE tour_order_stop ADD PRIMARY KEY (tenant_id, tour_no, seq);
ALTER TABLE storage_stock_ledger ADD PRIMARY KEY (tenant_id, id);
CREATE INDEX ix_store_order_time ON store_order (tenant_id, order_time, org_code);
CREATE INDEX ix_distribution_order_time ON distribution_order (tenant_id, ship_time, to_org_code);
CREATE INDEX ix_packing_order_time ON packing_order (tenant_id, start_time, center_code);
CREATE INDEX ix_tour_order_time ON tour_order (tenant_id, depart_time, center_code);
CREATE INDEX ix_storage_stock_ledger_date ON storage_stock_ledger (tenant_id, biz_date, storage_no);
-- @end
