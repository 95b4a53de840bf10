/** The most lines one document holds (building blocks: import and entry alike). */
export const MAX_DOCUMENT_LINES = 1000;
