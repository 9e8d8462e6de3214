// jsdom without the Fetch API breaks react-router's navigations (they build a Request). Hand the
// page Node's own Fetch classes, with Node's AbortController so Request accepts its signal.
const JSDOMEnvironment = require('jest-environment-jsdom').default

class KomaJsdomEnvironment extends JSDOMEnvironment {
  constructor(...args) {
    super(...args)
    Object.assign(this.global, { fetch, Request, Response, Headers, FormData, AbortController, AbortSignal, structuredClone })
  }
}

module.exports = KomaJsdomEnvironment
