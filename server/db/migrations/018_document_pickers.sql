-- Header columns the document screens fill and filter with the building blocks' pickers
-- (report-defs/documents): who bought and carried a receipt, where and by whom stock was adjusted,
-- which customer group, carrier and service an outbound is for. All optional: documents written
-- before stay valid.

ALTER TABLE purchase_receipt ADD COLUMN buyer_id BIGINT;          -- account.account_id of the buyer
ALTER TABLE purchase_receipt ADD COLUMN department_code VARCHAR(32);
ALTER TABLE purchase_receipt ADD COLUMN carrier_no VARCHAR(32);

ALTER TABLE stock_adjustment ADD COLUMN location_no VARCHAR(32);
ALTER TABLE stock_adjustment ADD COLUMN salesman_id VARCHAR(32);
ALTER TABLE stock_adjustment ADD COLUMN department_code VARCHAR(32);

ALTER TABLE stock_issue_order ADD COLUMN group_id BIGINT;         -- group_def.id of the customer group
ALTER TABLE stock_issue_order ADD COLUMN carrier_no VARCHAR(32);
ALTER TABLE stock_issue_order ADD COLUMN service_no VARCHAR(32);  -- service.service_no charged with it

-- the archive keeps the live table's columns, so purchase_receipt_all (live UNION ALL archive) stays whole
ALTER TABLE purchase_receipt_his ADD COLUMN buyer_id BIGINT;
ALTER TABLE purchase_receipt_his ADD COLUMN department_code VARCHAR(32);
ALTER TABLE purchase_receipt_his ADD COLUMN carrier_no VARCHAR(32);
