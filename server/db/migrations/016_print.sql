-- Printing (building blocks §3): a document print style carries its template text (the JSON of
-- docs/print-templates.md) and who made it; a price-label template names its creator.
-- provider_no says who made a style: '0' headquarters, else the store_no or supplier_no; is_default is
-- per (tenant, source_type, provider_no).

ALTER TABLE print_style ADD COLUMN client_type VARCHAR(3);
ALTER TABLE print_style ADD COLUMN file_name VARCHAR(200);
ALTER TABLE print_style ADD COLUMN template TEXT;
ALTER TABLE print_style ADD COLUMN created_by_text VARCHAR(100);
ALTER TABLE print_style ADD COLUMN updated_by_text VARCHAR(100);
UPDATE print_style SET provider_no = '0' WHERE provider_no IS NULL;
UPDATE print_style SET store_no = '0' WHERE store_no IS NULL;
CREATE INDEX ix_print_style_type ON print_style (tenant_id, source_type, provider_no);

ALTER TABLE print_template ADD COLUMN name VARCHAR(100);
CREATE INDEX ix_print_template_type ON print_template (tenant_id, print_type);
