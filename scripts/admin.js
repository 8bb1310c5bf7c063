// `npm run admin -- <command> ...`: operator commands against the configured database
// (DATABASE_URL, or the embedded one in DATA_DIR — which must not be open in a running server).
import path from "node:path";
import { ensureBuild, root } from "./ensure-build.js";

ensureBuild();
process.env.NODE_ENV ??= "production";
const app = await import(path.join(root, "build", "server", "index.js"));
const { code, output } = await app.admin(process.argv.slice(2));
(code === 0 ? console.log : console.error)(output);
process.exit(code);
