import * as z from "zod";

// Text a player types is stored, and much of it is shown to other players. What such text may hold is
// decided here, once, and every schema that takes free text (bodies, query strings) builds on these:
//
// - trimmed and normalised to Unicode NFC, so "é" typed two ways is one name;
// - never a NUL or another control character (C0, DEL, C1), nor half of a surrogate pair: PostgreSQL
//   refuses NUL outright, and the others corrupt what other players see; newline and tab only in
//   multi-line fields (a bio, a description);
// - names (players, leagues) also never hold direction overrides, isolates or marks, nor invisible
//   characters (zero-width space, Hangul fillers, soft hyphen): a name must look like what it is.
//   Joiners and variation selectors stay, since emoji and some scripts need them.

const inRange = (cp: number, from: number, to: number) => cp >= from && cp <= to;

/** NUL and the other C0 controls except tab, newline and carriage return; DEL and the C1 controls; lone surrogates; U+FFFE and U+FFFF. */
const isUnsafe = (cp: number) =>
  inRange(cp, 0x00, 0x08) ||
  cp === 0x0b ||
  cp === 0x0c ||
  inRange(cp, 0x0e, 0x1f) ||
  inRange(cp, 0x7f, 0x9f) ||
  inRange(cp, 0xd800, 0xdfff) ||
  cp === 0xfffe ||
  cp === 0xffff;
/** Tab, newline and carriage return: only multi-line fields take them. */
const isLineBreak = (cp: number) => cp === 0x09 || cp === 0x0a || cp === 0x0d;

const DEFAULT_IGNORABLE = /\p{Default_Ignorable_Code_Point}/u;
/** Default-ignorable characters that text needs: joiners (emoji, Persian), variation selectors, emoji tag sequences. */
const isNeededIgnorable = (cp: number) =>
  cp === 0x200c ||
  cp === 0x200d ||
  inRange(cp, 0xfe00, 0xfe0f) ||
  inRange(cp, 0xe0020, 0xe007f) ||
  inRange(cp, 0xe0100, 0xe01ef);
/** Bidi controls and marks, zero-width spaces, fillers, the soft hyphen, the BOM: characters that show nothing or reorder what follows. */
const isInvisible = (ch: string) => DEFAULT_IGNORABLE.test(ch) && !isNeededIgnorable(ch.codePointAt(0)!);

// A string iterates by code point; a lone surrogate comes out as its own one-unit "character".
const some = (text: string, test: (ch: string, cp: number) => boolean) => {
  for (const ch of text) if (test(ch, ch.codePointAt(0)!)) return true;
  return false;
};

export const hasUnsafeCharacters = (text: string) => some(text, (_, cp) => isUnsafe(cp));
export const hasLineBreaks = (text: string) => some(text, (_, cp) => isLineBreak(cp));
export const hasInvisibleCharacters = (text: string) => some(text, (ch) => isInvisible(ch));

/** Carriage returns of pasted text become plain newlines, so a multi-line text is stored one way. */
const unifyNewlines = (text: string) => text.replace(/\r\n?/g, "\n");

type TextOptions = { multiline?: boolean };

/**
 * Free text: trimmed, NFC, no control characters (tab and newline allowed when `multiline`). Chain
 * `.min()` / `.max()` after it: lengths count the text as stored.
 */
export const safeText = ({ multiline = false }: TextOptions = {}) =>
  z
    .string({ error: "required" })
    .trim()
    .overwrite(multiline ? unifyNewlines : (v) => v)
    .normalize("NFC")
    .refine((v) => !hasUnsafeCharacters(v), { error: "invalidCharacters", abort: true })
    .refine((v) => multiline || !hasLineBreaks(v), { error: "lineBreakNotAllowed", abort: true });

/** A name other players see (player, league): free text on one line, visible characters only. Chain `.min()` / `.max()`. */
export const safeName = () =>
  safeText()
    .min(1, { error: "required" })
    .refine((v) => !hasInvisibleCharacters(v), { error: "invisibleCharacters", abort: true });

/** An optional free-text field: '' and missing both mean "not set". */
export const optionalSafeText = (max: number, options: TextOptions = {}) =>
  safeText(options)
    .max(max, { error: "maxLength" })
    .optional()
    .transform((v) => (v ? v : undefined));

/** A search text of a query string: optional, '' means none. */
export const searchText = (max = 50) => optionalSafeText(max);

/**
 * A path parameter names something by id or code: text that cannot be one (control characters, lone
 * surrogates, direction overrides, spaces) can only be not found, and never reaches the database.
 */
export const isSafePathParam = (value: string) =>
  value.length > 0 && !hasUnsafeCharacters(value) && !hasInvisibleCharacters(value) && !/\s/.test(value);
