// @ts-check
// What Koma never renders or calls, out of react-intl's and @formatjs/intl's modules as webpack
// bundles them (issue 34: first-load bytes of every page). Each edit must match exactly once: an
// upgrade that changes the code fails the build here.
//
// react-intl makes its <FormattedDate>, <FormattedNumber>, … components with top-level calls
// (createFormattedComponent("formatDate"), …) that the minifier must keep, since a call may have
// effects; with them stayed the two factories and their display-name tables. Koma's packages
// format through useIntl (contracts' src/libraries/intl.ts shares only what they import), so
// marked pure, the calls go when nothing imports what they make.
//
// @formatjs/intl's createIntl binds every formatter of the intl object it returns (numbers,
// dates, times, ranges, durations, lists, plurals, display names, relative times), so all of them
// and their option tables were on every page. Koma formats through messages only
// (intl.formatMessage, and the numbers, dates and plurals inside a message, which
// intl-messageformat formats itself with the formatters it is given): the other formatters
// become a stand-in that fails loudly, naming this file. intl-patches.test.ts fails on any
// package that calls one of them.
//
// Both also ask the browser whether it has data for the locale (createIntl asks
// Intl.NumberFormat and Intl.DateTimeFormat, each IntlMessageFormat Intl.NumberFormat) before
// any message is formatted. The first such question loads the browser's number and date data:
// 15-35 ms at 1x CPU, four times that on a slow phone, in the middle of a page's first render
// (issue 39: the novel reader's first page). Koma's locales (ja, en, fr: contracts LOCALES) are
// in every browser's data, so the answer is known: createIntl no longer asks, and a message
// format takes its locale as given (Intl.Locale, which loads no data). A number or a date inside
// a message still loads that data, when such a message is first formatted.
const { applyPatches, replaceOnce } = require('./patch-once')

/** The top-level calls that make react-intl's formatted components. */
const CALLS = [
  'const FormattedDate = createFormattedComponent("formatDate");',
  'const FormattedTime = createFormattedComponent("formatTime");',
  'const FormattedNumber = createFormattedComponent("formatNumber");',
  'const FormattedDuration = createFormattedComponent("formatDuration");',
  'const FormattedList = createFormattedComponent("formatList");',
  'const FormattedDisplayName = createFormattedComponent("formatDisplayName");',
  'const FormattedDateParts = createFormattedDateTimePartsComponent("formatDate");',
  'const FormattedTimeParts = createFormattedDateTimePartsComponent("formatTime");',
]

/** The intl object's formatters Koma does not call, each with the cached Intl constructor it is bound to. */
const FORMATTERS = [
  ['formatNumber', 'getNumberFormat'],
  ['formatNumberToParts', 'getNumberFormat'],
  ['formatDuration', 'getDurationFormat'],
  ['formatDurationToParts', 'getDurationFormat'],
  ['formatRelativeTime', 'getRelativeTimeFormat'],
  ['formatDate', 'getDateTimeFormat'],
  ['formatDateToParts', 'getDateTimeFormat'],
  ['formatTime', 'getDateTimeFormat'],
  ['formatDateTimeRange', 'getDateTimeFormat'],
  ['formatTimeToParts', 'getDateTimeFormat'],
  ['formatPlural', 'getPluralRules'],
  ['formatList', 'getListFormat'],
  ['formatListToParts', 'getListFormat'],
  ['formatDisplayName', 'getDisplayNames'],
]

/** Where the stand-in is defined: just before createIntl. */
const CREATE_INTL = 'function createIntl(config, cache) {'
const STAND_IN = `function komaNotBuiltIn() {
\tthrow new Error("[koma] this intl formatter is not built in (infra/webpack/intl-patches.js): format through a message (intl.formatMessage)");
}
`

/** createIntl's question for one Intl formatter, as its line reads after `if` / `else if`. */
const missingData = (/** @type {string} */ format) =>
  `(!Intl.${format}.supportedLocalesOf(locale).length && onError) onError(new MissingDataError(\`Missing locale data for locale: "\${locale}" in Intl.${format}. Using default locale: "\${defaultLocale}" as fallback. See https://formatjs.github.io/docs/react-intl#runtime-requirements for more details\`));\n`

/** @type {import('./patch-once').Patch[]} createIntl's questions, for numbers then dates; its branch for a missing locale stays. */
const LOCALE_DATA_CHECKS = [
  { why: 'createIntl asks Intl.NumberFormat for the locale', find: `\t} else if ${missingData('NumberFormat')}`, replace: '\t}\n' },
  { why: 'createIntl asks Intl.DateTimeFormat for the locale', find: `\telse if ${missingData('DateTimeFormat')}`, replace: '' },
]

/** @type {import('./patch-once').Patch} IntlMessageFormat's question: the locale is taken as given. */
const RESOLVE_LOCALE = {
  why: 'IntlMessageFormat.resolveLocale',
  find: '\t\t\tconst supportedLocales = Intl.NumberFormat.supportedLocalesOf(locales);\n\t\t\tif (supportedLocales.length > 0) return new Intl.Locale(supportedLocales[0]);\n',
  replace: '',
}

/** @param {string} name @param {string} getter */
const binding = (name, getter) => `\t\t${name}: ${name}.bind(null, resolvedConfig, formatters.${getter})`

/** @this {{ resourcePath: string }} @param {string} source */
module.exports = function intlPatches(source) {
  if (/[\\/]intl-messageformat[\\/]/.test(this.resourcePath))
    return applyPatches(source, [RESOLVE_LOCALE], { loader: 'intl-patches', resourcePath: this.resourcePath, dependency: 'intl-messageformat' })
  if (/[\\/]@formatjs[\\/]intl[\\/]/.test(this.resourcePath)) {
    const where = { loader: 'intl-patches', resourcePath: this.resourcePath, dependency: '@formatjs/intl' }
    const withStandIn = replaceOnce(source, CREATE_INTL, STAND_IN + CREATE_INTL, { ...where, why: 'createIntl' })
    const unchecked = applyPatches(withStandIn, LOCALE_DATA_CHECKS, where)
    return FORMATTERS.reduce(
      (patched, [name = '', getter = '']) => replaceOnce(patched, binding(name, getter), `\t\t${name}: komaNotBuiltIn`, { ...where, why: `intl.${name}` }),
      unchecked,
    )
  }
  const where = { loader: 'intl-patches', resourcePath: this.resourcePath, dependency: 'react-intl' }
  return CALLS.reduce((patched, call) => replaceOnce(patched, call, call.replace(' = ', ' = /* @__PURE__ */ '), { ...where, why: call }), source)
}

module.exports.CALLS = CALLS
module.exports.FORMATTERS = FORMATTERS
module.exports.LOCALE_DATA_CHECKS = LOCALE_DATA_CHECKS
module.exports.RESOLVE_LOCALE = RESOLVE_LOCALE
