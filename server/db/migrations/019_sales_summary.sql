-- The sales lines summed per tenant, organisation, business day and order source: the summary the
-- sales dataset declares (report-defs/datasets/sales.json, "summaries"). Report queries that read
-- only these keys and sums (e.g. report 70 by organisation over two months) are answered from it,
-- a few hundred rows a day instead of every line. It holds live and archived sales alike
-- (sales_order_all). Filled by the seed and rebuilt by `npm run seed -- --refresh-summaries`; the
-- columns are the dataset's: each key column, then each measure under its id (exact decimals, so
-- sums of sums equal the sums of the lines).
CREATE TABLE sales_org_day (
  tenant_id BIGINT NOT NULL,
  org_code VARCHAR(32) NOT NULL,
  order_source SMALLINT NOT NULL,
  business_date DATE NOT NULL,
  qty DECIMAL(38,3),
  sales DECIMAL(38,4),
  cost DECIMAL(38,4),
  discount DECIMAL(38,4),
  gross_qty DECIMAL(38,3),
  gross_sales DECIMAL(38,4),
  gross_discount DECIMAL(38,4),
  refund DECIMAL(38,4),
  order_amount DECIMAL(38,4),
  member_sales DECIMAL(38,4),
  return_qty DECIMAL(38,3)
);
-- @postgres
CREATE INDEX ix_sales_org_day_date ON sales_org_day (tenant_id, business_date, org_code);
-- @end
