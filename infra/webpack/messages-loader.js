// @ts-check
// Production builds load each `src/i18n/<locale>.json` (id → ICU message) precompiled to
// formatjs's AST by the formatjs CLI's own compiler (`formatjs compile --ast --format simple`),
// so the browser never parses ICU and react-intl runs without its parser. Each message is keyed
// by its short id (message-ids.js), as the package's messages.ts descriptors are.
const { renameMessages, shortIds } = require('./message-ids')

/** @this {import('webpack').LoaderContext<unknown>} */
module.exports = function messagesLoader() {
  const callback = this.async()
  const numbering = shortIds(this.rootContext)
  for (const each of numbering.files) this.addDependency(each)
  import('@formatjs/cli-lib')
    .then(({ compile }) => compile([this.resourcePath], { ast: true, format: 'simple' }))
    .then((json) => JSON.stringify(renameMessages(JSON.parse(json), numbering, this.resourcePath)))
    .then(
      (json) => callback(null, json),
      (error) => callback(error),
    )
}
