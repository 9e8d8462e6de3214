/** What the other features use of reading progress: the page's book starter opens a chapter where the reader would (issue 39). */
export { openingPlace } from './localReading'
