/**
 * `@koma/contracts/metrics` (issue 38): the pieces every Koma server process (API, edge) serves
 * its Prometheus figures with: the metrics port's own HTTP server and the fast counting tables.
 * Node only: never imported by browser code.
 */
export * from './server'
export * from './tables'
export * from './figures'
