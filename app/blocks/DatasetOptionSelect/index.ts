export { DatasetOptionSelect, type DatasetOptionSelectProps } from './DatasetOptionSelect';
export * from './datasetOption.logic';
