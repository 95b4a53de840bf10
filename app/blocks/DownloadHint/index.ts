export { DownloadHint, ImportLogText, type DownloadHintProps } from './DownloadHint';
export { splitAtLink } from './downloadHint.logic';
