import fs from "node:fs";
import path from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { buildSprite, ICON_MODULE, iconNames } from "../../../scripts/vite-icon-sprite";
import * as icons from "./icons";

const appDir = path.resolve(import.meta.dirname, "../..");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe("the icon sprite", () => {
  const listed = iconNames(fs.readFileSync(path.resolve(appDir, "..", ICON_MODULE), "utf8"));

  it("holds exactly the icons the app imports, each once", () => {
    const imported = new Set<string>();
    for (const file of sourceFiles(appDir)) {
      const source = fs.readFileSync(file, "utf8");
      for (const [, names] of source.matchAll(/import \{([^}]*)\} from "~\/components\/ui\/icons"/g)) {
        for (const name of names!.split(",").map((n) => n.trim())) if (name && !name.startsWith("type ")) imported.add(name);
      }
    }
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual([...imported].sort());
    // The module exports what it lists (a name given to icon() matches its export).
    for (const name of listed) expect((icons as Record<string, unknown>)[name], name).toBeTypeOf("function");
  });

  it("builds one symbol per icon from lucide's data, inheriting stroke and colour", async () => {
    const sprite = await buildSprite(listed);
    expect([...sprite.matchAll(/<symbol id="([A-Za-z0-9]+)"/g)].map((m) => m[1])).toEqual(listed);
    expect(sprite).not.toMatch(/stroke=|<symbol[^>]*fill=/);
    // An alias resolves to lucide's drawing (AlertCircle is circle-alert: a circle and two lines).
    expect(sprite).toMatch(/<symbol id="AlertCircle" viewBox="0 0 24 24"><circle cx="12" cy="12" r="10"\/><line [^>]+\/><line [^>]+\/><\/symbol>/);
    await expect(buildSprite(["NoSuchIcon"])).rejects.toThrow(/NoSuchIcon/);
  });

  it("renders an icon as a use of its symbol, hidden from screen readers unless named", () => {
    const hidden = renderToStaticMarkup(<icons.Search className="size-4" />);
    expect(hidden).toMatch(/^<svg [^>]*class="size-4"[^>]*><use href="[^"]+#Search"><\/use><\/svg>$/);
    expect(hidden).toContain('aria-hidden="true"');
    expect(hidden).toContain('stroke="currentColor"');
    const named = renderToStaticMarkup(<icons.BadgeCheck aria-label="Premium" strokeWidth={1.5} />);
    expect(named).not.toContain("aria-hidden");
    expect(named).toContain('stroke-width="1.5"');
  });
});
