export { GoodsPicker, type GoodsPickerProps } from './GoodsPicker';
export { MultiSkuPicker, type MultiSkuPickerProps } from './MultiSkuPicker';
export * from './goods.logic';
