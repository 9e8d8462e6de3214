// @ts-check
// Fixes carried for @readium/navigator (pinned in mf-viewer/package.json), applied when webpack
// bundles its dist. Each one must match exactly once: an upgrade that changes the code fails the
// build here, and whoever upgrades checks whether upstream fixed it and drops the patch.
const { applyPatches } = require('./patch-once')

/**
 * The code that waits for the browser's next paint (a frame, then a task), or 50 ms at most (a
 * hidden page has no frames), indented by `spaces`: the patches below put the page on screen
 * before what can wait.
 * @param {number} spaces
 */
function afterNextPaint(spaces) {
  const at = ' '.repeat(spaces)
  return `${at}await new Promise((d) => {\n${at}  let p = !1;\n${at}  const v = () => { p || (p = !0, d()); };\n${at}  requestAnimationFrame(() => setTimeout(v, 0)), setTimeout(v, 50);\n${at}});\n`
}

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
  {
    // The reflowable frame pool (EpubNavigator's) loaded the documents of every neighbouring
    // position (the previous and next documents too) and showed the reader's page only once all
    // of them had loaded: a book's first page waited on two documents it does not show (issue 39).
    // The page's own document now loads and shows first; its neighbours load after the next paint
    // (at most 50 ms later), each marked in progress so a turn to one waits for it instead of
    // loading it twice. The update ends once the page is shown, as before (its place is reported
    // then); the neighbours go on loading after it. A neighbour another update is already loading
    // is waited for, not loaded again beside it, and the frame on screen is never loaded again
    // from here: two loads of one document built two frames, and after a style change (the
    // window resized as the book opened) a late one replaced a frame the navigator had put on
    // screen and listened to, so a turn's place went unheard (viewer.e2e, about one opening in 24
    // under load: "turn 2 from section-1@0").
    // The book's first frame also appears at once: a frame fades in over 100 ms (its opacity
    // transition), which eases a turn from one document to the next but only delayed the first
    // page, faded in over the reader's blank box. The fade is put back once that frame is shown
    // (its style read between, in a way the minifier keeps, so the change is not itself faded),
    // and the update ends after the next paint (at most 50 ms later, as for the neighbours): what
    // the page's first place sets off (the reader's state, its listeners, the page's deferred
    // work) ran before the browser painted the page it had just shown.
    // A first page at its document's start (a book opened from its beginning, or at a chapter's
    // start) is also put on screen as soon as its document is ready: show() made it visible only
    // after three messages to the frame and back, two of them each a frame later (activate, focus,
    // go_progression), ~30 ms in which that page, laid out and at its start, stayed hidden. What
    // they do changes nothing there: they replay the events the document held, and snap a place
    // that is already 0. The frame takes taps once show() has ended, as before. Paginated only: a
    // scrolled book's first frame shown this way no longer scrolled under the wheel (novels.e2e,
    // "a strip asking to be scrolled"), for a reason not found; it is shown as before.
    why: "a book's first page waited on its neighbouring documents",
    find: '      try {\n        await Promise.all(u.map((d) => m(d)));\n      } catch (d) {\n        h(d);\n      }\n      const y = this.pool.get(o);\n      (y?.source !== this._currentFrame?.source || n) && (await this._currentFrame?.hide(), y && await y.load(i), y && await y.show(e.locations.progression), this._currentFrame = y), l();',
    replace:
      '      try {\n        u.includes(o) && await m(o);\n      } catch (d) {\n        h(d);\n      }\n      const y = this.pool.get(o);\n      (y?.source !== this._currentFrame?.source || n) && (await this._currentFrame?.hide(), y && await y.load(i), y && (this._currentFrame ? await y.show(e.locations.progression) : await (async () => {\n        const z = y.iframe.style.transition;\n        y.iframe.style.transition = "none", e.locations.progression > 0 || this.currentCssProperties?.["--USER__view"] === "readium-scroll-on" || (y.iframe.style.removeProperty("visibility"), y.iframe.style.removeProperty("opacity")), await y.show(e.locations.progression), y.iframe.style.transition = getComputedStyle(y.iframe).opacity && z;\n' +
      afterNextPaint(8) +
      '      })()), this._currentFrame = y), l();\n      n = !1;\n' +
      afterNextPaint(6) +
      '      try {\n        await Promise.all(u.filter((d) => d !== o && (!this._currentFrame || this.pool.get(d) !== this._currentFrame)).map((d) => {\n          if (this.inprogress.has(d)) return this.inprogress.get(d);\n          const p = m(d).finally(() => { this.inprogress.get(d) === p && this.inprogress.delete(d); });\n          return this.inprogress.set(d, p), p;\n        }));\n      } catch {\n      }',
  },
  {
    // The same for a fixed-layout book (its frame pool): the spread on screen is built and shown
    // first, the pages around it after the next paint (issue 39). This half builds only the
    // spread's documents before showing them...
    why: "a fixed-layout book's first spread waited on the pages around it",
    find: '      try {\n        await Promise.all(u.map((d) => m(d)));\n      } catch (d) {\n        h(d);\n      }\n      const y = [];',
    replace:
      '      const w = o.map((d) => d.href);\n      try {\n        await Promise.all(u.filter((d) => w.includes(d)).map((d) => m(d)));\n      } catch (d) {\n        h(d);\n      }\n      const y = [];',
  },
  {
    // ...and this one builds the pages around it once it is on screen; the update ends when the
    // spread is shown, as before.
    why: "a fixed-layout book's pages around its spread, built after it shows",
    find: '      this.previousFrames = y, l();',
    replace:
      '      this.previousFrames = y;\n      l();\n' +
      afterNextPaint(6) +
      '      try {\n        await Promise.all(u.filter((d) => !w.includes(d)).map((d) => m(d)));\n      } catch {\n      }',
  },
  {
    // A fixed-layout book's frame pool makes a frame for every page of the book as it opens, and
    // each frame put in the page makes its empty document (~4 ms each at 1x CPU: 47 ms for the 11
    // pages of page-blanche, before its first page, issue 39). A page's frame now joins the page
    // when that page is first loaded; until then its box (the wrapper, sized by the pool) holds
    // its place. A frame not in the page has no window: it reads as not loaded, as an unloaded one
    // did. This half leaves the frame out of its wrapper...
    why: 'a fixed-layout book made a frame for each of its pages before its first',
    find: 'this.wrapper.style.float = this.wrapper.style.cssFloat = e === D.rtl ? "right" : "left", this.wrapper.appendChild(this.frame);',
    replace: 'this.wrapper.style.float = this.wrapper.style.cssFloat = e === D.rtl ? "right" : "left";',
  },
  {
    // ...and this one puts it in on its first load, before the load listeners go on: an iframe
    // put in the page loads its empty document at once, and that load must not be taken for the
    // page's.
    why: "a fixed-layout page's frame joins the page on its first load",
    find: '    return this.source === e && this.loadPromise && [...this.currModules].sort().join("|") === [...t].sort().join("|") ? this.loadPromise : (this.loaded && this.source !== e && this.window.stop(), this.source = e, this.loadPromise = new Promise((i, n) => {\n      if (this.loader && this.loaded) {\n',
    replace:
      '    return this.source === e && this.loadPromise && [...this.currModules].sort().join("|") === [...t].sort().join("|") ? this.loadPromise : (this.loaded && this.source !== e && this.window.stop(), this.source = e, this.loadPromise = new Promise((i, n) => {\n      this.frame.parentElement || this.wrapper.appendChild(this.frame);\n      if (this.loader && this.loaded) {\n',
  },
  {
    // A reflowable document's frame was shown on its load event, which waits for every font the
    // page has started to load: Moby-Dick's first page waited on its 405 kB OpenType font (issue
    // 39). The document now also says when it is parsed and its stylesheets and images are in
    // (mf-viewer's documentReady.ts, injected at the end of each document), and the first of
    // that message (from this frame only) and the load event goes on; text in a font still on
    // its way follows the book's font-display. (The same code in the web publication navigator's
    // frame manager, whose load takes a default, is left alone.) A frame taken down before either
    // came (a quick turn past a neighbour still loading) drops its listener at the page's next
    // message: it kept the frame and its loader's promise alive for the page's lifetime (stop 47).
    why: "a reflowable document's frame waited on its fonts",
    find: '  async load(t) {\n    return new Promise((e, i) => {\n      if (this.loader) {\n        const n = this.frame.contentWindow;\n        if ([...this.currModules].sort().join("|") === [...t].sort().join("|")) {\n          try {\n            e(n);\n          } catch {\n          }\n          return;\n        }\n        this.comms?.halt(), this.loader.destroy(), this.loader = new St(n, t), this.currModules = t, this.comms = void 0;\n        try {\n          e(n);\n        } catch {\n        }\n        return;\n      }\n      this.frame.onload = () => {\n        const n = this.frame.contentWindow;\n        this.loader = new St(n, t), this.currModules = t;\n        try {\n          e(n);\n        } catch {\n        }\n      }, this.frame.onerror = (n) => {\n        try {\n          i(n);\n        } catch {\n        }\n      }, this.frame.contentWindow.location.replace(this.source);\n    });\n  }',
    replace:
      '  async load(t) {\n    return new Promise((e, i) => {\n      if (this.loader) {\n        const n = this.frame.contentWindow;\n        if ([...this.currModules].sort().join("|") === [...t].sort().join("|")) {\n          try {\n            e(n);\n          } catch {\n          }\n          return;\n        }\n        this.comms?.halt(), this.loader.destroy(), this.loader = new St(n, t), this.currModules = t, this.comms = void 0;\n        try {\n          e(n);\n        } catch {\n        }\n        return;\n      }\n      let k = !1;\n      const r = () => {\n        if (k) return;\n        k = !0, window.removeEventListener("message", o);\n        const n = this.frame.contentWindow;\n        this.loader = new St(n, t), this.currModules = t;\n        try {\n          e(n);\n        } catch {\n        }\n      }, o = (n) => {\n        if (!this.frame.isConnected) return window.removeEventListener("message", o);\n        n.source === this.frame.contentWindow && n.data?.komaDocumentReady === !0 && r();\n      };\n      window.addEventListener("message", o), this.frame.onload = r, this.frame.onerror = (n) => {\n        window.removeEventListener("message", o);\n        try {\n          i(n);\n        } catch {\n        }\n      }, this.frame.contentWindow.location.replace(this.source);\n    });\n  }',
  },
  {
    // A "progress" message from the page (a turn, a scroll) makes the navigator sync its place and
    // update its frame pool; that update can put a new frame on screen for the same document (its
    // blob was rebuilt after a style change while it loaded as a neighbour). apply(), go() and
    // setLayout() attach the navigator's listener to the frame on screen after such an update;
    // syncLocation did not, so the new frame's messages waited unheard: pages turned, but the
    // place (the reader's progress, the percentage) stayed where it was until the next document
    // (viewer.e2e's "EPUB key turn": turn 2 from section-1@0, go_next acked, its "progress" lost).
    why: 'a frame put on screen by syncLocation was never listened to',
    find: 'this.lastLocationInView = i.last, this.updateViewport(e), this.listeners.positionChanged(this.currentLocation), await this.framePool.update(this.pub, this.currentLocation, this.determineModules());\n  }',
    replace:
      'this.lastLocationInView = i.last, this.updateViewport(e), this.listeners.positionChanged(this.currentLocation), await this.framePool.update(this.pub, this.currentLocation, this.determineModules()), this.attachListener();\n  }',
  },
]

/** @this {import('webpack').LoaderContext<unknown>} @param {string} source */
module.exports = function readiumPatches(source) {
  return applyPatches(source, PATCHES, { loader: 'readium-patches', resourcePath: this.resourcePath, dependency: '@readium/navigator' })
}

module.exports.PATCHES = PATCHES
