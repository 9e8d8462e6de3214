// @ts-check
// What Koma never renders, out of react-intl's module as webpack bundles it (issue 34: first-load
// bytes of every page). react-intl makes its <FormattedDate>, <FormattedNumber>, … components with
// top-level calls (createFormattedComponent("formatDate"), …) that the minifier must keep, since a
// call may have effects; with them stayed the two factories and their display-name tables. Koma's
// packages format through useIntl (contracts' src/libraries/intl.ts shares only what they import),
// so marked pure, the calls go when nothing imports what they make. Each edit must match exactly
// once: an upgrade that changes the code fails the build here.
const { replaceOnce } = require('./patch-once')

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

/** @this {{ resourcePath: string }} @param {string} source */
module.exports = function intlPatches(source) {
  const where = { loader: 'intl-patches', resourcePath: this.resourcePath, dependency: 'react-intl' }
  return CALLS.reduce((patched, call) => replaceOnce(patched, call, call.replace(' = ', ' = /* @__PURE__ */ '), { ...where, why: call }), source)
}

module.exports.CALLS = CALLS
