/**
 * 打印 on the document pages: the print dialog over the styles of the definition's print source type,
 * for documents named by number (the server loads and prints them within the session's scope).
 */
import { useMemo } from 'react';
import { actorOf } from '../../../engine/print/styles';
import type { DocumentFile } from '../../../engine/document/types';
import { useStoredAuth } from '../../api/session-store';
import { createHttpPrintStyleSource, PrintDialog } from '../../blocks/PrintStyle';

export interface DocumentPrintDialogProps {
  def: DocumentFile;
  /** the documents' numbers; the dialog is closed while empty */
  nos: readonly string[];
  onClose: () => void;
  onPrinted?: () => void;
}

export function DocumentPrintDialog({ def, nos, onClose, onPrinted }: DocumentPrintDialogProps) {
  const session = useStoredAuth()?.session;
  const source = useMemo(() => createHttpPrintStyleSource(), []);
  const documents = useMemo(() => nos.map((no) => ({ type: def.id, no })), [def.id, nos]);
  if (!def.print || !session) return null;
  return (
    <PrintDialog
      opened={nos.length > 0}
      onClose={onClose}
      source={source}
      sourceType={def.print.source_type}
      actor={actorOf(session)}
      documents={documents}
      onPrinted={onPrinted}
    />
  );
}
