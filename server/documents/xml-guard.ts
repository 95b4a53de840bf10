/**
 * A cheap pass over an xlsx part's XML before exceljs's parser sees it, refusing what would make the
 * parse itself the problem: elements nested deeper than any workbook nests them (2,000,000 nested
 * `<c>` in a 6 kB file held the parser's stack and hundreds of megabytes), more of one element than an
 * import can use (millions of shared strings in a file under the inflate bound), a NUL character
 * (XML forbids it; the parser's error said nothing useful) and a DTD (a workbook has none; entity
 * tricks start there). It only tracks tags, so it costs a byte loop, not a tree.
 */
import { Transform, type TransformCallback } from 'node:stream';

export type XmlRefusal = { kind: 'depth'; max: number } | { kind: 'count'; name: string; max: number } | { kind: 'nul' } | { kind: 'declaration' };

export interface XmlLimits {
  /** deepest element nesting allowed */
  depth: number;
  /** at most `max` elements of this local name (within each `per` element when given) */
  counted?: { name: string; max: number; per?: string };
}

const enum State {
  Text,
  Lt,
  OpenName,
  InTag,
  Attr,
  CloseTag,
  Bang,
  Comment,
  Cdata,
  Pi,
  Ref,
}

const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;
const BANG = 0x21;
const QUESTION = 0x3f;
const AMP = 0x26;
const HASH = 0x23;
const SEMI = 0x3b;
const QUOTE = 0x22;
const APOS = 0x27;

const isSpace = (b: number) => b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d;

/** The byte-by-byte tracker: feed it chunks in order; the first refusal sticks. */
export class XmlGuard {
  private state = State.Text;
  private depth = 0;
  private count = 0;
  private name = '';
  private lastSlash = false;
  private quote = 0;
  /** what follows `<!` (to tell a comment or CDATA from a declaration), or a character reference */
  private pending = '';
  /** the state a character reference returns to */
  private refFrom = State.Text;
  /** the last bytes seen, to find `-->`, `]]>` and `?>` across chunk edges */
  private tail = 0;
  refusal: XmlRefusal | null = null;

  constructor(private readonly limits: XmlLimits) {}

  push(chunk: Uint8Array): XmlRefusal | null {
    for (let i = 0; i < chunk.length && !this.refusal; i++) this.step(chunk[i]);
    return this.refusal;
  }

  private refuse(r: XmlRefusal): void {
    this.refusal = r;
  }

  private open(name: string): void {
    const local = name.slice(name.lastIndexOf(':') + 1);
    const counted = this.limits.counted;
    if (!counted) return;
    if (local === counted.per) this.count = 0;
    else if (local === counted.name && ++this.count > counted.max) this.refuse({ kind: 'count', name: counted.name, max: counted.max });
  }

  private step(b: number): void {
    if (b === 0) return this.refuse({ kind: 'nul' });
    this.tail = ((this.tail << 8) | b) & 0xffffff;
    this.dispatch(b);
  }

  private dispatch(b: number): void {
    switch (this.state) {
      case State.Text:
        if (b === LT) this.state = State.Lt;
        else if (b === AMP) this.startRef(State.Text);
        return;
      case State.Lt:
        if (b === SLASH) this.state = State.CloseTag;
        else if (b === BANG) {
          this.state = State.Bang;
          this.pending = '';
        } else if (b === QUESTION) this.state = State.Pi;
        else {
          this.state = State.OpenName;
          this.name = String.fromCharCode(b);
        }
        return;
      case State.OpenName:
        if (isSpace(b) || b === SLASH || b === GT) {
          this.open(this.name);
          this.state = State.InTag;
          this.lastSlash = false;
          this.inTag(b);
        } else if (this.name.length < 64) this.name += String.fromCharCode(b);
        return;
      case State.InTag:
        return this.inTag(b);
      case State.Attr:
        if (b === this.quote) this.state = State.InTag;
        else if (b === AMP) this.startRef(State.Attr);
        return;
      case State.CloseTag:
        if (b === GT) {
          this.depth--;
          this.state = State.Text;
        }
        return;
      case State.Bang:
        this.pending += String.fromCharCode(b);
        if (this.pending === '--') this.state = State.Comment;
        else if (this.pending === '[CDATA[') this.state = State.Cdata;
        else if (!'--'.startsWith(this.pending) && !'[CDATA['.startsWith(this.pending)) this.refuse({ kind: 'declaration' });
        return;
      case State.Comment:
        if (this.tail === 0x2d2d3e) this.state = State.Text; // -->
        return;
      case State.Cdata:
        if (this.tail === 0x5d5d3e) this.state = State.Text; // ]]>
        return;
      case State.Pi:
        if ((this.tail & 0xffff) === ((QUESTION << 8) | GT)) this.state = State.Text;
        return;
      case State.Ref:
        return this.ref(b);
    }
  }

  private inTag(b: number): void {
    if (b === QUOTE || b === APOS) {
      this.quote = b;
      this.state = State.Attr;
    } else if (b === GT) {
      // a self-closing element opens nothing
      if (!this.lastSlash && ++this.depth > this.limits.depth) return this.refuse({ kind: 'depth', max: this.limits.depth });
      this.state = State.Text;
    }
    this.lastSlash = b === SLASH;
  }

  private startRef(from: State): void {
    this.refFrom = from;
    this.pending = '';
    this.state = State.Ref;
  }

  /** A character reference (`&#0;`, `&#x0;`) naming NUL is refused; named entities pass. */
  private ref(b: number): void {
    if (b === SEMI || this.pending.length > 12) {
      if (this.pending.charCodeAt(0) === HASH) {
        const body = this.pending.slice(1);
        const code = body[0] === 'x' || body[0] === 'X' ? parseInt(body.slice(1), 16) : parseInt(body, 10);
        if (code === 0) return this.refuse({ kind: 'nul' });
      }
      this.state = this.refFrom;
      return;
    }
    // a stray `&` (not a reference) ends at markup; the parser refuses it itself
    if (b === LT || isSpace(b) || (this.refFrom === State.Attr && b === this.quote)) {
      this.state = this.refFrom;
      return this.dispatch(b);
    }
    this.pending += String.fromCharCode(b);
  }
}

/** The part's bytes passed through unchanged, checked on the way; the stream fails at the first refusal. */
export function guardXml(limits: XmlLimits, onRefusal: (r: XmlRefusal) => void): Transform {
  const guard = new XmlGuard(limits);
  return new Transform({
    transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
      const refusal = guard.push(chunk);
      if (!refusal) return done(null, chunk);
      onRefusal(refusal);
      done(new XmlRefused(refusal));
    },
  });
}

export class XmlRefused extends Error {
  constructor(readonly refusal: XmlRefusal) {
    super(`xml refused: ${refusal.kind}`);
  }
}
