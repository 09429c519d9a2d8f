/**
 * Column widths that hold their header's longest word. A header wraps between words only (global.css), so a column
 * narrower than a word would let it run over the next header: "Performance" needs its own width in English, where
 * 业绩 fitted in Chinese. The width asked for stays when it is enough.
 */

/** The bold 14 px of antd's table headers (its default fonts); a letter is this wide where the browser cannot measure (tests). */
const FONT = "600 14px -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif";
const LETTER = 8.5;
/** The header's padding (both sides, small and middle tables alike) and, for a sortable column, its arrows. */
const PADDING = 16;
const SORTER = 22;

let context: CanvasRenderingContext2D | null | undefined;

function textWidth(text: string): number {
  if (context === undefined) {
    try {
      context = document.createElement('canvas').getContext('2d');
    } catch {
      context = null;
    }
    if (context) context.font = FONT;
  }
  return context ? context.measureText(text).width : text.length * LETTER;
}

/** The width of a header's longest run of Latin letters and digits; Chinese wraps between characters and needs none. */
function longestWord(title: string): number {
  const words = title.match(/[A-Za-z0-9%.'’()-]+/g) ?? [];
  return Math.max(0, ...words.map(textWidth));
}

/** `width`, widened to hold the header's longest word (undefined stays undefined: the table sizes it). */
export function fitTitle(width: number | string | undefined, title: unknown, sortable = false): number | string | undefined {
  if (typeof width !== 'number' || typeof title !== 'string') return width;
  const word = longestWord(title);
  return word ? Math.max(width, Math.ceil(word + PADDING + (sortable ? SORTER : 0))) : width;
}
