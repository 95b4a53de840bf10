-- Accounts, sessions and shell configuration. Ids of rows the app creates come from app_id_seq.

CREATE TABLE account (
  tenant_id BIGINT NOT NULL,
  account_id BIGINT NOT NULL,
  username VARCHAR(64) NOT NULL,         -- login name, unique per tenant
  account_name VARCHAR(100) NOT NULL,
  client_type VARCHAR(3) NOT NULL,       -- HMT, HMD, HMS
  org_code VARCHAR(32) NOT NULL,         -- '1000' for head-office users
  is_driver SMALLINT NOT NULL DEFAULT 0,
  store_no VARCHAR(32),
  supplier_no VARCHAR(32),
  mobile VARCHAR(32),
  password_hash VARCHAR(200) NOT NULL,   -- salted hash of md5(password)
  is_edit_password SMALLINT NOT NULL DEFAULT 0,
  is_open_edit_password SMALLINT NOT NULL DEFAULT 0,
  permission TEXT,                       -- comma list of menu leaf ids
  display_menu TEXT,
  status SMALLINT NOT NULL DEFAULT 1,    -- 1 enabled, 0 disabled
  created_at TIMESTAMP, updated_at TIMESTAMP, created_by VARCHAR(64), updated_by VARCHAR(64),
  PRIMARY KEY (tenant_id, account_id),
  UNIQUE (tenant_id, username)
);

CREATE TABLE account_org_relation (
  tenant_id BIGINT NOT NULL,
  account_id BIGINT NOT NULL,
  org_code VARCHAR(32) NOT NULL,
  PRIMARY KEY (tenant_id, account_id, org_code)
);

-- server-side sessions: the bearer token is stored only as its sha-256
CREATE TABLE account_session (
  token_hash VARCHAR(64) NOT NULL,
  tenant_id BIGINT NOT NULL,
  account_id BIGINT NOT NULL,
  client_type VARCHAR(3) NOT NULL,
  created_at TIMESTAMP NOT NULL,
  expires_at TIMESTAMP NOT NULL,
  last_seen_at TIMESTAMP NOT NULL,
  PRIMARY KEY (token_hash)
);

-- login throttling per merchant/username key
CREATE TABLE login_attempt (
  key VARCHAR(200) NOT NULL,
  failed_count INTEGER NOT NULL,
  first_failed_at TIMESTAMP NOT NULL,
  locked_until TIMESTAMP,
  PRIMARY KEY (key)
);

-- global, not tenant data: one tree per client; a report leaf's menu_id is its table_id
CREATE TABLE menu (
  menu_id VARCHAR(64) NOT NULL,
  client_type VARCHAR(3) NOT NULL,
  parent_id VARCHAR(64),
  level SMALLINT NOT NULL,
  route VARCHAR(200),
  title VARCHAR(100) NOT NULL,
  title_en VARCHAR(100),
  icon VARCHAR(64),
  sort INTEGER NOT NULL,
  hidden SMALLINT NOT NULL DEFAULT 0,
  PRIMARY KEY (client_type, menu_id)
);

CREATE TABLE approval_record (
  tenant_id BIGINT NOT NULL,
  id BIGINT NOT NULL DEFAULT nextval('app_id_seq'),
  business_type VARCHAR(32) NOT NULL,
  business_no VARCHAR(32) NOT NULL,
  approver_account_id BIGINT,
  approver_name VARCHAR(100),
  result VARCHAR(1) NOT NULL,            -- '1' approved, '2' rejected, '3' sent back
  remark VARCHAR(100),
  created_at TIMESTAMP NOT NULL,
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX ix_approval_record_business ON approval_record (tenant_id, business_type, business_no);

CREATE TABLE message (
  tenant_id BIGINT NOT NULL,
  id BIGINT NOT NULL DEFAULT nextval('app_id_seq'),
  account_id BIGINT NOT NULL,
  title VARCHAR(200) NOT NULL,
  content TEXT,
  is_read SMALLINT NOT NULL DEFAULT 0,
  created_at TIMESTAMP NOT NULL,
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX ix_message_account ON message (tenant_id, account_id, is_read);

CREATE TABLE data_screen (
  tenant_id BIGINT NOT NULL,
  id BIGINT NOT NULL DEFAULT nextval('app_id_seq'),
  screen_name VARCHAR(100) NOT NULL,
  url VARCHAR(255) NOT NULL,
  is_rotating SMALLINT NOT NULL DEFAULT 0,
  sort INTEGER,
  PRIMARY KEY (tenant_id, id)
);

CREATE TABLE complaint (
  tenant_id BIGINT NOT NULL,
  id BIGINT NOT NULL DEFAULT nextval('app_id_seq'),
  account_id BIGINT,
  client_type VARCHAR(3),
  name VARCHAR(100),
  phone VARCHAR(32),
  remark TEXT,
  status SMALLINT NOT NULL DEFAULT 0,    -- 0 new, 1 handled
  created_at TIMESTAMP NOT NULL,
  PRIMARY KEY (tenant_id, id)
);

CREATE TABLE complaint_image (
  tenant_id BIGINT NOT NULL,
  complaint_id BIGINT NOT NULL,
  seq INTEGER NOT NULL,
  img_url VARCHAR(255) NOT NULL,
  PRIMARY KEY (tenant_id, complaint_id, seq)
);

CREATE TABLE print_template (
  tenant_id BIGINT NOT NULL,
  id BIGINT NOT NULL DEFAULT nextval('app_id_seq'),
  token VARCHAR(64),
  print_type INTEGER NOT NULL,           -- e.g. 1027, 9001 price tag
  print_template_name VARCHAR(50) NOT NULL,
  print_template_content TEXT,
  is_default VARCHAR(1) NOT NULL DEFAULT '0',
  is_system VARCHAR(1) NOT NULL DEFAULT '0',
  is_store_show VARCHAR(1) NOT NULL DEFAULT '0',
  store_no VARCHAR(32),                  -- '0' = created in HMT
  account_id BIGINT,
  created_at TIMESTAMP, updated_at TIMESTAMP, created_by VARCHAR(64), updated_by VARCHAR(64),
  PRIMARY KEY (tenant_id, id)
);

CREATE TABLE print_style (
  tenant_id BIGINT NOT NULL,
  id BIGINT NOT NULL DEFAULT nextval('app_id_seq'),
  report_name VARCHAR(50) NOT NULL,
  source_type INTEGER NOT NULL,
  description VARCHAR(200),
  is_default SMALLINT NOT NULL DEFAULT 0,
  custom SMALLINT,                       -- 1 published to stores, 2 to suppliers
  is_hmd_show SMALLINT,
  is_hms_show SMALLINT,
  provider_no VARCHAR(32),
  store_no VARCHAR(32),
  templet_path VARCHAR(255),
  created_at TIMESTAMP, last_modify TIMESTAMP, created_by VARCHAR(64), updated_by VARCHAR(64),
  PRIMARY KEY (tenant_id, id)
);

CREATE TABLE custom_column_config (
  tenant_id BIGINT NOT NULL,
  client_type VARCHAR(3) NOT NULL,
  route VARCHAR(200) NOT NULL,
  owner_key VARCHAR(64) NOT NULL,        -- store_no (HMD), account_id (HMT), supplier_no (HMS)
  custom_field_key VARCHAR(100) NOT NULL,
  custom_field_val TEXT NOT NULL,        -- JSON [{prop, isShow, minWidth}] in order
  updated_at TIMESTAMP,
  PRIMARY KEY (tenant_id, client_type, route, owner_key, custom_field_key)
);

CREATE TABLE dictionary (
  tenant_id BIGINT NOT NULL,
  dic_code VARCHAR(64) NOT NULL,
  dic_value VARCHAR(64) NOT NULL,
  display_name_cn VARCHAR(100) NOT NULL,
  display_name_en VARCHAR(100),
  sort INTEGER,
  PRIMARY KEY (tenant_id, dic_code, dic_value)
);

CREATE TABLE favorite_folder (
  tenant_id BIGINT NOT NULL,
  id BIGINT NOT NULL DEFAULT nextval('app_id_seq'),
  account_id BIGINT NOT NULL,
  favorite_name VARCHAR(100) NOT NULL,
  created_at TIMESTAMP,
  PRIMARY KEY (tenant_id, id)
);

CREATE TABLE favorite_sku (
  tenant_id BIGINT NOT NULL,
  favorite_id BIGINT NOT NULL,
  sku_no VARCHAR(32) NOT NULL,
  dorder_group_id BIGINT,
  PRIMARY KEY (tenant_id, favorite_id, sku_no)
);

CREATE TABLE group_def (
  tenant_id BIGINT NOT NULL,
  id BIGINT NOT NULL DEFAULT nextval('app_id_seq'),
  group_name VARCHAR(100) NOT NULL,
  remark VARCHAR(200),
  client_no VARCHAR(32),
  client_type VARCHAR(3),
  group_type SMALLINT,
  group_status SMALLINT,
  created_at TIMESTAMP, updated_at TIMESTAMP, created_by VARCHAR(64), updated_by VARCHAR(64),
  PRIMARY KEY (tenant_id, id)
);

-- import and export jobs, listed at /j-system-leadingin
CREATE TABLE import_log (
  tenant_id BIGINT NOT NULL,
  job_id VARCHAR(64) NOT NULL,
  account_id BIGINT NOT NULL,
  kind VARCHAR(16) NOT NULL,             -- 'export' or 'import'
  type VARCHAR(32),                      -- business type of an import (e.g. 'item')
  table_id INTEGER,                      -- report id of an export
  title VARCHAR(200),
  status VARCHAR(16) NOT NULL,           -- 'queued', 'running', 'done', 'failed'
  progress INTEGER NOT NULL DEFAULT 0,   -- 0..100
  row_count BIGINT,
  file_path VARCHAR(500),
  error TEXT,
  created_at TIMESTAMP NOT NULL,
  finished_at TIMESTAMP,
  PRIMARY KEY (tenant_id, job_id)
);
CREATE INDEX ix_import_log_account ON import_log (tenant_id, account_id, created_at);

CREATE TABLE upload_file (
  tenant_id BIGINT NOT NULL,
  id VARCHAR(64) NOT NULL,
  account_id BIGINT,
  name VARCHAR(255) NOT NULL,
  size BIGINT NOT NULL,
  mime VARCHAR(100),
  path VARCHAR(500) NOT NULL,
  created_at TIMESTAMP NOT NULL,
  PRIMARY KEY (tenant_id, id)
);
