// Loaded with `tsx --import`: gives the benchmarks, which import app modules outside Vite, the
// one Vite virtual module those reach (the icon sprite's address, used only when rendering).
import { register } from "node:module";

register(
  "data:text/javascript," +
    encodeURIComponent(`
      export async function resolve(specifier, context, next) {
        if (specifier === "virtual:icon-sprite") return { url: "data:text/javascript,export default '/icons.svg'", shortCircuit: true };
        return next(specifier, context);
      }
    `),
);
