/**
 * A small markdown reader for the AI interpretation (headings, lists, quotes, paragraphs, **bold**): enough for
 * the assistant's answer, safe because it builds elements from text and never injects HTML. It reads
 * partial text too, so the panel can show the answer as it streams.
 */
export type Inline = { text: string; bold: boolean };
export type MdBlock =
  | { kind: 'heading'; level: 1 | 2 | 3; content: Inline[] }
  | { kind: 'list'; ordered: boolean; items: Inline[][] }
  | { kind: 'paragraph'; content: Inline[] }
  | { kind: 'quote'; content: Inline[] };

export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  const parts = text.split('**');
  parts.forEach((part, i) => {
    // an odd part is inside ** **; an unclosed trailing ** (still streaming) stays plain
    const bold = i % 2 === 1 && i < parts.length - 1;
    const piece = bold || i % 2 === 0 ? part : `**${part}`;
    if (piece) out.push({ text: piece, bold });
  });
  return out;
}

export function parseMarkdown(text: string): MdBlock[] {
  const blocks: MdBlock[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', content: parseInline(paragraph.join(' ')) });
    paragraph = [];
  };
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    const bullet = /^[-*•]\s+(.*)$/.exec(line);
    const numbered = /^\d+[.、)]\s*(.*)$/.exec(line);
    const quote = /^>\s?(.*)$/.exec(line);
    if (!line) flush();
    else if (quote) {
      flush();
      blocks.push({ kind: 'quote', content: parseInline(quote[1]) });
    }
    else if (heading) {
      flush();
      blocks.push({ kind: 'heading', level: heading[1].length as 1 | 2 | 3, content: parseInline(heading[2]) });
    } else if (bullet || numbered) {
      flush();
      const ordered = !bullet;
      const item = parseInline((bullet ?? numbered)![1]);
      const last = blocks[blocks.length - 1];
      if (last?.kind === 'list' && last.ordered === ordered) last.items.push(item);
      else blocks.push({ kind: 'list', ordered, items: [item] });
    } else paragraph.push(line);
  }
  flush();
  return blocks;
}
