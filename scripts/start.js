// `npm start`: builds when needed, then starts the production server (embedded database by default).
import { ensureBuild } from "./ensure-build.js";

ensureBuild();
process.env.NODE_ENV ??= "production";
await import("../server/index.js");
