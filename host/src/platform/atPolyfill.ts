// web-vitals calls #at on its entry lists (Safari before 15.4 has none): core-js's, in a chunk only
// such a browser fetches (idle.ts), never with the first load nor on a browser that has it.
import 'core-js/modules/es.array.at.js'
import 'core-js/modules/es.string.at-alternative.js'
