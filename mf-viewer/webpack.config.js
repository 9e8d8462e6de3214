// @ts-check
const { koma } = require('@koma/webpack')

module.exports = koma({
  dir: __dirname,
  name: 'mf_viewer',
  kind: 'remote',
  // What the edge draws first pages with (issue 13; infra/webpack serverConfig): the screens by route id.
  serverEntry: './src/routes.ts',
  exposes: {
    './routes': './src/routes.ts',
    './dialogs': './src/dialogs.tsx',
  },
  // A novel's first page before the app (issue 39): the edge names it in a book chapter's page.
  pageEntries: { 'book-start': './src/epub/bookStart.ts' },
  // Compiled whole off the main thread as they load (infra/webpack/compile-hints.js): the novel
  // reader's chunks, nearly all of which runs before a book's first page (issue 39).
  compileHints: ['epub-reader', 'readium', 'readium-shared'],
})
