// @ts-check
// What Koma's declarative React Router (BrowserRouter + useRoutes, docs/architecture.md "Build")
// never runs, taken out of the production chunk webpack bundles from react-router's dist (issue
// 34: first-load bytes of every page). Each edit must match exactly once in the file that holds
// it: an upgrade that changes the code fails the build here, and whoever upgrades checks it again.
const { replaceOnce } = require('./patch-once')

/** @type {{ why: string, find: string, replace: string }[]} */
const PATCHES = [
  {
    // `<Form>` is made by a top-level forwardRef call that the minifier must keep (a call may
    // have effects), and its displayName assignment: with it stayed useSubmit, useFormAction and
    // the form-submission helpers, which only data routers use. Marked pure and named inside the
    // call, it goes when nothing imports it (Koma does not: libraries/shared.test.ts keeps
    // router/shared.ts to what the packages import).
    why: '<Form> kept by its top-level forwardRef call',
    find: 'var Form = React10.forwardRef(',
    replace: 'var Form = /* @__PURE__ */ Object.assign(/* @__PURE__ */ React10.forwardRef(',
  },
  {
    why: "<Form>'s displayName, set where it is made",
    find: '  }\n);\nForm.displayName = "Form";',
    replace: '  }\n), { displayName: "Form" });',
  },
  {
    // A <Link> prefetches only inside framework mode: usePrefetchBehavior answers
    // `[false, ref, {}]` whenever there is no FrameworkContext, which a BrowserRouter never
    // provides. The branch that renders <PrefetchPageLinks> (route-module manifests, single
    // fetch URLs, RSC prefetching) could not run; without it they are no longer bundled.
    why: "<Link>'s framework-mode prefetch links",
    find: 'return shouldPrefetch && !isAbsolute ? /* @__PURE__ */ React10.createElement(React10.Fragment, null, link, /* @__PURE__ */ React10.createElement(PrefetchPageLinks, { page: href })) : link;',
    replace: 'return link;',
  },
  {
    // Issue 39: every useRoutes render and every contracts matchPath call flattened and ranked
    // the whole route table again before matching (Koma's four locale copies of SPEC's routes:
    // ~20 ms of a novel's first page at 1×). Koma's route arrays are made once and never
    // changed (App's routes, contracts' route objects), so the public matchRoutes keeps each
    // array's ranked branches; the data router's own calls (matchRoutesImpl) are untouched.
    why: 'matchRoutes flattening and ranking the same routes on every call',
    find: 'function matchRoutes(routes, locationArg, basename = "/") {\n  return matchRoutesImpl(routes, locationArg, basename, false);\n}',
    replace:
      'var rankedBranches = /* @__PURE__ */ new WeakMap();\nfunction matchRoutes(routes, locationArg, basename = "/") {\n  let branches = rankedBranches.get(routes);\n  if (!branches) rankedBranches.set(routes, branches = flattenAndRankRoutes(routes));\n  return matchRoutesImpl(routes, locationArg, basename, false, branches);\n}',
  },
]

/** @this {import('webpack').LoaderContext<unknown>} @param {string} source */
module.exports = function routerPatches(source) {
  const where = { loader: 'router-patches', resourcePath: this.resourcePath, dependency: 'react-router' }
  return PATCHES.reduce((patched, patch) => replaceOnce(patched, patch.find, patch.replace, { ...where, why: patch.why }), source)
}

module.exports.PATCHES = PATCHES
