/**
 * The custom-column layout of a report page (rules 177, 181–185): loaded 1 s after the page opens (so the
 * first data call goes first), saved on each change; the server keys it per client and owner.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { EMPTY_LAYOUT, layoutFromStored, LOAD_DELAY_MS, storedFromLayout, type ColumnLayout } from './custom-columns.logic';
import { useReportSource } from './source';
import type { Column } from '../../engine/wire';
import { showError } from './useReportPage';

export function useCustomColumns(enabled: boolean, route: string, key: string, columns: Column[]) {
  const source = useReportSource();
  const [layout, setLayout] = useState<ColumnLayout>(EMPTY_LAYOUT);
  const columnsRef = useRef(columns);
  columnsRef.current = columns;

  useEffect(() => {
    if (!enabled) return;
    let live = true;
    const timer = setTimeout(() => {
      source
        .loadColumns(route, key)
        .then((stored) => live && setLayout(layoutFromStored(stored)))
        // no stored layout: the default one stays
        .catch(() => undefined);
    }, LOAD_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [enabled, route, key, source]);

  const update = useCallback(
    (next: ColumnLayout) => {
      setLayout(next);
      source.saveColumns(route, key, storedFromLayout(columnsRef.current, next)).catch((error: Error) => showError(error.message));
    },
    [source, route, key],
  );

  return { layout, update };
}
