import { createHash } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Plugin } from "vite";

/**
 * One SVG sprite of exactly the lucide icons the app names in its icon module
 * (app/components/ui/icons.tsx: `export const Search = icon("Search")`), built from lucide-react's
 * own icon data. Pages then render `<svg><use href="…#Search"/></svg>` (2 elements) instead of
 * lucide-react's inline SVG (3–6 elements per icon), and ship no icon code to the browser.
 *
 * `import spriteUrl from "virtual:icon-sprite"` gives the sprite's address: a hashed, immutable
 * file of the client build (assets/icons-<hash>.svg, the same name for the server bundle), or a
 * path the dev server answers.
 */
export const ICON_MODULE = "app/components/ui/icons.tsx";
const VIRTUAL_ID = "virtual:icon-sprite";
const RESOLVED_ID = `\0${VIRTUAL_ID}`;
const DEV_PATH = "/__icon-sprite.svg";

/** The lucide-react component names the icon module asks for, in its order. */
export function iconNames(source: string): string[] {
  return [...source.matchAll(/\bicon\("([A-Za-z0-9]+)"\)/g)].map((m) => m[1]!);
}

type IconNode = [tag: string, attributes: Record<string, string | number>][];

const escapeAttribute = (value: string | number) => String(value).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/** The sprite: one <symbol id="Name"> per icon, without stroke or fill so they inherit from the page's <svg>. */
export async function buildSprite(names: string[], root = process.cwd()): Promise<string> {
  const require = createRequire(path.join(root, "package.json"));
  const packageDir = path.dirname(require.resolve("lucide-react/package.json"));
  const esmDir = path.join(packageDir, "dist", "esm");
  // lucide-react's index maps every exported name (aliases included) to its icon file.
  const index = fs.readFileSync(path.join(esmDir, "lucide-react.mjs"), "utf8");
  const files = new Map<string, string>();
  for (const [, names, file] of index.matchAll(/export \{([^}]*)\} from '(\.\/icons\/[^']+)'/g)) {
    for (const [, name] of names!.matchAll(/default as (\w+)/g)) files.set(name!, file!);
  }
  const symbols: string[] = [];
  for (const name of [...new Set(names)]) {
    const file = files.get(name);
    if (!file) throw new Error(`lucide-react has no icon named ${name} (${ICON_MODULE})`);
    const data = ((await import(pathToFileURL(path.join(esmDir, file)).href)) as { __iconData: { size?: number; node: IconNode } }).__iconData;
    const size = data.size ?? 24;
    const children = data.node
      .map(([tag, attributes]) => {
        const attrs = Object.entries(attributes)
          .filter(([key]) => key !== "key")
          .map(([key, value]) => ` ${key}="${escapeAttribute(value)}"`)
          .join("");
        return `<${tag}${attrs}/>`;
      })
      .join("");
    symbols.push(`<symbol id="${name}" viewBox="0 0 ${size} ${size}">${children}</symbol>`);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join("")}</svg>\n`;
}

export function iconSprite({ root = process.cwd() }: { root?: string } = {}): Plugin {
  const iconModule = path.join(root, ICON_MODULE);
  let base = "/";
  let assetsDir = "assets";
  let production = false;
  let cached: { names: string; sprite: Promise<{ svg: string; hash: string }> } | null = null;

  /** The sprite for the icon module as it is now (rebuilt when its list of names changes). */
  const sprite = () => {
    const source = fs.readFileSync(iconModule, "utf8");
    const names = iconNames(source).join(",");
    if (cached?.names !== names) {
      const svg = buildSprite(iconNames(source), root);
      cached = { names, sprite: svg.then((text) => ({ svg: text, hash: createHash("sha256").update(text).digest("base64url").slice(0, 8) })) };
    }
    return cached.sprite;
  };
  const fileName = (hash: string) => path.posix.join(assetsDir, `icons-${hash}.svg`);

  return {
    name: "icon-sprite",
    configResolved(config) {
      base = config.base;
      assetsDir = config.build.assetsDir;
      production = config.command === "build";
    },
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    async load(id) {
      if (id !== RESOLVED_ID) return undefined;
      this.addWatchFile(iconModule);
      const { hash } = await sprite();
      const url = production ? `${base}${fileName(hash)}` : `${base.replace(/\/$/, "")}${DEV_PATH}?v=${hash}`;
      return `export default ${JSON.stringify(url)};`;
    },
    async buildStart() {
      // The browser's build writes the file; the server bundle only names it.
      if (!production || this.environment?.config.consumer !== "client") return;
      const { svg, hash } = await sprite();
      this.emitFile({ type: "asset", fileName: fileName(hash), source: svg });
    },
    configureServer(server) {
      server.middlewares.use(DEV_PATH, (_req, res, next) => {
        sprite().then(({ svg }) => {
          res.setHeader("Content-Type", "image/svg+xml");
          res.setHeader("Cache-Control", "no-cache");
          res.end(svg);
        }, next);
      });
    },
  };
}
