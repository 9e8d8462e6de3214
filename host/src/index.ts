// main.js runs once a page the edge drew is painted (loader.ts, its one script tag), or at once on a
// page the browser draws (a deferred script tag of its own, the edge's withEntryScript). The host provides
// every shared library it imports eagerly, in main.js (federation/shared.js), so its app code needs
// no async boundary: the bootstrap is part of main.js, one file (~2 kB brotli smaller than two).
import './bootstrap'
