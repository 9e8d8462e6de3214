/**
 * The book's frames' box in the novel reader, in CSS pixels: under its header, over its footer.
 * The page's book starter (bookStart.ts) opens the first page in a box of the same size, so the
 * reader takes it over without laying the page out again.
 */
export const FRAME_TOP = 52
export const FRAME_BOTTOM = 56
