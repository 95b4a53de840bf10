-- Goods master data.

CREATE TABLE category (
  tenant_id BIGINT NOT NULL,
  cate_code VARCHAR(32) NOT NULL,
  cate_name VARCHAR(100) NOT NULL,
  cate_level SMALLINT NOT NULL,          -- 1..3, leaf level 3
  parent_cate_code VARCHAR(32),
  is_role VARCHAR(1),                    -- '1' visible to role-filtered pickers
  created_at TIMESTAMP, updated_at TIMESTAMP, created_by VARCHAR(64), updated_by VARCHAR(64),
  PRIMARY KEY (tenant_id, cate_code)
);

CREATE TABLE finance_category (
  tenant_id BIGINT NOT NULL,
  cate_code VARCHAR(32) NOT NULL,
  cate_name VARCHAR(100) NOT NULL,
  created_at TIMESTAMP, updated_at TIMESTAMP, created_by VARCHAR(64), updated_by VARCHAR(64),
  PRIMARY KEY (tenant_id, cate_code)
);

CREATE TABLE online_category (
  tenant_id BIGINT NOT NULL,
  online_cate_code VARCHAR(32) NOT NULL,
  online_cate_name VARCHAR(100) NOT NULL,
  parent_code VARCHAR(32),
  created_at TIMESTAMP, updated_at TIMESTAMP, created_by VARCHAR(64), updated_by VARCHAR(64),
  PRIMARY KEY (tenant_id, online_cate_code)
);

CREATE TABLE brand (
  tenant_id BIGINT NOT NULL,
  brand_code VARCHAR(32) NOT NULL,
  brand_name VARCHAR(100) NOT NULL,
  parent_brand_code VARCHAR(32),
  created_at TIMESTAMP, updated_at TIMESTAMP, created_by VARCHAR(64), updated_by VARCHAR(64),
  PRIMARY KEY (tenant_id, brand_code)
);

CREATE TABLE sku_tag_category (
  tenant_id BIGINT NOT NULL,
  tag_cate_code VARCHAR(32) NOT NULL,
  tag_cate_name VARCHAR(100) NOT NULL,
  parent_code VARCHAR(32),
  created_at TIMESTAMP, updated_at TIMESTAMP, created_by VARCHAR(64), updated_by VARCHAR(64),
  PRIMARY KEY (tenant_id, tag_cate_code)
);

CREATE TABLE sku_tag (
  tenant_id BIGINT NOT NULL,
  tag_code VARCHAR(32) NOT NULL,
  tag_cate_code VARCHAR(32) NOT NULL,
  tag_name VARCHAR(100) NOT NULL,
  created_at TIMESTAMP, updated_at TIMESTAMP, created_by VARCHAR(64), updated_by VARCHAR(64),
  PRIMARY KEY (tenant_id, tag_code)
);

CREATE TABLE sku_tag_relation (
  tenant_id BIGINT NOT NULL,
  sku_no VARCHAR(32) NOT NULL,
  tag_code VARCHAR(32) NOT NULL,
  PRIMARY KEY (tenant_id, sku_no, tag_code)
);

CREATE TABLE sku (
  tenant_id BIGINT NOT NULL,
  sku_no VARCHAR(32) NOT NULL,
  barcode VARCHAR(32) NOT NULL,
  sku_name VARCHAR(100) NOT NULL,
  back_cate_code VARCHAR(32),            -- category, level 3
  finance_cate_code VARCHAR(32),
  online_cate_code VARCHAR(32),
  brand_code VARCHAR(32),
  supplier_no VARCHAR(32),               -- main supplier
  logistics_type SMALLINT,
  sku_type SMALLINT,
  sale_unit VARCHAR(16),
  fcl_sale_unit VARCHAR(16),
  fcl_barcode VARCHAR(32),
  fcl_price DECIMAL(18,4),
  fcl_qty DECIMAL(18,3),                 -- sale units per full case
  specification VARCHAR(100),
  birthplace VARCHAR(100),
  shelflife INTEGER,
  shelflife_unit SMALLINT,               -- 1 day, 2 month, 3 year
  buying_price DECIMAL(18,4),
  purchase_price DECIMAL(18,4),
  selling_price DECIMAL(18,4),
  input_tax_rate DECIMAL(6,4),
  output_tax_rate DECIMAL(6,4),
  status SMALLINT,
  created_at TIMESTAMP, updated_at TIMESTAMP, created_by VARCHAR(64), updated_by VARCHAR(64),
  PRIMARY KEY (tenant_id, sku_no),
  UNIQUE (tenant_id, barcode)
);

CREATE TABLE sku_org (
  tenant_id BIGINT NOT NULL,
  org_code VARCHAR(32) NOT NULL,
  sku_no VARCHAR(32) NOT NULL,
  selling_price DECIMAL(18,4),
  store_rate DECIMAL(6,4),
  lc_rate DECIMAL(6,4),
  stock_limit VARCHAR(1),                -- '2' ordering limited by usable stock
  min_dorder_num DECIMAL(18,3),
  order_weekdays VARCHAR(32),            -- comma list of ISO weekdays (1 Monday .. 7 Sunday)
  status SMALLINT,
  created_at TIMESTAMP, updated_at TIMESTAMP, created_by VARCHAR(64), updated_by VARCHAR(64),
  PRIMARY KEY (tenant_id, org_code, sku_no)
);

CREATE TABLE service (
  tenant_id BIGINT NOT NULL,
  service_no VARCHAR(32) NOT NULL,
  service_name VARCHAR(100) NOT NULL,
  service_cate_name VARCHAR(100),
  service_price DECIMAL(18,4),
  service_status VARCHAR(1),             -- '1' enabled
  created_at TIMESTAMP, updated_at TIMESTAMP, created_by VARCHAR(64), updated_by VARCHAR(64),
  PRIMARY KEY (tenant_id, service_no)
);

CREATE TABLE service_org (
  tenant_id BIGINT NOT NULL,
  service_no VARCHAR(32) NOT NULL,
  org_code VARCHAR(32) NOT NULL,
  PRIMARY KEY (tenant_id, service_no, org_code)
);
