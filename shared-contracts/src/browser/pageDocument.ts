/**
 * The parts of the page's document that code shared with the edge and the API reads (cookies,
 * the boot data and script list elements). Typed here, not by the DOM library, so the API and
 * the tools type-check without it (issue 36: infra/tsconfig.json has no DOM); the browser's
 * `document` is one of these.
 */
export interface PageDocument {
  cookie: string
  getElementById(id: string): { textContent: string | null } | null
}

/** The page's document in a browser; undefined on the edge and in the API. */
export const pageDocument = (): PageDocument | undefined => (globalThis as { document?: PageDocument }).document
