import { useState } from 'react';
import { Button, Modal } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { PRINT_CALLBACK_DELAY_MS, type PrintDocumentRef, type StyleActor } from '../../../engine/print/styles';
import { useT } from '../../i18n';
import { openPdfThenCallback } from './print-style.logic';
import { PrintStylePanel } from './PrintStylePanel';
import type { PrintStyleSource } from './types';

export interface PrintDialogProps {
  opened: boolean;
  onClose: () => void;
  source: PrintStyleSource;
  sourceType: number;
  actor: StyleActor;
  /** the documents to print, by type and number */
  documents: readonly PrintDocumentRef[];
  /** runs 1 s after the PDF arrived (rule 254) */
  onPrinted?: () => void;
}

/** The document print dialog titled 打印 (rules 250–254): one style ticked, printed by the server to a PDF in a new tab. */
export function PrintDialog({ opened, onClose, source, sourceType, actor, documents, onPrinted }: PrintDialogProps) {
  const t = useT();
  const [ticked, setTicked] = useState<number | null>(null);
  const print = async () => {
    const id = ticked!;
    // rule 253: the dialog closes when printing starts
    onClose();
    try {
      const pdf = await source.print(id, [...documents]);
      openPdfThenCallback(pdf, PRINT_CALLBACK_DELAY_MS, onPrinted);
    } catch (err) {
      notifications.show({ color: 'red', title: t('print.label.printException'), message: (err as Error).message });
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} size="80%" title={t('print.print')} data-testid="print-dialog">
      {opened && (
        <PrintStylePanel
          source={source}
          sourceType={sourceType}
          actor={actor}
          ticked={ticked}
          onTick={setTicked}
          leading={(guard) => (
            <Button size="xs" onClick={() => guard('print') && void print()}>
              {t('print.print')}
            </Button>
          )}
        />
      )}
    </Modal>
  );
}
