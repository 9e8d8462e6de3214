import { firstBookShown } from '@koma/contracts/firstBook'
import { afterFirstPaint } from './platform/firstPaint'

/**
 * The page's one script tag (issue 13). The host's main.js carries the shared libraries every page
 * needs (React, the router, MobX, react-intl, emotion, contracts: one file compresses smaller
 * than a dozen), so on a page the edge drew it must not compete with the first paint and its
 * largest image: this waits for them, has the page's scripts fetched all at once
 * (platform/firstPaint.ts), then runs main.js. A page the browser draws starts at once.
 */
const loaderSrc = document.currentScript instanceof HTMLScriptElement ? document.currentScript.src : ''
const main = new URL('main.js', loaderSrc || document.baseURI).href

// A book's page may open its book before the app (mf-viewer's book-start.js, issue 39): main.js
// then waits for that first page too.
void firstBookShown(window)
  .then(() => afterFirstPaint())
  .then(() => {
    const script = document.createElement('script')
    script.src = main
    document.head.appendChild(script)
  })
