/**
 * What Koma's packages use of React Router, shared at run time under the name
 * `react-router-dom` (federation/shared.js points the share at this file). A shared library
 * cannot be tree-shaken, since any remote may ask for any export, so sharing the whole package
 * shipped all of it (61 kB gzip on every first page). Shared through this list, the build keeps
 * what the list names. A package that needs another export adds it here: `libraries/shared.test.ts`
 * fails on any named import from react-router-dom this file does not export.
 */
export { BrowserRouter, Link, NavLink, Navigate, Outlet, matchRoutes, useLocation, useNavigate, useParams, useRoutes, useSearchParams } from 'react-router'
