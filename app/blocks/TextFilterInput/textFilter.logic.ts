/** Text filter input rules (building blocks §5, §9; rules 322, 325, 326), on the engine's text helpers. */
import { limitText, requestText, TEXT_MAXLENGTH } from '../../../engine/query';

export { TEXT_MAXLENGTH };

/** What the box holds while typing: cut at the maxlength (default 35), spaces kept. */
export const typedText = (input: string, maxlength: number = TEXT_MAXLENGTH): string => limitText(input, maxlength);

/** What a search sends: trimmed, at most the maxlength. */
export const sentText = (value: string | null | undefined, maxlength: number = TEXT_MAXLENGTH): string =>
  requestText(value, maxlength);

/** Enter searches (rule 322), unless an input method is still composing the text. */
export const isSearchKey = (event: { key: string; nativeEvent?: { isComposing?: boolean } }): boolean =>
  event.key === 'Enter' && !event.nativeEvent?.isComposing;
