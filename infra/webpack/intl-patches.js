// @ts-check
// What Koma never renders, out of react-intl's module as webpack bundles it (issue 34: first-load
// bytes of every page). react-intl makes its <FormattedDate>, <FormattedNumber>, … components with
// top-level calls (createFormattedComponent("formatDate"), …) that the minifier must keep, since a
// call may have effects; with them stayed the two factories and their display-name tables. Koma's
// packages format through useIntl (contracts' src/libraries/intl.ts shares only what they import),
// so marked pure, the calls go when nothing imports what they make. Each edit must match exactly
// once: an upgrade that changes the code fails the build here.

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
  let patched = source
  for (const call of CALLS) {
    const count = patched.split(call).length - 1
    if (count !== 1)
      throw new Error(`intl-patches: ${JSON.stringify(call)} matched ${count} times in ${this.resourcePath}; check the patch against this react-intl version`)
    patched = patched.replace(call, () => call.replace(' = ', ' = /* @__PURE__ */ '))
  }
  return patched
}

module.exports.CALLS = CALLS
