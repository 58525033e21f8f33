/**
 * Scalar's self-contained browser bundle (`@scalar/api-reference`, dist/browser/standalone.js), read
 * from node_modules once per process, so that /docs works without any CDN. (Next compresses it.)
 */
import { readFileSync } from "node:fs";
import path from "node:path";

const PACKAGE_DIR = path.join(process.cwd(), "node_modules", "@scalar", "api-reference");

/** The package version: part of the bundle's URL, so that a new version is never served from cache. */
export const SCALAR_VERSION: string = (() => {
  try {
    const manifest = JSON.parse(readFileSync(path.join(PACKAGE_DIR, "package.json"), "utf8"));
    return String((manifest as { version?: unknown }).version ?? "0");
  } catch {
    return "0";
  }
})();

let bundle: ArrayBuffer | undefined;

export function scalarBundle(): ArrayBuffer {
  if (!bundle) {
    const file = readFileSync(path.join(PACKAGE_DIR, "dist", "browser", "standalone.js"));
    bundle = new Uint8Array(file).buffer;
  }
  return bundle;
}
