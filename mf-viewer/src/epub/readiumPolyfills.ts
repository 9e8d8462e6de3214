// Readium's navigator calls Object.hasOwn and Array#findLastIndex, its shared models #at on
// arrays and strings: Safari before 15.4 has none of them (.browserslistrc: Safari / iOS 14).
// core-js's, in a chunk only such a browser fetches (openBook.ts), before Readium's own chunks;
// every other browser opens a book without it (issue 39: the JavaScript before a novel's first page).
import 'core-js/modules/es.object.has-own.js'
import 'core-js/modules/es.array.find-last-index.js'
import 'core-js/modules/es.array.at.js'
import 'core-js/modules/es.string.at-alternative.js'
