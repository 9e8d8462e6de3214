/**
 * A book's document tells the reader it can be shown before its fonts are in (issue 39): Readium
 * shows a document's frame on its `load` event, which waits for every font the page started
 * loading (Moby-Dick's first page waited on its 405 kB OpenType font). This script, put at the
 * end of each document Readium builds (an injectable: a blob script, which the page's CSP allows),
 * says so once the document is parsed and its stylesheets and images have loaded or failed; text
 * in a font still on its way then follows the book's own `font-display` (by default, invisible for
 * at most 3 s, then swapped in when it arrives). Readium's frame manager takes the message
 * (`infra/webpack/readium-patches.js`), from that frame only; the `load` event still counts if it
 * comes first. A document with SVG images, objects, embeds or frames (whose loading this does not
 * follow) waits for `load` as before.
 *
 * A vertical document is laid out as the reader's pager lays it out (pager.ts, its very style
 * element) before it says so: Readium shows a frame before the reader hears of it and installs the
 * pager, and Readium's own columns cut vertical lines, so the first page showed that layout for a
 * few frames, then jumped. Paginated or scrolled as the document was built (Readium's scroll flag
 * on its root); the pager replaces the style with its own, the same, once it takes the document.
 * Never in a fixed-layout book (`prePage` false): the pager never takes its documents (the reader
 * lays a reflowable one out as text pages of its own).
 */

import { PAGER_STYLE_ID, styleFor } from './pager'

/** The message's one key, `true`: readium-patches.js listens for the same. */
export const DOCUMENT_READY_KEY = 'komaDocumentReady'

/** The script, in ES5 (it runs inside the book's frame, not through the build); `prePage`: a reflowable book's vertical documents laid out by the pager's style. */
export const documentReadyScript = (prePage: boolean): string => `(function () {
  var told = false;
  function prePage() {
    try {
      if (!document.body || document.getElementById('${PAGER_STYLE_ID}')) return;
      if (!/^vertical|^sideways/.test(getComputedStyle(document.body).writingMode || '')) return;
      var scroll = /readium-scroll-on/.test(document.documentElement.getAttribute('style') || '');
      var style = document.createElement('style');
      style.id = '${PAGER_STYLE_ID}';
      style.setAttribute('data-readium', 'true');
      style.textContent = scroll ? ${JSON.stringify(styleFor('vertical', true))} : ${JSON.stringify(styleFor('vertical', false))};
      (document.head || document.documentElement).appendChild(style);
    } catch (error) { /* the pager lays it out once shown, as before */ }
  }
  function tell() {
    if (told) return;
    told = true;
    ${prePage ? 'prePage();' : ''}
    try { parent.postMessage({ ${DOCUMENT_READY_KEY}: true }, '*'); } catch (error) { /* a frame without a parent */ }
  }
  function settled(element, done) {
    return done ? Promise.resolve() : new Promise(function (resolve) {
      element.addEventListener('load', resolve);
      element.addEventListener('error', resolve);
    });
  }
  function look() {
    if (document.querySelector('image, object, embed, iframe')) return;
    var waits = [];
    var images = document.images;
    for (var i = 0; i < images.length; i++) if (images[i].getAttribute('loading') !== 'lazy') waits.push(settled(images[i], images[i].complete));
    var sheets = document.querySelectorAll('link[rel~="stylesheet"]');
    for (var j = 0; j < sheets.length; j++) waits.push(settled(sheets[j], Boolean(sheets[j].sheet)));
    Promise.all(waits).then(tell);
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', look);
  else look();
  addEventListener('load', tell);
})();`

/** The script of a reflowable book. */
export const DOCUMENT_READY_SCRIPT = documentReadyScript(true)

/** Readium's injectables option: the script at the end of every document's body. */
export function documentReadyInjectables(prePage = true): {
  rules: { resources: RegExp[]; append: { id: string; as: 'script'; target: 'body'; blob: Blob }[] }[]
  allowedDomains: string[]
} {
  return {
    rules: [
      {
        resources: [/^/],
        append: [{ id: 'koma-document-ready', as: 'script', target: 'body', blob: new Blob([documentReadyScript(prePage)], { type: 'text/javascript' }) }],
      },
    ],
    allowedDomains: [],
  }
}
