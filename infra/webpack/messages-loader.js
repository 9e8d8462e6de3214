// @ts-check
// Production builds load each `src/i18n/<locale>.json` (id → ICU message) precompiled to
// formatjs's AST by the formatjs CLI's own compiler (`formatjs compile --ast --format simple`),
// so the browser never parses ICU and react-intl runs without its parser.

/** @this {import('webpack').LoaderContext<unknown>} */
module.exports = function messagesLoader() {
  const callback = this.async()
  import('@formatjs/cli-lib')
    .then(({ compile }) => compile([this.resourcePath], { ast: true, format: 'simple' }))
    .then(
      (json) => callback(null, json),
      (error) => callback(error),
    )
}
