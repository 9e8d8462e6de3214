/** The viewer's chrome as other features use it: the header and its button style (issue 36's feature folders). */
export { chromeButton, ViewerHeader } from './ViewerHeader'
export { ChromeLabel, type ChromeIcon } from './ChromeLabel'
