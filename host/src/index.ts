import { afterFirstPaint } from './platform/firstPaint'

// The async boundary module federation needs: shared singletons resolve before any app code runs.
// On a page the edge drew, the app starts once the reader sees it (platform/firstPaint.ts).
void afterFirstPaint().then(() => import('./bootstrap'))
