/**
 * The report source of a preview: the real report page reads a draft through the studio's preview
 * endpoints (config, data with totals, export); everything else is the app's HTTP source.
 */
import type { ReportFile } from '../../../engine/definition/types';
import type { StudioPreview } from '../../../engine/studio/wire';
import type { ReportQuery } from '../../../engine/wire';
import { createHttpReportSource } from '../../report/source/http';
import type { ReportSource } from '../../report/source/types';
import { studioApi } from './studio-api';

export function createPreviewSource(report: ReportFile, api: Pick<typeof studioApi, 'previewConfig' | 'preview' | 'previewExport'> = studioApi): ReportSource {
  const http = createHttpReportSource();
  // the page asks rows and totals of one query separately; the preview answers both in one call
  const answers = new Map<string, Promise<StudioPreview>>();
  const answer = (query: ReportQuery) => {
    const key = JSON.stringify(query);
    let found = answers.get(key);
    if (!found) {
      found = api.preview(report, query);
      answers.set(key, found);
      found.catch(() => answers.delete(key));
    }
    return found;
  };
  return {
    ...http,
    config: (_tableId, _isHistory, signal) => api.previewConfig(report, signal),
    data: async (query) => {
      const { totals: _totals, ...data } = await answer(query);
      return data;
    },
    totals: async (query) => (await answer(query)).totals,
    exportReport: (query) => api.previewExport(report, query),
  };
}
