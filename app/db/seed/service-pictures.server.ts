import { randomUUID } from "node:crypto";
import sharp from "sharp";
import type { serviceImages } from "~/db/schema";
import { encodePixels, type EncodedImage } from "~/features/services/images.server";
import { serviceImageFolder, type FileStorage } from "~/lib/storage.server";
import type { Random } from "./random";

/**
 * Demo pictures for the seeded services (ADR 016), drawn here, no network: a gradient in two hues
 * of the category and one of four simple compositions (soft circles, waves, a mock screen, a
 * sun over hills). A small pool is drawn and encoded once per seed run and its bytes reused, so
 * seeding stays fast.
 */
const HUES: Record<string, [number, number]> = {
  "Web Development": [215, 190],
  "Mobile Development": [250, 280],
  Design: [330, 25],
  Marketing: [25, 45],
  Writing: [165, 130],
  Business: [200, 170],
  Consulting: [190, 235],
  Education: [270, 320],
  Other: [210, 240],
};

const hsl = (h: number, s: number, l: number) => `hsl(${((h % 360) + 360) % 360} ${s}% ${l}%)`;

function drawPicture(category: string, variant: number): string {
  const [a, b] = HUES[category] ?? HUES.Other!;
  const shift = variant * 14;
  const bg = `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hsl(a + shift, 70, 58)}"/><stop offset="1" stop-color="${hsl(b - shift, 75, 42)}"/></linearGradient></defs><rect width="1280" height="800" fill="url(#g)"/>`;
  const light = (o: number) => `fill="#fff" fill-opacity="${o}"`;
  const shapes = [
    // soft circles
    `<circle cx="980" cy="180" r="260" ${light(0.18)}/><circle cx="300" cy="640" r="320" fill="${hsl(b, 80, 30)}" fill-opacity=".35"/><circle cx="640" cy="400" r="120" ${light(0.28)}/><circle cx="820" cy="560" r="60" ${light(0.4)}/>`,
    // waves
    `<path d="M0 520 C 240 440 420 620 640 540 S 1040 440 1280 520 V800 H0z" ${light(0.18)}/><path d="M0 620 C 260 560 460 700 700 640 S 1080 560 1280 630 V800 H0z" fill="${hsl(b, 80, 28)}" fill-opacity=".4"/><circle cx="1020" cy="200" r="90" ${light(0.5)}/>`,
    // a mock screen with blocks
    `<rect x="240" y="150" width="800" height="500" rx="28" ${light(0.9)}/><rect x="240" y="150" width="800" height="60" rx="28" fill="${hsl(a, 60, 92)}"/><circle cx="285" cy="180" r="9" fill="${hsl(a, 70, 60)}"/><circle cx="315" cy="180" r="9" fill="${hsl(b, 70, 60)}"/><rect x="290" y="250" width="330" height="200" rx="16" fill="${hsl(a + shift, 70, 70)}"/><rect x="660" y="250" width="330" height="24" rx="12" fill="${hsl(a, 30, 85)}"/><rect x="660" y="300" width="260" height="24" rx="12" fill="${hsl(a, 30, 85)}"/><rect x="660" y="350" width="300" height="24" rx="12" fill="${hsl(a, 30, 85)}"/><rect x="660" y="410" width="160" height="44" rx="22" fill="${hsl(b, 75, 50)}"/><rect x="290" y="490" width="700" height="120" rx="16" fill="${hsl(b, 40, 94)}"/>`,
    // sun over hills
    `<circle cx="820" cy="330" r="150" fill="${hsl(45, 95, 75)}" fill-opacity=".9"/><path d="M0 600 Q 320 420 640 580 T 1280 560 V800 H0z" fill="${hsl(b, 60, 32)}" fill-opacity=".7"/><path d="M0 680 Q 400 560 760 680 T 1280 660 V800 H0z" fill="${hsl(a, 60, 24)}" fill-opacity=".7"/>`,
  ];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="800" viewBox="0 0 1280 800">${bg}${shapes[variant % shapes.length]}</svg>`;
}

/** Per category, `perCategory` encoded pictures (different compositions and hues). */
export async function drawPicturePool(categories: readonly string[], perCategory = 2): Promise<Map<string, EncodedImage[]>> {
  const pool = new Map<string, EncodedImage[]>();
  await Promise.all(
    categories.map(async (category, c) => {
      const pictures = await Promise.all(
        Array.from({ length: perCategory }, (_, i) => encodePixels(sharp(Buffer.from(drawPicture(category, c + i * 2))), { effort: 1 })),
      );
      pool.set(category, pictures);
    }),
  );
  return pool;
}

export interface DemoImagePlan {
  rows: (typeof serviceImages.$inferInsert)[];
  folders: string[];
}

/**
 * Gives most demo services one to three pictures from the pool (about one in five keeps none and
 * shows its category's generated cover), stores their files and returns the rows to insert.
 */
export async function storeDemoImages(
  storage: FileStorage,
  services: readonly { id: string; category: string; createdBy: string; createdAt: Date }[],
  rng: Random,
): Promise<DemoImagePlan> {
  const pool = await drawPicturePool([...new Set(services.map((s) => s.category))]);
  const all = [...pool.values()].flat();
  const plan: DemoImagePlan = { rows: [], folders: [] };
  const writes: Promise<void>[] = [];
  for (const service of services) {
    if (rng.float() < 0.2) continue;
    const own = pool.get(service.category)!;
    const count = rng.int(1, 3);
    const start = rng.int(0, own.length - 1);
    for (let position = 0; position < count; position++) {
      // The first two from the category's own pictures, a third from anywhere.
      const picture = position < 2 ? own[(start + position) % own.length]! : all[rng.int(0, all.length - 1)]!;
      const id = randomUUID();
      const folder = serviceImageFolder(service.createdBy, id);
      plan.folders.push(folder);
      for (const file of picture.files) writes.push(storage.put(`${folder}/${file.width}.webp`, file.data));
      plan.rows.push({
        id,
        serviceId: service.id,
        ownerId: service.createdBy,
        position,
        width: picture.width,
        height: picture.height,
        widths: picture.files.map((f) => f.width),
        placeholder: picture.placeholder,
        createdAt: service.createdAt,
      });
    }
  }
  await Promise.all(writes);
  return plan;
}
