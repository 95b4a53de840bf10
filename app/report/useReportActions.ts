/**
 * Export and print of the shown report (spec §7; rules 153–160). Export sends the shown query with
 * is_down "1" (the tab's table id, org_code on org-restricted reports); a finished file downloads under
 * the route title, a background job shows the download hint. Print posts the print payload and opens
 * the PDF in a new tab.
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { checkRequired, exportRequest, type ReportState } from '../../engine/query';
import type { OptionItem, ReportConfig, ReportRow } from '../../engine/wire';
import { saveBlob } from '../api/files';
import { useLocale, useT } from '../i18n';
import { exportFileName, printPayload, queryConditions } from './report.logic';
import { useReportSource } from './source';
import { optionSourceOf } from './useFilterOptions';
import { showError, showWarning } from './useReportPage';

export function useReportActions(config: ReportConfig | null, state: ReportState | null, rows: ReportRow[]) {
  const t = useT();
  const { locale } = useLocale();
  const source = useReportSource();
  const queryClient = useQueryClient();
  const [exporting, setExporting] = useState(false);
  const [printing, setPrinting] = useState(false);
  const [hint, setHint] = useState(false);

  const warnRequired = () => {
    const missing = state && config ? checkRequired(state, config) : null;
    if (missing) showWarning(locale === 'zh-CN' ? missing.zh : missing.en);
  };

  const doExport = async () => {
    if (!config || !state) return;
    const request = exportRequest(state);
    if (!request) return warnRequired();
    setExporting(true);
    try {
      const answer = await source.exportReport(request);
      if (answer.status === 'done') saveBlob(await source.download(answer.job_id), exportFileName(config.title));
      else if (answer.status === 'failed') showError(t('report.exportFailed'));
      else setHint(true);
    } catch (error) {
      showError((error as Error).message || t('report.exportFailed'));
    } finally {
      setExporting(false);
    }
  };

  const doPrint = async () => {
    if (!config || !state) return;
    // option labels already loaded by the filters name the chosen codes in the print header
    const optionsOf = (id: string) => {
      const item = config.dimension.find((d) => d.id === id);
      const from = item && optionSourceOf(item);
      return from ? queryClient.getQueryData<OptionItem[]>(['report', 'options', from]) : undefined;
    };
    const payload = printPayload(config, state.query, rows, queryConditions(config, state.applied, optionsOf));
    if (!payload) return warnRequired();
    // opened before the wait, so the browser treats it as the click's own window
    const win = window.open('', '_blank');
    setPrinting(true);
    try {
      const blob = await source.print(payload);
      const url = URL.createObjectURL(blob);
      if (win) win.location.href = url;
      else if (!window.open(url, '_blank')) showWarning(t('report.popupBlocked'));
    } catch (error) {
      win?.close();
      showError((error as Error).message || t('report.printFailed'));
    } finally {
      setPrinting(false);
    }
  };

  return { exporting, printing, hint, closeHint: () => setHint(false), doExport, doPrint, warnRequired };
}
