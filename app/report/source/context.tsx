/** The report source the page parts read from: HTTP unless a story or test provides another. */
import { createContext, useContext, type ReactNode } from 'react';
import { createHttpReportSource } from './http';
import type { ReportSource } from './types';

const httpSource = createHttpReportSource();
const ReportSourceContext = createContext<ReportSource>(httpSource);

export function ReportSourceProvider({ source, children }: { source: ReportSource; children: ReactNode }) {
  return <ReportSourceContext.Provider value={source}>{children}</ReportSourceContext.Provider>;
}

export function useReportSource(): ReportSource {
  return useContext(ReportSourceContext);
}
