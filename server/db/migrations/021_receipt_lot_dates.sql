-- Production and expiry dates of a received lot, entered on the receipt line: approval opens the
-- line's lot with them (lot.produce_date, lot.expiration_date). Optional: lines without them stay valid.
ALTER TABLE purchase_receipt_item ADD COLUMN produce_date DATE;
ALTER TABLE purchase_receipt_item ADD COLUMN expiration_date DATE;

-- the archive keeps the live table's columns, so purchase_receipt_item_all (live UNION ALL archive) stays whole
ALTER TABLE purchase_receipt_item_his ADD COLUMN produce_date DATE;
ALTER TABLE purchase_receipt_item_his ADD COLUMN expiration_date DATE;
