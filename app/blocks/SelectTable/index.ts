export { SelectTable, type SelectTableProps } from './SelectTable';
export { formatCell, isNumericFormat } from './format.logic';
