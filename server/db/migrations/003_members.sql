-- Members, cards, coupons.

CREATE TABLE member_level (
  tenant_id BIGINT NOT NULL,
  level_no VARCHAR(32) NOT NULL,
  level_name VARCHAR(100) NOT NULL,
  sort INTEGER,
  created_at TIMESTAMP, updated_at TIMESTAMP, created_by VARCHAR(64), updated_by VARCHAR(64),
  PRIMARY KEY (tenant_id, level_no)
);

CREATE TABLE member (
  tenant_id BIGINT NOT NULL,
  member_no VARCHAR(32) NOT NULL,
  member_name VARCHAR(100),
  phone VARCHAR(32) NOT NULL,
  level_no VARCHAR(32),
  member_attribute VARCHAR(32),          -- dict MEMBER_ATTRIBUTE
  register_org_code VARCHAR(32),
  register_time TIMESTAMP,
  first_order_time TIMESTAMP,
  is_plus SMALLINT,
  points_balance DECIMAL(18,3),
  created_at TIMESTAMP, updated_at TIMESTAMP, created_by VARCHAR(64), updated_by VARCHAR(64),
  PRIMARY KEY (tenant_id, member_no),
  UNIQUE (tenant_id, phone)
);

CREATE TABLE member_tag (
  tenant_id BIGINT NOT NULL,
  tag_code VARCHAR(32) NOT NULL,
  tag_name VARCHAR(100) NOT NULL,
  parent_code VARCHAR(32),
  created_at TIMESTAMP, updated_at TIMESTAMP, created_by VARCHAR(64), updated_by VARCHAR(64),
  PRIMARY KEY (tenant_id, tag_code)
);

CREATE TABLE member_tag_relation (
  tenant_id BIGINT NOT NULL,
  member_no VARCHAR(32) NOT NULL,
  tag_code VARCHAR(32) NOT NULL,
  PRIMARY KEY (tenant_id, member_no, tag_code)
);

CREATE TABLE member_points_ledger (
  tenant_id BIGINT NOT NULL,
  id BIGINT NOT NULL,
  member_no VARCHAR(32) NOT NULL,
  org_code VARCHAR(32),
  order_no VARCHAR(32),
  points DECIMAL(18,3) NOT NULL,         -- + earned, - used
  biz_time TIMESTAMP NOT NULL
);

CREATE TABLE card (
  tenant_id BIGINT NOT NULL,
  card_no VARCHAR(32) NOT NULL,
  card_name VARCHAR(100) NOT NULL,
  card_type SMALLINT NOT NULL,           -- 1 stored value, 2 gift card, 3 package card
  face_value DECIMAL(18,4),
  price DECIMAL(18,4),
  times INTEGER,
  created_at TIMESTAMP, updated_at TIMESTAMP, created_by VARCHAR(64), updated_by VARCHAR(64),
  PRIMARY KEY (tenant_id, card_no)
);

CREATE TABLE member_card (
  tenant_id BIGINT NOT NULL,
  card_instance_no VARCHAR(32) NOT NULL,
  card_no VARCHAR(32) NOT NULL,
  member_no VARCHAR(32),
  issue_org_code VARCHAR(32),
  balance DECIMAL(18,4),
  remaining_times INTEGER,
  status SMALLINT,
  issue_time TIMESTAMP,
  created_at TIMESTAMP, updated_at TIMESTAMP, created_by VARCHAR(64), updated_by VARCHAR(64),
  PRIMARY KEY (tenant_id, card_instance_no)
);

CREATE TABLE card_transaction (
  tenant_id BIGINT NOT NULL,
  txn_id BIGINT NOT NULL,
  card_instance_no VARCHAR(32) NOT NULL,
  card_no VARCHAR(32) NOT NULL,
  member_no VARCHAR(32),
  org_code VARCHAR(32),
  txn_type SMALLINT NOT NULL,            -- 1 top-up, 2 bonus, 3 consume, 4 refund
  amount DECIMAL(18,4) NOT NULL,         -- positive; txn_type gives the direction
  times INTEGER,
  order_no VARCHAR(32),
  txn_time TIMESTAMP NOT NULL
);

CREATE TABLE plus_member_card (
  tenant_id BIGINT NOT NULL,
  plus_card_no VARCHAR(32) NOT NULL,
  plus_card_name VARCHAR(100) NOT NULL,
  price DECIMAL(18,4),
  valid_days INTEGER,
  created_at TIMESTAMP, updated_at TIMESTAMP, created_by VARCHAR(64), updated_by VARCHAR(64),
  PRIMARY KEY (tenant_id, plus_card_no)
);

CREATE TABLE plus_member_subscription (
  tenant_id BIGINT NOT NULL,
  sub_no VARCHAR(32) NOT NULL,
  plus_card_no VARCHAR(32) NOT NULL,
  member_no VARCHAR(32) NOT NULL,
  org_code VARCHAR(32),
  amount DECIMAL(18,4),
  refund_amount DECIMAL(18,4),
  is_renewal SMALLINT,
  buy_time TIMESTAMP,
  start_date DATE,
  end_date DATE,
  PRIMARY KEY (tenant_id, sub_no)
);

CREATE TABLE coupon_activity (
  tenant_id BIGINT NOT NULL,
  coupon_activity_key VARCHAR(32) NOT NULL,
  activity_title VARCHAR(100) NOT NULL,
  coupon_type SMALLINT,                  -- 1 cash-off, 2 discount, 3 gift
  face_value DECIMAL(18,4),
  start_time TIMESTAMP,
  end_time TIMESTAMP,
  created_at TIMESTAMP, updated_at TIMESTAMP, created_by VARCHAR(64), updated_by VARCHAR(64),
  PRIMARY KEY (tenant_id, coupon_activity_key)
);

CREATE TABLE coupon (
  tenant_id BIGINT NOT NULL,
  coupon_no VARCHAR(32) NOT NULL,
  coupon_activity_key VARCHAR(32) NOT NULL,
  member_no VARCHAR(32),
  issue_time TIMESTAMP,
  issue_org_code VARCHAR(32),
  status SMALLINT,                       -- 1 unused, 2 used, 3 expired
  used_order_no VARCHAR(32),
  used_org_code VARCHAR(32),
  used_time TIMESTAMP,
  discount_amount DECIMAL(18,4),
  PRIMARY KEY (tenant_id, coupon_no)
);
CREATE INDEX ix_coupon_issue ON coupon (tenant_id, issue_time, issue_org_code);

-- Keys and indexes of the big fact tables: PostgreSQL only. DuckDB reads date-ordered data through its
-- zone maps; ART indexes on these tables would triple the demo file and slow the bulk load.
-- @postgres
ALTER TABLE member_points_ledger ADD PRIMARY KEY (tenant_id, id);
ALTER TABLE card_transaction ADD PRIMARY KEY (tenant_id, txn_id);
CREATE INDEX ix_member_points_ledger_time ON member_points_ledger (tenant_id, biz_time);
CREATE INDEX ix_card_transaction_time ON card_transaction (tenant_id, txn_time, org_code);
-- @end
