// @ts-check
/**
 * Issue 13 (first-load bytes): the federation runtime's error descriptions
 * (`@module-federation/error-codes`' desc.mjs, about 0.2 kB brotli of main.js and 0.3 kB of every
 * remoteEntry.js). An error still says its code, its arguments, the original error and the
 * link to the runtime's troubleshooting page for that code, which gives the description; only
 * the one-line description itself is left out, in favour of a generic one.
 * @type {import('webpack').LoaderDefinitionFunction}
 */
module.exports = function federationErrorDescLoader() {
  return `import * as codes from "./error-codes.mjs";
function described(prefix, text) {
  var map = {};
  for (var name in codes) if (name.indexOf(prefix) === 0) map[codes[name]] = text;
  return map;
}
var runtimeDescMap = described("RUNTIME_", "Module federation runtime error (see the link below)");
var typeDescMap = described("TYPE_", "Module federation type error (see the link below)");
var buildDescMap = described("BUILD_", "Module federation build error (see the link below)");
var errorDescMap = Object.assign({}, runtimeDescMap, typeDescMap, buildDescMap);
export { buildDescMap, errorDescMap, runtimeDescMap, typeDescMap };
`
}
