-- PostgreSQL: the sales lines carry their order's business date (011), and a report's date range
-- filters them on it. Without an index on it the planner reads the orders of the range and probes the
-- lines once per order (a nested loop over the lines' key); with it, both sides are read by date and
-- joined by hash. DuckDB needs none: its zone maps skip the blocks outside the range.
-- @postgres
CREATE INDEX ix_sales_order_item_date ON sales_order_item (tenant_id, business_date);
CREATE INDEX ix_sales_order_item_his_date ON sales_order_item_his (tenant_id, business_date);
CREATE INDEX ix_sales_order_item_his_x_date ON sales_order_item_his_x (tenant_id, business_date);
-- @end
