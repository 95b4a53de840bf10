/** Fetches a job's file with the bearer token and hands it to the browser as a download. */
import { fetchFile, saveBlob } from '../../api/files';

export async function downloadJobFile(jobId: string, fallbackName: string): Promise<void> {
  const { blob, name } = await fetchFile(`/api/jobs/${encodeURIComponent(jobId)}/download`, fallbackName);
  saveBlob(blob, name);
}
