/**
 * Where a JSON text stops being valid, as line and column: Node 20's JSON.parse names neither (often not
 * even the position), and a person fixing a template file needs the place, not the parser's English.
 */

export interface TextPlace {
  line: number;
  column: number;
}

const SPACE = new Set([' ', '\t', '\n', '\r']);
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const HEX4 = /^[0-9a-fA-F]{4}$/;

/** The offset of the first character that makes the text invalid JSON (its length when it ends too early), or null when it is valid. */
export function jsonErrorOffset(text: string): number | null {
  let i = 0;
  // a stack of open containers instead of recursion: a file of nested brackets cannot overflow it
  const open: ('{' | '[')[] = [];
  // a container was just opened: its close or its first member follows, no comma
  let first = false;
  const space = () => {
    while (i < text.length && SPACE.has(text[i])) i++;
  };
  const string = (): boolean => {
    i++;
    while (i < text.length) {
      const c = text[i];
      if (c === '"') {
        i++;
        return true;
      }
      if (c < ' ') return false;
      if (c === '\\') {
        const next = text[i + 1];
        if (next === 'u' ? !HEX4.test(text.slice(i + 2, i + 6)) : !ESCAPES.has(next)) return false;
        i += next === 'u' ? 6 : 2;
      } else i++;
    }
    return false;
  };
  /** A scalar, or the opening of a container; false with the cursor on the character that cannot start one. */
  const value = (): boolean => {
    space();
    const c = text[i];
    if (c === '{' || c === '[') {
      open.push(c);
      i++;
      first = true;
      return true;
    }
    if (c === '"') return string();
    const word = ['true', 'false', 'null'].find((w) => text.startsWith(w, i));
    if (word) {
      i += word.length;
      return true;
    }
    NUMBER.lastIndex = i;
    if (!NUMBER.test(text)) return false;
    i = NUMBER.lastIndex;
    return true;
  };
  /** An object member's key and colon. */
  const key = (): boolean => {
    space();
    if (text[i] !== '"' || !string()) return false;
    space();
    if (text[i] !== ':') return false;
    i++;
    return true;
  };

  if (!value()) return i;
  while (open.length) {
    const top = open[open.length - 1];
    space();
    if (text[i] === (top === '{' ? '}' : ']')) {
      open.pop();
      i++;
      first = false;
      continue;
    }
    if (!first) {
      if (text[i] !== ',') return i;
      i++;
    }
    first = false;
    if (top === '{' && !key()) return i;
    if (!value()) return i;
  }
  space();
  return i < text.length ? i : null;
}

/** Line and column (from 1) of an offset in a text. */
export function placeOf(text: string, offset: number): TextPlace {
  const before = text.slice(0, offset);
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, column: offset - lineStart + 1 };
}
