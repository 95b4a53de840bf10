export { SummaryReportPage, ReportView } from './SummaryReportPage';
export { ReportSourceProvider, createHttpReportSource, createMemoryReportSource, type ReportSource } from './source';
