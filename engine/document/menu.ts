/** Menu groups document entries appear under (a definition's `menu.parent`), in menu order. */
export const DOCUMENT_GROUPS = [
  { key: 'purchase-docs', title: '采购单据', title_en: 'Purchase documents', icon: 'file-invoice' },
  { key: 'stock-docs', title: '库存单据', title_en: 'Stock documents', icon: 'file-stack' },
] as const;

/** The list page route of a document type. */
export const documentRoute = (type: string) => `/documents/${type}`;

export const isDocumentGroup = (key: string): boolean => DOCUMENT_GROUPS.some((g) => g.key === key);
