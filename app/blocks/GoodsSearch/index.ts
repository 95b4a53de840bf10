export { SkuAutocomplete, type SkuAutocompleteProps } from './SkuAutocomplete';
export { ScanSearch, type ScanSearchProps } from './ScanSearch';
export * from './skuSearch.logic';
