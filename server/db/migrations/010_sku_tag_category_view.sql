-- One row per SKU and tag category it has a tag of (two tags of one category count once): sales lines
-- joined to it are repeated once per tag category, never per tag (reports 121 and 196, the tag-category chip).

CREATE VIEW sku_tag_category_relation AS
  SELECT DISTINCT r.tenant_id, r.sku_no, t.tag_cate_code
    FROM sku_tag_relation r
    JOIN sku_tag t ON t.tenant_id = r.tenant_id AND t.tag_code = r.tag_code;
