-- The order's business date on its lines (equal by construction), so a report's date range can filter
-- the line tables directly and the database skips their blocks instead of reading them whole to join.

ALTER TABLE sales_order_item ADD COLUMN business_date DATE;
ALTER TABLE sales_order_item_his ADD COLUMN business_date DATE;
ALTER TABLE sales_order_item_his_x ADD COLUMN business_date DATE;

-- PostgreSQL expands * when a view is created: the union view is made again to carry the new column.
DROP VIEW sales_order_item_all;
CREATE VIEW sales_order_item_all AS
  SELECT * FROM sales_order_item
  UNION ALL
  SELECT * FROM sales_order_item_his;
