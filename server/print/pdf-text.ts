/** Test helper: reads a PDF's text with poppler's pdftotext (apt poppler-utils). */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The text of a PDF as poppler's pdftotext reads it, one page per form feed. */
export function pdfText(pdf: Buffer, layout = false): string {
  const dir = mkdtempSync(join(tmpdir(), 'hm-pdf-'));
  try {
    writeFileSync(join(dir, 'a.pdf'), pdf);
    return execFileSync('pdftotext', [...(layout ? ['-layout'] : []), join(dir, 'a.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

