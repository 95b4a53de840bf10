/** Splits a translated message around its `{link}` placeholder. Pure. */
const MARK = '\u0000';

export function splitAtLink(translate: (link: string) => string): [string, string] {
  const [before, after = ''] = translate(MARK).split(MARK);
  return [before, after];
}
