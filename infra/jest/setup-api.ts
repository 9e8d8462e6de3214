/**
 * API and edge tests: a test app starts a database from its template (a fresh one for a test's own
 * settings), up to a few seconds when the lane shares two cores with a build. A stall still fails,
 * after 20 s. (Jest's `testTimeout` is a global option: in a project's config it is ignored, so the
 * project sets it here.)
 */
jest.setTimeout(20_000)
