import { SERVICE_CATEGORIES } from "./categories";
import { categorySlug } from "./service-image";

/**
 * The generated cover of a service without images (ADR 016): per category a colour gradient, a
 * few soft circles, a dot pattern and a simple line icon, drawn as a small SVG (about 1.5 KB,
 * sharp at every size). The colours are mid-tones with white on top, so the picture reads well on
 * a light and on a dark page; no photo is fetched from anywhere.
 */
interface CoverStyle {
  from: string;
  to: string;
  /** Lucide-like strokes in a 24 × 24 box. */
  icon: string;
}

const STYLES: Record<string, CoverStyle> = {
  "Web Development": { from: "#2563eb", to: "#0ea5e9", icon: '<path d="M16 18l6-6-6-6"/><path d="M8 6l-6 6 6 6"/><path d="M14 4l-4 16"/>' },
  "Mobile Development": { from: "#4f46e5", to: "#8b5cf6", icon: '<rect x="6" y="2" width="12" height="20" rx="2.5"/><path d="M11 18h2"/>' },
  Design: { from: "#db2777", to: "#f97316", icon: '<circle cx="9" cy="9" r="6"/><rect x="11" y="11" width="10" height="10" rx="1.5"/>' },
  Marketing: { from: "#ea580c", to: "#eab308", icon: '<path d="M3 11v2a1 1 0 0 0 1 1h3l7 4V6L7 10H4a1 1 0 0 0-1 1z"/><path d="M17.5 9a4 4 0 0 1 0 6"/><path d="M20 6.5a8 8 0 0 1 0 11"/>' },
  Writing: { from: "#0d9488", to: "#22c55e", icon: '<path d="M4 20h16"/><path d="M15 4l3 3-9.5 9.5H5.5v-3z"/>' },
  Business: { from: "#334155", to: "#0f766e", icon: '<rect x="3" y="7" width="18" height="13" rx="2"/><path d="M9 7V5a2 2 0 0 1 2-2h2a2 2 0 0 1 2 2v2"/><path d="M3 13h18"/>' },
  Consulting: { from: "#0891b2", to: "#6366f1", icon: '<path d="M4 4h12a2 2 0 0 1 2 2v6a2 2 0 0 1-2 2H9l-4 3.5V14H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z"/><path d="M20 9h.5a1.5 1.5 0 0 1 1.5 1.5V16a1.5 1.5 0 0 1-1.5 1.5H20V20l-3-2.5h-4"/>' },
  Education: { from: "#7c3aed", to: "#ec4899", icon: '<path d="M2 9l10-5 10 5-10 5z"/><path d="M6 11v5c3.5 2.5 8.5 2.5 12 0v-5"/><path d="M22 9v6"/>' },
  Other: { from: "#475569", to: "#64748b", icon: '<path d="M12 3l2.2 6.8L21 12l-6.8 2.2L12 21l-2.2-6.8L3 12l6.8-2.2z"/>' },
};

const BY_SLUG = new Map(SERVICE_CATEGORIES.map((category) => [categorySlug(category), category]));

/** The SVG of a category's cover, by its slug; null for an unknown slug. */
export function categoryCoverSvg(slug: string): string | null {
  const category = BY_SLUG.get(slug);
  if (!category) return null;
  return drawCover(STYLES[category] ?? STYLES.Other!);
}

function drawCover({ from, to, icon }: CoverStyle): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 400" width="640" height="400" preserveAspectRatio="xMidYMid slice">
<defs>
<linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
<pattern id="d" width="22" height="22" patternUnits="userSpaceOnUse"><circle cx="2" cy="2" r="1.6" fill="#fff" fill-opacity=".22"/></pattern>
<radialGradient id="s" cx=".5" cy=".45" r=".6"><stop offset="0" stop-color="#fff" stop-opacity=".18"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
</defs>
<rect width="640" height="400" fill="url(#g)"/>
<rect width="640" height="400" fill="url(#d)"/>
<circle cx="560" cy="40" r="150" fill="#fff" fill-opacity=".1"/>
<circle cx="70" cy="380" r="120" fill="#000" fill-opacity=".08"/>
<rect width="640" height="400" fill="url(#s)"/>
<rect x="255" y="135" width="130" height="130" rx="32" fill="#fff" fill-opacity=".16" stroke="#fff" stroke-opacity=".35" stroke-width="2"/>
<g transform="translate(284 164) scale(3)" fill="none" stroke="#fff" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round">${icon}</g>
</svg>`;
}
