// @ts-check
// Fixes carried for @readium/navigator (pinned in mf-viewer/package.json), applied when webpack
// bundles its dist. Each one must match exactly once: an upgrade that changes the code fails the
// build here, and whoever upgrades checks whether upstream fixed it and drops the patch.

/** @type {{ why: string, find: string, replace: string }[]} */
const PATCHES = [
  {
    // The fixed-layout frame's resize timer (FXLFramePoolManager.resizeHandler) updates every
    // frame whose location is not about:blank, including one whose next page is still being
    // parsed: `document.body` is null there, loadPageSize threw "Cannot read properties of null
    // (reading 'scrollWidth')" and that frame's update stopped before it was made visible.
    // Skipping it is safe: show() updates the frame again once its document has loaded.
    why: 'fixed-layout frame updated while its document is still parsing',
    find: 'update(t) {\n    if (!this.loaded) return;',
    replace: 'update(t) {\n    if (!this.loaded || !this.frame.contentWindow.document.body) return;',
  },
  {
    // A tap or click inside an element Readium takes for interactive is not a page turn: it
    // follows the link, or (any other "interactive" element) only logs "Clicked on". An <a> with
    // no href (an anchor: <a id="fig1"><img/></a>, common around illustrations) is no link, and
    // a tap on it turned no page on a phone. It is not interactive: the tap goes on up.
    why: 'an anchor without href taken for a link',
    find: 'return Yn.indexOf(s.nodeName.toLowerCase()) !== -1 || s.hasAttribute("contenteditable")',
    replace:
      'return Yn.indexOf(s.nodeName.toLowerCase()) !== -1 && !(s.nodeName.toLowerCase() === "a" && !s.hasAttribute("href") && !s.hasAttribute("xlink:href")) || s.hasAttribute("contenteditable")',
  },
  {
    // A reflowable locator with no progression (a link to a document: the contents' "Chapter 3",
    // reading again from the first document) left a document Readium had loaded before where it
    // was: read scrolled, a contents jump to a chapter read before showed its middle or its end
    // (a blank screen where it ends in white space), and one to the chapter on screen did nothing.
    // Such a locator is the document's start.
    why: 'a link to a loaded document kept its old place',
    find: '    o && o > 0 ? i = await new Promise((l, h) => {\n      this._cframes[0].msg.send("go_progression", o, (c) => l(c));\n    }) : i = !0, e(i);',
    replace:
      '    o && o > 0 ? i = await new Promise((l, h) => {\n      this._cframes[0].msg.send("go_progression", o, (c) => l(c));\n    }) : (await new Promise((l) => {\n      this._cframes[0].msg.send("go_start", void 0, () => l());\n    }), i = !0), e(i);',
  },
]

/** @this {import('webpack').LoaderContext<unknown>} */
module.exports = function readiumPatches(source) {
  let patched = source
  for (const patch of PATCHES) {
    const count = patched.split(patch.find).length - 1
    if (count !== 1)
      throw new Error(`readium-patches: "${patch.why}" matched ${count} times in ${this.resourcePath}; check the patch against this @readium/navigator version`)
    patched = patched.replace(patch.find, () => patch.replace)
  }
  return patched
}

module.exports.PATCHES = PATCHES
