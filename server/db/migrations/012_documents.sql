-- Document screens (report-defs/documents): files attached to a document, and the unit cost an
-- outbound line is entered with (its cost amount is qty × cost price).

CREATE TABLE document_attachment (
  tenant_id BIGINT NOT NULL,
  id VARCHAR(64) NOT NULL,
  business_type VARCHAR(32) NOT NULL,    -- the document type (definition id)
  business_no VARCHAR(32) NOT NULL,
  account_id BIGINT,
  name VARCHAR(255) NOT NULL,
  size BIGINT NOT NULL,
  mime VARCHAR(100) NOT NULL,
  path VARCHAR(500) NOT NULL,
  created_at TIMESTAMP NOT NULL,
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX ix_document_attachment_business ON document_attachment (tenant_id, business_type, business_no);

ALTER TABLE stock_issue_item ADD COLUMN cost_price DECIMAL(18,4);
