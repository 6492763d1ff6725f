// @ts-check
/**
 * The blank app that the first-load budgets are measured against (bench/bundle, bench/lighthouse):
 * one server-rendered heading and a link, no CSS, no client code of its own. It has no
 * package.json or node_modules: `next build bench/floor-app` with the root's `next` resolves
 * `next`, `react` and `react-dom` from the root's node_modules, so the floor is always the same
 * versions as the app it is compared with (bench/lib/floor.mjs checks and prints them).
 */
/** @type {import('next').NextConfig} */
const nextConfig = {
  // Beside the app's own build folder name, so parallel checkouts (NEXT_DIST_DIR) never share one.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  reactStrictMode: true,
  poweredByHeader: false,
};

export default nextConfig;
