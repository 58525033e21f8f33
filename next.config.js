import createNextIntlPlugin from "next-intl/plugin";

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // The image runs .next/standalone: the build traces what the pages need, so the image carries those
  // files and not all of node_modules (deploy/image/assemble-runtime.sh adds the server and tools).
  output: "standalone",
  // One registry per process, shared through globalThis (lib/infrastructure/metrics.ts): not bundled.
  serverExternalPackages: ["prom-client"],
  // /api answers in the contract's envelope (a 404 for `/api/x/`), never with a redirect.
  skipTrailingSlashRedirect: true,
  // The type check runs as its own step (npm run typecheck); the build does not repeat it.
  typescript: { ignoreBuildErrors: true },
  experimental: {
    // Delivery CSVs of up to 5 MB (10,000 rows) go to a server action as text; Next's default
    // limit of 1 MB would refuse a full file before our own checks could answer.
    serverActions: { bodySizeLimit: "6mb" },
  },
};

// next-intl reads each request's language and messages from lib/i18n/request.ts (issue 13).
export default createNextIntlPlugin("./lib/i18n/request.ts")(nextConfig);
