// main.js runs once the page is painted (loader.ts, the page's one script tag). The host provides
// every shared library it imports eagerly, in main.js (federation/shared.js), so its app code needs
// no async boundary: the bootstrap is part of main.js, one file (~2 kB brotli smaller than two).
import './bootstrap'
