// @ts-check
const { koma } = require('@koma/webpack')

module.exports = koma({
  dir: __dirname,
  name: 'mf_community',
  kind: 'remote',
  exposes: {
    './routes': './src/routes.ts',
    './chapterComments': './src/comments/ChapterCommentsSlot.tsx',
    './dialogs': './src/dialogs.tsx',
  },
})
