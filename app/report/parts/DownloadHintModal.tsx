/** The download hint after a large export: its file is on the log page. */
import { DownloadHint } from '../../blocks/DownloadHint';

export function DownloadHintModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return <DownloadHint opened={opened} onClose={onClose} titleKey="report.downloadHintTitle" messageKey="report.downloadHint" />;
}
