-- Tenancy, organisations and parties.
-- Portable SQL for DuckDB and PostgreSQL 15: SMALLINT flags, VARCHAR codes, DECIMAL money, no SERIAL/ENUM.

CREATE SEQUENCE IF NOT EXISTS app_id_seq START 1000000000;

CREATE TABLE tenant (
  tenant_id BIGINT NOT NULL,
  tenant_name VARCHAR(100) NOT NULL,
  merchant_no VARCHAR(32) NOT NULL,
  logo_url VARCHAR(255),
  is_special_tenant SMALLINT NOT NULL DEFAULT 0,
  time_zone VARCHAR(64),
  status SMALLINT,
  created_at TIMESTAMP, updated_at TIMESTAMP, created_by VARCHAR(64), updated_by VARCHAR(64),
  PRIMARY KEY (tenant_id)
);
CREATE UNIQUE INDEX ux_tenant_merchant ON tenant (merchant_no);

CREATE TABLE organisation (
  tenant_id BIGINT NOT NULL,
  org_code VARCHAR(32) NOT NULL,
  org_name VARCHAR(100) NOT NULL,
  org_type SMALLINT NOT NULL,            -- 0 none (head office), 1 warehouse, 2 store, 3 wholesale client, 4 supplier
  parent_org_code VARCHAR(32),
  status SMALLINT,
  created_at TIMESTAMP, updated_at TIMESTAMP, created_by VARCHAR(64), updated_by VARCHAR(64),
  PRIMARY KEY (tenant_id, org_code)
);

CREATE TABLE store (
  tenant_id BIGINT NOT NULL,
  store_no VARCHAR(32) NOT NULL,
  store_name VARCHAR(100) NOT NULL,
  store_type SMALLINT,                   -- 1 direct, 2 strong franchise, 3 weak franchise
  org_code VARCHAR(32) NOT NULL,
  finance_no VARCHAR(32),
  city VARCHAR(100),
  address VARCHAR(255),
  open_date DATE,
  status SMALLINT,
  created_at TIMESTAMP, updated_at TIMESTAMP, created_by VARCHAR(64), updated_by VARCHAR(64),
  PRIMARY KEY (tenant_id, store_no),
  UNIQUE (tenant_id, org_code)
);

CREATE TABLE logistics_center (
  tenant_id BIGINT NOT NULL,
  center_code VARCHAR(32) NOT NULL,
  center_name VARCHAR(100) NOT NULL,
  center_type VARCHAR(1) NOT NULL,       -- '1' store warehouse, '2' logistics centre
  contact_status SMALLINT,
  org_code VARCHAR(32) NOT NULL,
  created_at TIMESTAMP, updated_at TIMESTAMP, created_by VARCHAR(64), updated_by VARCHAR(64),
  PRIMARY KEY (tenant_id, center_code)
);

CREATE TABLE department (
  tenant_id BIGINT NOT NULL,
  department_code VARCHAR(32) NOT NULL,
  department_name VARCHAR(100) NOT NULL,
  parent_department_code VARCHAR(32),
  created_at TIMESTAMP, updated_at TIMESTAMP, created_by VARCHAR(64), updated_by VARCHAR(64),
  PRIMARY KEY (tenant_id, department_code)
);

CREATE TABLE storage (
  tenant_id BIGINT NOT NULL,
  storage_no VARCHAR(32) NOT NULL,
  storage_name VARCHAR(100) NOT NULL,
  center_code VARCHAR(32),
  created_at TIMESTAMP, updated_at TIMESTAMP, created_by VARCHAR(64), updated_by VARCHAR(64),
  PRIMARY KEY (tenant_id, storage_no)
);

CREATE TABLE storage_client (
  tenant_id BIGINT NOT NULL,
  storage_client_no VARCHAR(32) NOT NULL,
  storage_client_name VARCHAR(100) NOT NULL,
  created_at TIMESTAMP, updated_at TIMESTAMP, created_by VARCHAR(64), updated_by VARCHAR(64),
  PRIMARY KEY (tenant_id, storage_client_no)
);

CREATE TABLE storage_project (
  tenant_id BIGINT NOT NULL,
  storage_project_no VARCHAR(32) NOT NULL,
  storage_project_name VARCHAR(100) NOT NULL,
  storage_client_no VARCHAR(32),
  created_at TIMESTAMP, updated_at TIMESTAMP, created_by VARCHAR(64), updated_by VARCHAR(64),
  PRIMARY KEY (tenant_id, storage_project_no)
);

CREATE TABLE storage_fee_rate (
  tenant_id BIGINT NOT NULL,
  storage_project_no VARCHAR(32) NOT NULL,
  fee_per_unit_day DECIMAL(18,4) NOT NULL,
  created_at TIMESTAMP, updated_at TIMESTAMP, created_by VARCHAR(64), updated_by VARCHAR(64),
  PRIMARY KEY (tenant_id, storage_project_no)
);

CREATE TABLE supplier (
  tenant_id BIGINT NOT NULL,
  supplier_no VARCHAR(32) NOT NULL,
  supplier_name VARCHAR(100) NOT NULL,
  supplier_alias_no VARCHAR(32),
  org_code VARCHAR(32),
  supplier_types VARCHAR(32),
  logistics_type SMALLINT,               -- 1 central distribution, 2 direct delivery, 3 cross-dock
  source_type VARCHAR(1),
  contacts VARCHAR(100),
  contact_phone VARCHAR(32),
  status SMALLINT,
  created_at TIMESTAMP, updated_at TIMESTAMP, created_by VARCHAR(64), updated_by VARCHAR(64),
  PRIMARY KEY (tenant_id, supplier_no)
);

CREATE TABLE wholesaler (
  tenant_id BIGINT NOT NULL,
  wholesaler_no VARCHAR(32) NOT NULL,
  wholesaler_name VARCHAR(100) NOT NULL,
  wholesaler_type SMALLINT,
  wholesaler_status SMALLINT,            -- 1 enabled
  org_code VARCHAR(32),
  salesman_id VARCHAR(32),
  created_at TIMESTAMP, updated_at TIMESTAMP, created_by VARCHAR(64), updated_by VARCHAR(64),
  PRIMARY KEY (tenant_id, wholesaler_no)
);

CREATE TABLE salesman (
  tenant_id BIGINT NOT NULL,
  salesman_id VARCHAR(32) NOT NULL,
  salesman_name VARCHAR(100) NOT NULL,
  salesman_tel VARCHAR(32),
  created_at TIMESTAMP, updated_at TIMESTAMP, created_by VARCHAR(64), updated_by VARCHAR(64),
  PRIMARY KEY (tenant_id, salesman_id)
);

CREATE TABLE carrier (
  tenant_id BIGINT NOT NULL,
  carrier_no VARCHAR(32) NOT NULL,
  carrier_name VARCHAR(100) NOT NULL,
  created_at TIMESTAMP, updated_at TIMESTAMP, created_by VARCHAR(64), updated_by VARCHAR(64),
  PRIMARY KEY (tenant_id, carrier_no)
);

CREATE TABLE delivery_route (
  tenant_id BIGINT NOT NULL,
  delivery_route_no VARCHAR(32) NOT NULL,
  delivery_route_name VARCHAR(100) NOT NULL,
  center_code VARCHAR(32),
  created_at TIMESTAMP, updated_at TIMESTAMP, created_by VARCHAR(64), updated_by VARCHAR(64),
  PRIMARY KEY (tenant_id, delivery_route_no)
);

CREATE TABLE delivery_route_store (
  tenant_id BIGINT NOT NULL,
  delivery_route_no VARCHAR(32) NOT NULL,
  org_code VARCHAR(32) NOT NULL,
  seq INTEGER,
  PRIMARY KEY (tenant_id, delivery_route_no, org_code)
);

CREATE TABLE store_pickup (
  tenant_id BIGINT NOT NULL,
  store_pickup_no VARCHAR(32) NOT NULL,
  store_pickup_name VARCHAR(100) NOT NULL,
  org_code VARCHAR(32),
  created_at TIMESTAMP, updated_at TIMESTAMP, created_by VARCHAR(64), updated_by VARCHAR(64),
  PRIMARY KEY (tenant_id, store_pickup_no)
);
