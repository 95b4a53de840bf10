export { CommodityPicker, type CommodityPickerProps } from './CommodityPicker';
export * from './commodity.logic';
