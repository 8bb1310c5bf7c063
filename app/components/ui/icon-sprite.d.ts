/** The address of the icon sprite (scripts/vite-icon-sprite.ts). */
declare module "virtual:icon-sprite" {
  const url: string;
  export default url;
}
