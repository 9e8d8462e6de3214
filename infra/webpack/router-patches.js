// @ts-check
// What Koma's declarative React Router (BrowserRouter + useRoutes, docs/architecture.md "Build")
// never runs, taken out of the production chunk webpack bundles from react-router's dist (issue
// 34: first-load bytes of every page). Each edit must match exactly once in the file that holds
// it: an upgrade that changes the code fails the build here, and whoever upgrades checks it again.
const { applyPatches } = require('./patch-once')

const NOT_BUILT_IN = '(infra/webpack/router-patches.js)'

/** @type {import('./patch-once').Patch[]} */
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
  {
    // A data router's (RouterProvider's) routes component, made by a top-level memo call the
    // minifier must keep: marked pure, it goes with RouterProvider, which Koma never imports.
    why: "the data router's memoized routes component",
    find: 'var MemoizedDataRoutes = React3.memo(DataRoutes2);',
    replace: 'var MemoizedDataRoutes = /* @__PURE__ */ React3.memo(DataRoutes2);',
  },
  {
    // What useRoutes renders for its matches. Under a BrowserRouter there is no data router state
    // (no loader data, no route errors, no hydration fallbacks, no RSC redirects), and every branch
    // that reads one, with the error boundary it wraps routes in, the default error page and the
    // RSC digest decoders, could not run. This is the function's own declarative path, as it was:
    // each match's Component, else its element, else the outlet, inside a RenderedRoute. A data
    // router reaching it fails loudly instead.
    why: "_renderMatches' data-router paths",
    from: 'function _renderMatches(matches, parentMatches = [], dataRouterOpts) {',
    to: 'function getDataRouterConsoleError(hookName) {',
    replace: `function _renderMatches(matches, parentMatches = [], dataRouterOpts) {
  if (dataRouterOpts) throw new Error("[koma] data routers are not built in ${NOT_BUILT_IN}");
  if (matches == null) return null;
  return matches.reduceRight((outlet, match, index) => {
    let children;
    if (match.route.Component) children = /* @__PURE__ */ React2.createElement(match.route.Component, null);
    else if (match.route.element) children = match.route.element;
    else children = outlet;
    return /* @__PURE__ */ React2.createElement(RenderedRoute, {
      match,
      routeContext: { outlet, matches: parentMatches.concat(matches.slice(0, index + 1)), isDataRoute: false },
      children
    });
  }, null);
}
`,
  },
  {
    // The only use of the error boundary left after the edit above: its context type, set by a
    // top-level assignment that would keep the class.
    why: "the route error boundary's context type",
    find: 'RenderErrorBoundary.contextType = RSCRouterContext;\n',
    replace: '',
  },
  {
    // <Link>'s prefetch state: usePrefetchBehavior keeps two states, a ref and two effects (an
    // IntersectionObserver for prefetch="viewport") only to answer `[false, ref, {}]` whenever
    // there is no FrameworkContext, which a BrowserRouter never provides; and its prefetch links
    // are already out (above). The link keeps its own ref and handlers.
    why: "<Link>'s framework-mode prefetch state",
    find: '    let [shouldPrefetch, prefetchRef, prefetchHandlers] = usePrefetchBehavior(\n      prefetch,\n      rest\n    );',
    replace: '    let prefetchRef = null, prefetchHandlers = {};',
  },
  {
    // useNavigate picks the data router's navigate for a route a data router rendered; every
    // route Koma renders is declarative (the _renderMatches edit above sets isDataRoute false).
    why: "useNavigate's data-router navigate",
    find: '  return isDataRoute ? useNavigateStable() : useNavigateUnstable();',
    replace: `  if (isDataRoute) throw new Error("[koma] data routers are not built in ${NOT_BUILT_IN}");\n  return useNavigateUnstable();`,
  },
  {
    // <NavLink>'s view-transition state asks the data router (useViewTransitionState throws
    // without one), and only when there is one; under a BrowserRouter there never is.
    why: "<NavLink>'s data-router view transition",
    find: '    useViewTransitionState(path) && viewTransition === true;',
    replace: '    false;',
  },
]

/** @this {import('webpack').LoaderContext<unknown>} @param {string} source */
module.exports = function routerPatches(source) {
  return applyPatches(source, PATCHES, { loader: 'router-patches', resourcePath: this.resourcePath, dependency: 'react-router' })
}

module.exports.PATCHES = PATCHES
