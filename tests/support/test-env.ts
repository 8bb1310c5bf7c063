// The environment of the unit and integration tests. Vitest exposes Vite's BASE_URL ("/") in
// process.env, which the app's configuration refuses; code that builds absolute links (mails)
// reads it. A fixed secret keeps env() from writing one into ./data.
if (!process.env.BASE_URL || process.env.BASE_URL === "/") process.env.BASE_URL = "http://localhost:3000";
process.env.AUTH_SECRET ??= "unit-tests-secret-unit-tests-secret-0123456789";
