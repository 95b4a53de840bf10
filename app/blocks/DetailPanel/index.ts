export { DetailPanel, type DetailPanelProps, type DetailItem } from './DetailPanel';
export * from './detailPanel.logic';
