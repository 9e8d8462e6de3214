// The async boundary module federation needs: shared singletons resolve before any app code runs.
void import('./bootstrap')
