// The async boundary module federation needs: shared singletons resolve before any app code runs.
// main.js runs once the page is painted (loader.ts, the page's one script tag).
void import('./bootstrap')
