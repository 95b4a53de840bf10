export type { ExportAnswer, PrintPayload, ReportSource, StoredColumn } from './types';
export { createHttpReportSource, toOption } from './http';
export { createMemoryReportSource, reportData, reportTotals, type MemoryOptions, type MemoryReportSource, type MemoryCall } from './memory';
export { ReportSourceProvider, useReportSource } from './context';
